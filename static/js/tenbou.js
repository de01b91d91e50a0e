// Tenbou's shared script (the Content-Security-Policy allows no inline script). Loaded with `defer` by base.html;
// pages with live parts add their own small files (referee.js, sheet.js, live.js, clock.js, ...).
// A <select data-autosubmit> sends its form when the choice changes; without script the <noscript> button does.
// The one binding for every page: one listener on the document, so a select that live.js puts in place later
// (a refreshed live part) sends its form too, and never twice.
document.addEventListener("change", function (event) {
  var select = event.target;
  if (select.matches && select.matches("select[data-autosubmit]") && select.form) {
    select.form.submit();
  }
});
// A <button data-print> prints the page.
document.querySelectorAll("button[data-print]").forEach(function (button) {
  button.addEventListener("click", function () {
    window.print();
  });
});
// A figure's note on the public pages (templates/public/_figure.html) is one of a group: opening one closes the
// others, so two pop-ups never stack on a phone. <details name="note"> does it without script in the browsers
// that know exclusive details; this does it in the others (toggle does not bubble: listened to while captured).
document.addEventListener("toggle", function (event) {
  var opened = event.target;
  if (!opened.matches || !opened.matches("details.note") || !opened.open) { return; }
  document.querySelectorAll("details.note[open]").forEach(function (other) {
    if (other !== opened) { other.open = false; }
  });
}, true);
