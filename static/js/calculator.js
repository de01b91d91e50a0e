/* The calculator's tile picker: tapping a tile adds it to the hand and makes it the winning tile. Without this the
 * hand is typed (the picker stays hidden). Nothing is computed here: the server's rules engine does that. */
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var picker = document.querySelector(".tile-picker");
    var tiles = document.getElementById("id_tiles"), win = document.getElementById("id_win_tile");
    if (!picker || !tiles || !win) { return; }
    picker.hidden = false;
    picker.addEventListener("click", function (event) {
      var button = event.target.closest("[data-tile]");
      if (button) {
        tiles.value += button.dataset.tile;
        win.value = button.dataset.tile;
      }
    });
    document.getElementById("tiles-clear").addEventListener("click", function () { tiles.value = ""; win.value = ""; });
  });
})();
