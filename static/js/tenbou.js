// Tenbou's shared script (the Content-Security-Policy allows no inline script). Loaded with `defer` by base.html;
// pages with live parts add their own small files (referee.js, sheet.js, live.js, clock.js, ...).
// A <select data-autosubmit> sends its form when the choice changes; without script the <noscript> button does.
document.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
  select.addEventListener("change", function () {
    select.form.submit();
  });
});
// A <button data-print> prints the page.
document.querySelectorAll("button[data-print]").forEach(function (button) {
  button.addEventListener("click", function () {
    window.print();
  });
});
