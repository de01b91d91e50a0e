/* Tenbou live pages (standings, sessions, players, the tournament page): fetch the page again in the background
 * every 30-60 s with If-None-Match, so an unchanged page costs a 304 and no body. New content replaces the
 * #live part in place, keeping the reader's place (the same row or table stays where it was in the window, also
 * when a note appeared above it), the sideways scroll of the tables and the open details. When the network fails, the old
 * content stays and the status line says "Last updated 14:05, retrying"; the page never navigates, so the
 * browser's offline page never shows. No inline script: this file is loaded with defer. A <select data-autosubmit>
 * in the live part keeps working after a refresh: tenbou.js listens on the document. The page itself may come from
 * a cache (the server made it once for every reader): the script's requests go past the browser's cache
 * (no-store) with the ETag, so a 304 or the new page comes from the server or a proxy that asked it. */
(function () {
  "use strict";

  var RETRY_MS = 15000;
  var TIMEOUT_MS = 20000;

  var root = document.querySelector("[data-live]");
  var status = document.querySelector("[data-live-status]");
  if (!root || !window.fetch || !window.DOMParser) {
    return;
  }
  var etag = root.getAttribute("data-etag") || "";
  var intervalMs = (parseInt(root.getAttribute("data-interval"), 10) || 45) * 1000;
  var lastSuccess = new Date();
  var timer = null;
  var busy = false;

  function hhmm(date) {
    function pad(n) { return (n < 10 ? "0" : "") + n; }
    return pad(date.getHours()) + ":" + pad(date.getMinutes());
  }

  function say(ok) {
    if (!status) { return; }
    var text = status.getAttribute(ok ? "data-ok" : "data-retry") || "";
    status.textContent = text.replace("%(time)s", hhmm(lastSuccess));
    status.classList.toggle("stale", !ok);
  }

  function schedule(ms) {
    clearTimeout(timer);
    timer = setTimeout(refresh, ms);
  }

  function nextDelay() {
    return intervalMs + Math.floor(Math.random() * 15000);
  }

  function anchor() {
    /* the first marked element (a row of the standings, a table of a session) still in the window */
    var marked = root.querySelectorAll("[data-anchor]");
    for (var i = 0; i < marked.length; i++) {
      var top = marked[i].getBoundingClientRect().top;
      if (top >= 0) { return { key: marked[i].getAttribute("data-anchor"), top: top }; }
    }
    return null;
  }

  function remember() {
    var kept = { x: window.scrollX, y: window.scrollY, boxes: {}, open: [], anchor: anchor() };
    root.querySelectorAll("[data-keep-scroll]").forEach(function (box) {
      kept.boxes[box.getAttribute("data-keep-scroll")] = [box.scrollLeft, box.scrollTop];
    });
    root.querySelectorAll("details").forEach(function (details, index) {
      if (details.open) { kept.open.push(index); }
    });
    return kept;
  }

  function restore(kept) {
    root.querySelectorAll("[data-keep-scroll]").forEach(function (box) {
      var where = kept.boxes[box.getAttribute("data-keep-scroll")];
      if (where) { box.scrollLeft = where[0]; box.scrollTop = where[1]; }
    });
    var all = root.querySelectorAll("details");
    kept.open.forEach(function (index) { if (all[index]) { all[index].open = true; } });
    var same = kept.anchor && root.querySelector('[data-anchor="' + kept.anchor.key + '"]');
    if (same) {  /* the same place of the table stays where the reader had it, whatever changed above */
      window.scrollBy(0, same.getBoundingClientRect().top - kept.anchor.top);
    } else if (window.scrollX !== kept.x || window.scrollY !== kept.y) {
      window.scrollTo(kept.x, kept.y);
    }
  }

  function swap(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var fresh = page.querySelector("[data-live]");
    if (!fresh) { return false; }
    var kept = remember();
    var banner = document.querySelector("[data-announcement]");
    var freshBanner = page.querySelector("[data-announcement]");
    if (banner && freshBanner) { banner.innerHTML = freshBanner.innerHTML; }  /* the hall announcement came or went */
    root.innerHTML = fresh.innerHTML;
    restore(kept);
    if (page.title) { document.title = page.title; }
    return true;
  }

  function succeeded() {
    lastSuccess = new Date();
    say(true);
    schedule(nextDelay());
  }

  function failed() {
    say(false);
    schedule(RETRY_MS);
  }

  function refresh() {
    if (busy) { return; }
    if (document.hidden) { schedule(nextDelay()); return; }
    busy = true;
    var controller = window.AbortController ? new AbortController() : null;
    var timeout = controller ? setTimeout(function () { controller.abort(); }, TIMEOUT_MS) : null;
    var headers = {};
    if (etag) { headers["If-None-Match"] = etag; }
    fetch(window.location.href, {
      headers: headers,
      cache: "no-store",
      credentials: "same-origin",
      signal: controller ? controller.signal : undefined
    }).then(function (response) {
      if (response.status === 304) { return null; }
      if (!response.ok) { throw new Error("HTTP " + response.status); }
      var tag = response.headers.get("ETag") || "";
      return response.text().then(function (html) { return { html: html, tag: tag }; });
    }).then(function (fresh) {
      if (fresh !== null) {
        if (!swap(fresh.html)) { throw new Error("no live part"); }
        etag = fresh.tag;  /* only once the new content is in: a body cut off keeps the old tag */
      }
      succeeded();
    }).catch(failed).then(function () {
      busy = false;
      clearTimeout(timeout);
    });
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && new Date() - lastSuccess > intervalMs) { refresh(); }
  });
  window.addEventListener("online", refresh);
  window.tenbouLive = { refresh: refresh };
  say(true);  /* the page just came: it is up to date now (the server wrote the time of the last change) */
  schedule(nextDelay());
})();
