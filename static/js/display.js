/* The hall display (tournament/views/display/hall.py): shows one page at a time for the organiser's number of
 * seconds. The clock page is in the round while a session's clock runs or is paused (clock.js keeps its
 * data-phase); "only the clock" shows nothing else then. display.json is asked every few seconds: a new
 * version of the organiser's choice, or the announcement's end (announcing), fetches the pages again at once; otherwise they are fetched again after
 * each round (new results, newly published seating). Both are asked with cache "no-cache": the browser sends the
 * ETag it has and an unchanged answer is a 304 (the server made it once per change for every screen). A failed
 * fetch keeps the pages it has. No inline script.
 * How many columns and rows a page has is the server's (tournament/display/hall_pages.py); this file only hands
 * a page's numbers to the style sheet.
 */
(function () {
  "use strict";

  var LIVE = { running: true, paused: true };

  function Hall(root) {
    this.root = root;
    this.pagesBox = root.querySelector("[data-hall-pages]");
    this.title = root.querySelector("[data-hall-title]");
    this.count = root.querySelector("[data-hall-count]");
    this.clockSlide = root.querySelector(".slide-clock");
    this.idleSlide = root.querySelector(".slide-idle");
    this.clock = root.querySelector("[data-clock]");
    this.config = JSON.parse(document.getElementById("hall-config").textContent);
    this.pollSeconds = Number(root.getAttribute("data-poll-seconds")) || 10;
    this.index = -1;
    this.current = null;
    this.timer = null;
    this.live = this.clockLive();
    this.next();
    this.poll();
  }

  Hall.prototype.clockLive = function () {
    return Boolean(this.clock && LIVE[this.clock.getAttribute("data-phase")]);
  };

  Hall.prototype.slides = function () {
    var list = [];
    var live = this.clockLive();
    if (live && this.config.pages.indexOf("clock") >= 0) { list.push(this.clockSlide); }
    if (!(live && this.config.clock_alone)) {
      list = list.concat(Array.prototype.slice.call(this.pagesBox.querySelectorAll(".slide")));
    }
    return list.length ? list : [this.idleSlide];
  };

  /* a page's grid (its data-columns and data-rows, decided on the server) as display.css's --columns and --rows;
   * the style sheet lays the page out from them (the CSP allows no style attribute in the page itself) */
  function grid(slide) {
    ["columns", "rows"].forEach(function (name) {
      var value = slide.getAttribute("data-" + name);
      if (value) { slide.style.setProperty("--" + name, value); }
    });
  }

  Hall.prototype.show = function (slide) {
    var all = this.root.querySelectorAll(".slide");
    for (var i = 0; i < all.length; i++) { all[i].hidden = all[i] !== slide; }
    grid(slide);
    this.current = slide;
    this.title.textContent = slide.getAttribute("data-title") || "";
    this.count.textContent = slide.getAttribute("data-count") || "";
    this.root.setAttribute("data-showing", slide.getAttribute("data-page"));
  };

  /* the next page; after the last one, fetch the pages again and start over */
  Hall.prototype.next = function () {
    var self = this;
    window.clearTimeout(this.timer);
    var slides = this.slides();
    this.index += 1;
    if (this.index >= slides.length && this.index > 0) {
      this.index = -1;
      this.reload(function () { self.next(); });
      return;
    }
    this.show(slides[this.index]);
    this.timer = window.setTimeout(function () { self.next(); }, this.config.page_seconds * 1000);
  };

  Hall.prototype.restart = function () {
    this.index = -1;
    this.next();
  };

  Hall.prototype.reload = function (then) {
    var self = this;
    fetch(this.root.getAttribute("data-pages-url"), { cache: "no-cache", credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.text();
      })
      .then(function (html) {
        self.pagesBox.innerHTML = html;  // our own server's fragment, rendered by Django (escaped)
        self.root.removeAttribute("data-offline");
      })
      .catch(function () { self.root.setAttribute("data-offline", "1"); })
      .then(then);
  };

  Hall.prototype.poll = function () {
    var self = this;
    var again = function () { window.setTimeout(function () { self.poll(); }, self.pollSeconds * 1000); };
    fetch(this.root.getAttribute("data-config-url"), { cache: "no-cache", credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      })
      .then(function (config) {
        self.root.removeAttribute("data-offline");
        if (config.version !== self.config.version || config.announcing !== self.config.announcing) {
          self.config = config;
          self.reload(function () { self.restart(); });
        } else if (self.clockLive() !== self.live || self.slides().indexOf(self.current) < 0) {
          self.restart();  // the clock started or ended: the round changed
        }
        self.live = self.clockLive();
      })
      .catch(function () { self.root.setAttribute("data-offline", "1"); })
      .then(again);
  };

  function start() {
    var root = document.querySelector("[data-hall]");
    if (root) { window.tenbouHall = new Hall(root); }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
