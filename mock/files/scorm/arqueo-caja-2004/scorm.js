// A minimal SCORM 2004 SCO: finds API_1484_11 in a parent frame (or the opener), resumes from
// cmi.location, and on "Finalizar" reports completed and passed with a scaled score of 1.
(function () {
  "use strict";

  function findApi(start) {
    var win = start;
    for (var depth = 0; win && depth < 10; depth += 1) {
      try {
        if (win.API_1484_11) return win.API_1484_11;
      } catch {
        return null; // a cross-origin frame: the API cannot be reached from here
      }
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }

  var api = findApi(window.parent) || (window.opener ? findApi(window.opener) : null);
  var pages = document.querySelectorAll(".page");
  var current = 1;

  function lms(method) {
    if (!api) return "";
    return api[method].apply(api, Array.prototype.slice.call(arguments, 1));
  }

  function show(page) {
    current = page;
    pages.forEach(function (section) {
      section.hidden = Number(section.getAttribute("data-page")) !== page;
    });
    document.getElementById("counter").textContent = page + " / " + pages.length;
    document.getElementById("previous").disabled = page === 1;
    document.getElementById("next").hidden = page === pages.length;
    document.getElementById("finish").hidden = page !== pages.length;
    lms("SetValue", "cmi.location", String(page));
    lms("Commit", "");
  }

  function finish() {
    lms("SetValue", "cmi.score.scaled", "1");
    lms("SetValue", "cmi.score.raw", "100");
    lms("SetValue", "cmi.success_status", "passed");
    lms("SetValue", "cmi.completion_status", "completed");
    lms("Commit", "");
    lms("Terminate", "");
    document.getElementById("finish").disabled = true;
    document.getElementById("status").textContent = "¡Simulación completada!";
  }

  document.getElementById("previous").addEventListener("click", function () {
    show(Math.max(1, current - 1));
  });
  document.getElementById("next").addEventListener("click", function () {
    show(Math.min(pages.length, current + 1));
  });
  document.getElementById("finish").addEventListener("click", finish);

  if (api) {
    lms("Initialize", "");
    if (lms("GetValue", "cmi.completion_status") === "not attempted") {
      lms("SetValue", "cmi.completion_status", "incomplete");
    }
    show(Number(lms("GetValue", "cmi.location")) || 1);
  } else {
    document.getElementById("status").textContent = "Sin conexión con la plataforma: tu avance no se registrará.";
    show(1);
  }
})();
