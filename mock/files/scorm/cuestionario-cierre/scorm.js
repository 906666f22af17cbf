// A SCORM 1.2 quiz that behaves like H5P and Storyline exports: the answer is recorded as an
// interaction when given, but the score, the status and the final commit happen only in its own
// `pagehide`/`unload` handler. "Guardar notas largas" commits 64,000 characters of suspend_data
// and shows what LMSCommit and LMSGetLastError answered.
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
  var shownAt = new Date();
  var correct = null;
  var finished = false;

  function lms(method) {
    if (!api) return "";
    return api[method].apply(api, Array.prototype.slice.call(arguments, 1));
  }

  function timespan(ms) {
    var seconds = Math.round(ms / 1000);
    var pad = function (n) { return (n < 10 ? "0" : "") + n; };
    return pad(Math.floor(seconds / 3600)) + ":" + pad(Math.floor(seconds / 60) % 60) + ":" + pad(seconds % 60);
  }

  function answer() {
    var chosen = document.querySelector("input[name=answer]:checked");
    if (!chosen) return;
    var n = Number(lms("LMSGetValue", "cmi.interactions._count")) || 0;
    correct = chosen.value === "auditoria";
    lms("LMSSetValue", "cmi.interactions." + n + ".id", "tres-lineas");
    lms("LMSSetValue", "cmi.interactions." + n + ".type", "choice");
    lms("LMSSetValue", "cmi.interactions." + n + ".student_response", chosen.value);
    lms("LMSSetValue", "cmi.interactions." + n + ".correct_responses.0.pattern", "auditoria");
    lms("LMSSetValue", "cmi.interactions." + n + ".result", correct ? "correct" : "wrong");
    lms("LMSSetValue", "cmi.interactions." + n + ".time", new Date().toTimeString().slice(0, 8));
    lms("LMSSetValue", "cmi.interactions." + n + ".latency", timespan(Date.now() - shownAt.getTime()));
    lms("LMSCommit", "");
    document.getElementById("status").textContent = "Respuesta registrada.";
  }

  function saveNotes() {
    var notes = new Array(64001).join("n");
    lms("LMSSetValue", "cmi.suspend_data", notes);
    var result = lms("LMSCommit", "");
    document.getElementById("commit").textContent =
      "LMSCommit: " + result + " · error " + lms("LMSGetLastError");
  }

  // What an authoring tool's export does on its way out: score, status, time, commit, finish.
  function leave() {
    if (finished || !api) return;
    finished = true;
    if (correct !== null) {
      lms("LMSSetValue", "cmi.core.score.min", "0");
      lms("LMSSetValue", "cmi.core.score.max", "100");
      lms("LMSSetValue", "cmi.core.score.raw", correct ? "100" : "0");
      lms("LMSSetValue", "cmi.core.lesson_status", correct ? "passed" : "failed");
    }
    lms("LMSSetValue", "cmi.core.session_time", timespan(Date.now() - shownAt.getTime()));
    lms("LMSCommit", "");
    lms("LMSFinish", "");
  }

  document.getElementById("answer").addEventListener("click", answer);
  document.getElementById("notes").addEventListener("click", saveNotes);
  window.addEventListener("pagehide", leave);
  window.addEventListener("unload", leave);

  if (api) {
    lms("LMSInitialize", "");
    var saved = lms("LMSGetValue", "cmi.suspend_data");
    document.getElementById("saved").textContent = "Notas guardadas: " + saved.length + " caracteres";
  } else {
    document.getElementById("status").textContent = "Sin conexión con la plataforma: tu avance no se registrará.";
  }
})();
