// A SCORM 1.2 lesson: "completed" on its button; it finishes when the page goes.
(function () {
  "use strict";
  function findApi(start) {
    var win = start;
    for (var depth = 0; win && depth < 10; depth += 1) {
      try {
        if (win.API) return win.API;
      } catch {
        return null;
      }
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  var api = findApi(window.parent) || (window.opener ? findApi(window.opener) : null);
  function lms(method) {
    if (!api) return "";
    return String(api[method].apply(api, Array.prototype.slice.call(arguments, 1)));
  }
  function say(text) {
    document.getElementById("status").textContent = text;
  }
  var finished = false;
  document.getElementById("complete").addEventListener("click", function () {
    lms("LMSSetValue", "cmi.core.lesson_status", "completed");
    lms("LMSCommit", "");
    say("Lección terminada");
  });
  window.addEventListener("pagehide", function () {
    if (finished) return;
    finished = true;
    lms("LMSFinish", "");
  });
  if (!api) return say("Sin conexión con la plataforma.");
  lms("LMSInitialize", "");
  if (lms("LMSGetValue", "cmi.core.lesson_status") === "completed") say("Lección terminada");
  else lms("LMSSetValue", "cmi.core.lesson_status", "incomplete");
  lms("LMSCommit", "");
})();
