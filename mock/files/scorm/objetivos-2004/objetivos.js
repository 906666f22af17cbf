// A Rustici-style SCORM 2004 SCO: it finds its objectives by id in cmi.objectives (the LMS set
// them up from the manifest) and alerts on every runtime error, as such exports do.
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
  var ids = ["obj-examen","obj-modulo-1","obj-modulo-2"];
  function checked(method, key, value) {
    var result = value === undefined ? lms(method, key) : lms(method, key, value);
    var code = lms("GetLastError");
    if (code !== "0") window.alert(code + " " + lms("GetErrorString", code) + ": " + key);
    return result;
  }
  function indexOf(id) {
    var count = Number(checked("GetValue", "cmi.objectives._count"));
    for (var n = 0; n < count; n += 1) if (checked("GetValue", "cmi.objectives." + n + ".id") === id) return n;
    window.alert("could not find objective " + id);
    return -1;
  }
  function render() {
    var list = document.getElementById("objectives");
    list.textContent = "";
    ids.forEach(function (id) {
      var n = indexOf(id);
      if (n < 0) return;
      var item = document.createElement("li");
      item.textContent = id + ": " + checked("GetValue", "cmi.objectives." + n + ".success_status");
      list.appendChild(item);
    });
  }
  function pass(id, scaled) {
    var n = indexOf(id);
    if (n < 0) return;
    checked("SetValue", "cmi.objectives." + n + ".score.scaled", String(scaled));
    checked("SetValue", "cmi.objectives." + n + ".success_status", scaled >= 0.7 ? "passed" : "failed");
    checked("SetValue", "cmi.objectives." + n + ".completion_status", "completed");
  }
  function save() {
    checked("Commit", "");
    render();
  }
  function exam(scaled) {
    pass("obj-examen", scaled);
    checked("SetValue", "cmi.score.scaled", String(scaled));
    checked("SetValue", "cmi.score.raw", String(Math.round(scaled * 100)));
    checked("SetValue", "cmi.completion_status", "completed");
    save();
    say("Resultado: " + checked("GetValue", "cmi.success_status"));
  }
  document.getElementById("module-1").addEventListener("click", function () { pass("obj-modulo-1", 1); save(); });
  document.getElementById("module-2").addEventListener("click", function () { pass("obj-modulo-2", 1); save(); });
  document.getElementById("exam-pass").addEventListener("click", function () { exam(0.8); });
  document.getElementById("exam-fail").addEventListener("click", function () { exam(0.4); });
  window.addEventListener("pagehide", function () { lms("Terminate", ""); });
  if (!api) return say("Sin conexión con la plataforma.");
  checked("Initialize", "");
  if (checked("GetValue", "cmi.completion_status") === "unknown") checked("SetValue", "cmi.completion_status", "incomplete");
  document.getElementById("passing").textContent = "Nota mínima: " + checked("GetValue", "cmi.scaled_passing_score");
  render();
})();
