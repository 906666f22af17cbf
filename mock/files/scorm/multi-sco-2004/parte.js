// One SCO of a three-part SCORM 2004 course; its part comes from the item's parameters. Its
// buttons ask the LMS to navigate (adl.nav.request) and terminate; leaving the page terminates it.
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
  function lms(method) {
    if (!api) return "";
    return String(api[method].apply(api, Array.prototype.slice.call(arguments, 1)));
  }
  function say(text) {
    document.getElementById("status").textContent = text;
  }
  var part = /[?&]parte=(\d)/.exec(location.search);
  var terminated = false;
  document.getElementById("title").textContent = "Parte " + (part ? part[1] : "?");
  function terminate() {
    if (terminated) return;
    terminated = true;
    lms("Terminate", "");
  }
  function request(value) {
    lms("SetValue", "adl.nav.request", value);
    terminate();
  }
  document.getElementById("complete").addEventListener("click", function () {
    lms("SetValue", "cmi.completion_status", "completed");
    lms("Commit", "");
    say("Parte completada");
  });
  document.getElementById("previous").addEventListener("click", function () { request("previous"); });
  document.getElementById("continue").addEventListener("click", function () { request("continue"); });
  document.getElementById("choice").addEventListener("click", function () { request("{target=sco-3}choice"); });
  document.getElementById("exit").addEventListener("click", function () { request("exit"); });
  document.getElementById("exit-all").addEventListener("click", function () { request("exitAll"); });
  document.getElementById("suspend-all").addEventListener("click", function () {
    lms("SetValue", "cmi.exit", "suspend");
    request("suspendAll");
  });
  window.addEventListener("pagehide", terminate);
  if (!api) return say("Sin conexión con la plataforma.");
  lms("Initialize", "");
  document.getElementById("entry").textContent = "Entrada: " + (lms("GetValue", "cmi.entry") || "(vacía)");
  if (lms("GetValue", "cmi.completion_status") === "completed") say("Parte completada");
  else lms("SetValue", "cmi.completion_status", "incomplete");
  lms("SetValue", "cmi.location", "1");
  lms("Commit", "");
})();
