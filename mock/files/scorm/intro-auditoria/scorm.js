// A minimal SCORM 1.2 SCO: finds the LMS API in a parent frame (or the opener), resumes from
// cmi.core.lesson_location, and on "Finalizar" reports completed with a score of 100.
(function () {
  "use strict";

  function findApi(start) {
    var win = start;
    for (var depth = 0; win && depth < 10; depth += 1) {
      try {
        if (win.API) return win.API;
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
    lms("LMSSetValue", "cmi.core.lesson_location", String(page));
    lms("LMSCommit", "");
  }

  function finish() {
    lms("LMSSetValue", "cmi.core.score.raw", "100");
    lms("LMSSetValue", "cmi.core.score.min", "0");
    lms("LMSSetValue", "cmi.core.score.max", "100");
    lms("LMSSetValue", "cmi.core.lesson_status", "completed");
    lms("LMSCommit", "");
    lms("LMSFinish", "");
    document.getElementById("finish").disabled = true;
    document.getElementById("status").textContent = "¡Curso completado!";
  }

  document.getElementById("previous").addEventListener("click", function () {
    show(Math.max(1, current - 1));
  });
  document.getElementById("next").addEventListener("click", function () {
    show(Math.min(pages.length, current + 1));
  });
  document.getElementById("finish").addEventListener("click", finish);

  if (api) {
    lms("LMSInitialize", "");
    if (lms("LMSGetValue", "cmi.core.lesson_status") === "not attempted") {
      lms("LMSSetValue", "cmi.core.lesson_status", "incomplete");
    }
    show(Number(lms("LMSGetValue", "cmi.core.lesson_location")) || 1);
  } else {
    document.getElementById("status").textContent = "Sin conexión con la plataforma: tu avance no se registrará.";
    show(1);
  }
})();
