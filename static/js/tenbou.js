// Tenbou's only script (the Content-Security-Policy allows no inline script). Loaded with `defer` by base.html.
// A <select data-autosubmit> sends its form when the choice changes; without script the <noscript> button does.
document.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
  select.addEventListener("change", function () {
    select.form.submit();
  });
});
