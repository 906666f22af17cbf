// RuntimeBasicCalls 1.2's shape: pages 1-4, the quiz on page 5, a summary on page 6 that sets
// "completed"; the bookmark is offered whenever lesson_location has one.
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
  var QUIZ = 5;
  var LAST = 6;
  var at = 1;
  function show(page) {
    at = page;
    // Each page an entry in the frame's history, as RuntimeBasicCalls' separate pages are.
    if (page > 1 && location.hash !== "#pagina-" + page) location.hash = "pagina-" + page;
    document.getElementById("page").textContent = "Página " + page + " de " + LAST;
    document.getElementById("next").hidden = page >= LAST;
    document.getElementById("fail").hidden = page !== QUIZ;
    document.getElementById("pass").hidden = page !== QUIZ;
    lms("LMSSetValue", "cmi.core.lesson_location", String(page));
    if (page === LAST) lms("LMSSetValue", "cmi.core.lesson_status", "completed");
    lms("LMSCommit", "");
  }
  function answer(score, status) {
    lms("LMSSetValue", "cmi.core.score.raw", String(score));
    lms("LMSSetValue", "cmi.core.lesson_status", status);
    lms("LMSCommit", "");
    say("Nota: " + score + " %");
  }
  function leave(exit) {
    lms("LMSSetValue", "cmi.core.exit", exit);
    lms("LMSFinish", "");
    say(exit === "suspend" ? "Guardado" : "Terminado");
  }
  document.getElementById("next").addEventListener("click", function () { show(at + 1); });
  document.getElementById("fail").addEventListener("click", function () { answer(33, "failed"); });
  document.getElementById("pass").addEventListener("click", function () { answer(100, "passed"); });
  document.getElementById("exit").addEventListener("click", function () { leave(""); });
  document.getElementById("suspend").addEventListener("click", function () { leave("suspend"); });
  if (!api) return say("Sin conexión con la plataforma.");
  lms("LMSInitialize", "");
  var entry = lms("LMSGetValue", "cmi.core.entry");
  var saved = Number(lms("LMSGetValue", "cmi.core.lesson_location")) || 0;
  document.getElementById("entry").textContent = "Entrada: " + (entry || "(vacía)") + " · Estado: " + lms("LMSGetValue", "cmi.core.lesson_status");
  var bookmark = document.getElementById("bookmark");
  bookmark.hidden = saved < 2;
  bookmark.addEventListener("click", function () { bookmark.hidden = true; show(saved); });
  if (lms("LMSGetValue", "cmi.core.lesson_status") === "not attempted") lms("LMSSetValue", "cmi.core.lesson_status", "incomplete");
  show(1);
})();
