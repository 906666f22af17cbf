// A SCORM 1.2 exam: shows what the LMS gave it and reports "completed" with the score, commits
// and finishes; the LMS turns that into passed or failed against the manifest's mastery score.
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
  function answer(score) {
    lms("LMSSetValue", "cmi.core.score.raw", String(score));
    lms("LMSSetValue", "cmi.core.lesson_status", "completed");
    lms("LMSCommit", "");
    lms("LMSFinish", "");
    say("Respuesta enviada: " + score + " %");
    document.getElementById("right").disabled = true;
    document.getElementById("wrong").disabled = true;
  }
  document.getElementById("right").addEventListener("click", function () { answer(100); });
  document.getElementById("wrong").addEventListener("click", function () { answer(0); });
  if (!api) return say("Sin conexión con la plataforma.");
  lms("LMSInitialize", "");
  document.getElementById("limits").textContent =
    "Nota mínima: " + lms("LMSGetValue", "cmi.student_data.mastery_score") +
    " · Datos: " + lms("LMSGetValue", "cmi.launch_data") +
    " · Tiempo máximo: " + lms("LMSGetValue", "cmi.student_data.max_time_allowed") +
    " · Al agotarse: " + lms("LMSGetValue", "cmi.student_data.time_limit_action");
})();
