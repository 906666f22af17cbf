// A SCORM 2004 slide deck with a fixed 1280 × 720 stage scaled to its window, as slide exports
// are: the stage shrinks with the frame, so the frame must keep the deck's 16:9 shape.
(function () {
  "use strict";

  function findApi(start) {
    var win = start;
    for (var depth = 0; win && depth < 10; depth += 1) {
      try {
        if (win.API_1484_11) return win.API_1484_11;
      } catch {
        return null;
      }
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }

  var api = findApi(window.parent) || (window.opener ? findApi(window.opener) : null);
  var stage = document.getElementById("stage");
  var slides = document.querySelectorAll(".slide");
  var current = 1;

  function fit() {
    var scale = Math.min(window.innerWidth / 1280, window.innerHeight / 720);
    stage.style.transform = "translate(" + (window.innerWidth - 1280 * scale) / 2 + "px, " +
      (window.innerHeight - 720 * scale) / 2 + "px) scale(" + scale + ")";
  }

  function show(n) {
    current = n;
    slides.forEach(function (slide) {
      slide.hidden = Number(slide.getAttribute("data-slide")) !== n;
    });
    document.getElementById("counter").textContent = n + " / " + slides.length;
    document.getElementById("next").hidden = n === slides.length;
    if (!api) return;
    api.SetValue("cmi.location", String(n));
    if (n === slides.length) api.SetValue("cmi.completion_status", "completed");
    api.Commit("");
  }

  document.getElementById("next").addEventListener("click", function () {
    show(Math.min(slides.length, current + 1));
  });
  window.addEventListener("resize", fit);
  fit();
  if (api) {
    api.Initialize("");
    show(Number(api.GetValue("cmi.location")) || 1);
  } else {
    show(1);
  }
})();
