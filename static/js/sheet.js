/* The score sheet's hand form: show only the fields the chosen kind of hand needs. Without this every field
 * shows and the form works the same. No rules here: the server's rules engine checks the hand. */
(function () {
  "use strict";
  function update(form) {
    var checked = form.querySelector("input[name=kind]:checked");
    var kind = checked ? checked.value : "ron";
    var show = { "for-win": kind === "ron" || kind === "tsumo", "for-ron": kind === "ron",
                 "for-draw": kind === "draw", "for-chombo": kind === "chombo" };
    Object.keys(show).forEach(function (name) {
      Array.prototype.forEach.call(form.getElementsByClassName(name), function (element) {
        element.hidden = !show[name];
      });
    });
    /* a seat's fan and minipoints only once it is marked as a winner */
    Array.prototype.forEach.call(form.querySelectorAll("fieldset.sheet-seat"), function (seat) {
      var won = seat.querySelector("input[name^=win-]");
      var details = seat.querySelector(".win-details");
      if (won && details && show["for-win"]) { details.hidden = !won.checked; }
    });
    /* a part that holds an error stays visible, so every message shows next to its field */
    Array.prototype.forEach.call(form.querySelectorAll(".field-error"), function (error) {
      for (var part = error.closest("[hidden]"); part; part = part.parentElement.closest("[hidden]")) {
        part.hidden = false;
      }
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("hand-form");
    if (!form) { return; }
    form.addEventListener("change", function () { update(form); });
    update(form);
  });
})();
