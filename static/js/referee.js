/* The referee's table form and the score sheet's hand form on a phone with bad Wi-Fi. Progressive enhancement: the form works without this.
 * - Keeps what was typed (and the form's submission key) in this phone's storage until the save is confirmed,
 *   so a reload or a lost connection never loses it; a retry re-sends the same key, so nothing is saved twice.
 * - Says so when the connection failed (htmx posts the form; the page stays as it is); shows a refusal (400, 409).
 * No rules here: the preview is computed on the server (scoring/). */
(function () {
  "use strict";

  function formOf() { return document.querySelector("form[data-store]"); }

  function storedValues(form) {
    try { return JSON.parse(window.localStorage.getItem(form.dataset.store) || "null"); } catch (e) { return null; }
  }

  function save(form) {
    var values = {};
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || field.name === "csrfmiddlewaretoken" || field.type === "submit") { return; }
      values[field.name] = field.type === "checkbox" ? field.checked : field.value;
    });
    try { window.localStorage.setItem(form.dataset.store, JSON.stringify(values)); } catch (e) { /* full or off */ }
  }

  function forget(form) {
    try { window.localStorage.removeItem(form.dataset.store); } catch (e) { /* off */ }
  }

  function restore(form) {
    var values = storedValues(form);
    if (!values) { return false; }
    var changed = false;
    Object.keys(values).forEach(function (name) {
      var field = form.elements.namedItem(name);
      if (!field || field.type === "submit") { return; }
      if (field.type === "checkbox") {
        if (field.checked !== values[name]) { field.checked = values[name]; changed = true; }
      } else if (field.value !== values[name]) { field.value = values[name]; changed = true; }
    });
    return changed;
  }

  function init() {
    var form = formOf();
    if (!form || form.dataset.ready) { return; }
    form.dataset.ready = "1";
    if (form.dataset.fresh === "1") {
      if (restore(form)) {
        var restored = document.getElementById("restored");
        if (restored) { restored.hidden = false; }
        form.dispatchEvent(new Event("change", { bubbles: true }));  /* refresh the preview */
      }
    } else {
      save(form);  /* the server's answer (errors, conflict) is what is kept from now on */
    }
    form.addEventListener("input", function () { save(form); });
    form.addEventListener("change", function () { save(form); });
    var discard = document.getElementById("discard-restored");
    if (discard) {
      discard.addEventListener("click", function () { forget(form); window.location.reload(); });
    }
  }

  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:afterSettle", init);
  document.addEventListener("htmx:sendError", function () {
    var notice = document.getElementById("connection");
    if (notice) { notice.hidden = false; notice.scrollIntoView({ block: "center" }); }
  });
  document.addEventListener("htmx:beforeRequest", function () {
    var notice = document.getElementById("connection");
    if (notice) { notice.hidden = true; }
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    /* a refusal (400: bad input, 409: the table changed meanwhile) is the page with its messages: show it */
    var status = event.detail.xhr.status;
    if (status === 400 || status === 409) { event.detail.shouldSwap = true; event.detail.isError = false; }
  });
  document.addEventListener("htmx:beforeOnLoad", function (event) {
    var xhr = event.detail.xhr, form = formOf();
    if (form && xhr && xhr.getResponseHeader("HX-Redirect")) { forget(form); }
  });
})();
