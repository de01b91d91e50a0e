/* The session clock on a screen (tournament/views/display/clock.py).
 *
 * Every element with data-clock shows one session's clock. The server owns the state; the page asks
 * clock.json every poll_seconds and counts on by itself in between, so a network drop does not stop it.
 * The page's own clock may be wrong: it works in the server's time, server_time plus the time passed
 * on the page's monotonic clock since the answer arrived (half the round trip taken off), so every open
 * page and every device shows the same second.
 *
 * At the signal (15 minutes before the end, EMA 2016 5.9) the clock changes state and, when the operator
 * has allowed sound (browsers need one click for it), sounds a chime made with Web Audio. No sound at zero.
 * No inline script: the first state comes in a JSON script element, the texts are in the page.
 */
(function () {
  "use strict";

  if (window.tenbouClock) {  // loaded again (a page part swapped in with its script): bind new clocks only
    window.tenbouClock.scan();
    return;
  }

  var LIVE = { running: true, paused: true };

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  /* 5399999 -> "90:00" (counting down, a started second shows whole); -75000 -> "+1:15" */
  function formatRemaining(ms) {
    if (ms > 0) {
      var up = Math.ceil(ms / 1000);
      return Math.floor(up / 60) + ":" + pad(up % 60);
    }
    var over = Math.floor(-ms / 1000);
    return "+" + Math.floor(over / 60) + ":" + pad(over % 60);
  }

  var audio = null;

  function chime(times) {
    if (!audio) { return false; }
    var start = audio.currentTime + 0.05;
    for (var i = 0; i < times; i++) {
      [880, 1175].forEach(function (freq, j) {
        var at = start + i * 1.2 + j * 0.35;
        var osc = audio.createOscillator();
        var gain = audio.createGain();
        osc.type = "sine";
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.0001, at);
        gain.gain.exponentialRampToValueAtTime(0.8, at + 0.03);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.9);
        osc.connect(gain).connect(audio.destination);
        osc.start(at);
        osc.stop(at + 1.0);
      });
    }
    return true;
  }

  function enableSound() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) { return false; }
    if (!audio) { audio = new Context(); }
    if (audio.resume) { audio.resume(); }
    document.documentElement.setAttribute("data-sound", "on");
    return true;
  }

  function Clock(root) {
    root.setAttribute("data-clock-bound", "1");
    this.root = root;
    this.url = root.getAttribute("data-clock-url");
    this.table = root.hasAttribute("data-clock-table") ? Number(root.getAttribute("data-clock-table")) : null;
    this.time = root.querySelector("[data-clock-time]");
    this.title = root.querySelector("[data-clock-title]");
    this.list = root.querySelector("[data-clock-tables]");
    this.rowTemplate = root.querySelector("template[data-clock-row]");
    this.extraBox = root.querySelector("[data-clock-extra]");
    this.extraMinutes = root.querySelector("[data-clock-extra-minutes]");
    this.pollSeconds = Number(root.getAttribute("data-poll-seconds")) || 0;  // the page's own choice (?poll=)
    this.signalled = {};  // session number -> the signal has been seen on this page
    this.beeps = 0;
    var initial = document.getElementById(root.getAttribute("data-clock-initial"));
    var data = initial ? JSON.parse(initial.textContent) : null;
    if (data) { this.accept(data, navigationTime()); }
    this.tick();
    this.poll();
  }

  /* the moment (page's monotonic clock) the page's HTML arrived: the server's time in it is about then */
  function navigationTime() {
    var nav = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
    return nav && nav.responseStart ? nav.responseStart : performance.now();
  }

  Clock.prototype.serverNow = function () {
    return this.data.server_time + (performance.now() - this.anchor);
  };

  Clock.prototype.accept = function (data, anchor) {
    var first = !this.data;
    var seen = this.data && this.data.session === data.session && LIVE[this.data.phase];
    this.data = data;
    this.anchor = anchor;
    if (data.signal_reached && !seen) {
      this.signalled[data.session] = true;  // it sounded before this page knew the session: no chime now
    }
    if (this.title && data.title !== undefined) { this.title.textContent = data.title; }
    this.root.setAttribute("data-session", data.session === null ? "" : String(data.session));
    this.root.setAttribute("data-phase", data.phase);
    if (first) { this.root.setAttribute("data-ready", "1"); }
    this.buildTables();
  };

  Clock.prototype.remaining = function (ms, now) {
    return this.data.phase === "running" ? ms - (now - this.data.server_time) : ms;
  };

  Clock.prototype.stage = function (remaining, reached) {
    var phase = this.data.phase;
    if (!LIVE[phase]) { return phase; }
    if (remaining <= 0) { return "overtime"; }
    return reached || remaining <= this.data.signal_ms ? "last_hand" : "playing";
  };

  Clock.prototype.own = function () {
    var table = this.table;
    if (table === null) { return null; }
    return (this.data.tables || []).filter(function (t) { return t.table === table; })[0] || null;
  };

  Clock.prototype.render = function () {
    var data = this.data;
    if (!data) { return; }
    var now = this.serverNow();
    var own = this.own();
    var remaining = this.remaining(own ? own.remaining_ms : (data.remaining_ms || 0), now);
    var reached = Boolean(own ? own.signal_reached : data.signal_reached) || Boolean(this.signalled[data.session]);
    var stage = this.stage(remaining, reached);
    if ((stage === "last_hand" || stage === "overtime") && !this.signalled[data.session]) {
      this.signalled[data.session] = true;
      if (stage === "last_hand" && chime(3)) {
        this.beeps += 1;
        this.root.setAttribute("data-beeps", String(this.beeps));
      }
    }
    this.root.setAttribute("data-stage", stage);
    this.root.setAttribute("data-show", data.phase === "paused" ? "paused" : stage);
    this.root.setAttribute("data-remaining-ms", String(Math.round(remaining)));
    if (this.time) {
      var text = data.phase === "none" ? "" : formatRemaining(remaining);
      this.time.textContent = text;
      this.time.toggleAttribute("data-long", text.length > 5);
    }
    if (this.extraBox) { this.extraBox.hidden = !own; }
    if (this.extraMinutes && own) { this.extraMinutes.textContent = String(own.extra_minutes); }
    this.renderTables(now);
  };

  Clock.prototype.buildTables = function () {
    if (!this.list || !this.rowTemplate) { return; }
    var tables = this.data.tables || [];
    this.list.textContent = "";
    this.root.classList.toggle("has-tables", tables.length > 0);
    for (var i = 0; i < tables.length; i++) {
      var row = this.rowTemplate.content.firstElementChild.cloneNode(true);
      row.setAttribute("data-table", String(tables[i].table));
      row.querySelector("[data-row-number]").textContent = String(tables[i].table);
      row.querySelector("[data-row-extra]").textContent = "+" + tables[i].extra_minutes;
      this.list.appendChild(row);
    }
  };

  Clock.prototype.renderTables = function (now) {
    if (!this.list) { return; }
    var tables = this.data.tables || [];
    var rows = this.list.children;
    for (var i = 0; i < tables.length && i < rows.length; i++) {
      var remaining = this.remaining(tables[i].remaining_ms, now);
      rows[i].setAttribute("data-stage", this.stage(remaining, tables[i].signal_reached));
      rows[i].querySelector("[data-row-time]").textContent = formatRemaining(remaining);
    }
  };

  /* a clock whose element left the page (swapped out) stops */
  Clock.prototype.gone = function () { return !document.documentElement.contains(this.root); };

  Clock.prototype.tick = function () {
    var self = this;
    if (this.gone()) { return; }
    this.render();
    var wait = 250;
    if (this.data && this.data.phase === "running") {
      /* wake just after the shown second changes */
      var ms = this.remaining(this.data.remaining_ms || 0, this.serverNow());
      wait = ((ms % 1000) + 1000) % 1000 + 15;
      if (wait > 1000) { wait -= 1000; }
    }
    window.setTimeout(function () { self.tick(); }, wait);
  };

  Clock.prototype.poll = function () {
    var self = this;
    if (this.gone()) { return; }
    var sent = performance.now();
    var next = function () {
      var seconds = self.pollSeconds || (self.data && self.data.poll_seconds) || 10;
      window.setTimeout(function () { self.poll(); }, seconds * 1000);
    };
    fetch(this.url, { cache: "no-store", credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      })
      .then(function (data) {
        var arrived = performance.now();
        self.accept(data, (sent + arrived) / 2);
        self.root.removeAttribute("data-offline");
        self.render();
      })
      .catch(function () { self.root.setAttribute("data-offline", "1"); })
      .then(next);
  };

  function bindButtons() {
    var buttons = document.querySelectorAll("[data-sound-on]");
    Array.prototype.forEach.call(buttons, function (button) {
      button.addEventListener("click", function () {
        if (enableSound()) { chime(1); }
      });
    });
    Array.prototype.forEach.call(document.querySelectorAll("[data-fullscreen]"), function (button) {
      button.addEventListener("click", function () {
        var page = document.documentElement;
        if (page.requestFullscreen) { page.requestFullscreen().catch(function () {}); }
      });
    });
  }

  var clocks = [];

  function scan() {
    for (var i = clocks.length - 1; i >= 0; i--) {
      if (clocks[i].gone()) { clocks.splice(i, 1); }
    }
    Array.prototype.forEach.call(document.querySelectorAll("[data-clock]:not([data-clock-bound])"), function (root) {
      clocks.push(new Clock(root));
    });
  }

  function start() {
    bindButtons();
    scan();
    document.addEventListener("htmx:afterSettle", scan);
  }

  window.tenbouClock = { scan: scan, clocks: clocks, format: formatRemaining };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
