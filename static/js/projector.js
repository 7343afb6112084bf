/* The projector's lists page through themselves: every few seconds each list longer than its box shows its
   next page of whole rows (the header row stays), and after the last page starts again from the top.
   Nobody touches the projector, so this is the only way a player finds a name below the fold.
   - prefers-reduced-motion: pages jump instead of sliding.
   - A list with the keyboard focus is left alone, for whoever is reading it.
   - htmx swaps the lists every poll: each list's page is kept across the swap instead of going back
     to the top, until the lists are another round's. */
(function () {
  if (window.arbiterProjector) { return; }
  window.arbiterProjector = true;

  var PAGE_SECONDS = 8;
  var reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  var kept = {};  // box id -> scrollTop, restored after each poll's swap
  var shown = null;  // which lists: a new round (or the final standings) starts at the top

  function headHeight(box) {
    var head = box.querySelector("thead");
    return head ? head.offsetHeight : 0;
  }

  function overflowing(box) {
    return box.scrollHeight - box.clientHeight > 1;
  }

  // Where each page starts: the first row cut off at the bottom of a page goes to the top of the next,
  // below the header row. The last page is the one that shows the last row.
  function pageTops(box) {
    var head = headHeight(box), height = box.clientHeight;
    var boxTop = box.getBoundingClientRect().top - box.scrollTop;
    var rows = Array.prototype.map.call(box.querySelectorAll("tbody tr"), function (row) {
      var rect = row.getBoundingClientRect();
      return { top: rect.top - boxTop, bottom: rect.top - boxTop + rect.height };
    });
    var tops = [0], top = 0;
    for (var i = 0; i < rows.length; i++) {
      if (rows[i].bottom > top + height + 1) {
        var next = rows[i].top - head;
        top = next > top ? next : top + height - head;  // a row taller than the box: a plain step
        tops.push(top);
      }
    }
    return tops;
  }

  // Room below the last row, so the last page, too, starts with a whole row at the top (instead of the
  // browser stopping short and showing the tail of the row before).
  function pad(box) {
    box.style.paddingBottom = "0px";
    if (!overflowing(box)) { return; }
    var tops = pageTops(box);
    var missing = tops[tops.length - 1] + box.clientHeight - box.scrollHeight;
    if (missing > 0) { box.style.paddingBottom = Math.ceil(missing) + "px"; }
  }

  function pageIndex(tops, scrollTop) {
    var index = 0;
    tops.forEach(function (top, i) { if (top <= scrollTop + 1) { index = i; } });
    return index;
  }

  function nextTop(box) {
    var tops = pageTops(box), index = pageIndex(tops, box.scrollTop);
    return index + 1 < tops.length ? tops[index + 1] : 0;
  }

  function showPager(box, at) {
    var pager = document.querySelector('[data-pager-for="' + box.id + '"]');
    if (!pager) { return; }
    if (!overflowing(box)) { pager.textContent = ""; return; }
    var tops = pageTops(box);
    pager.textContent = pager.dataset.template
      .replace("{page}", pageIndex(tops, at === undefined ? box.scrollTop : at) + 1)
      .replace("{pages}", tops.length);
  }

  // Someone tabbed into the list to read it with the keyboard. A mouse resting over the screen, or a click
  // on it (to go full screen), does not stop the paging: nobody would know to move it away.
  function busy(box) {
    return box.matches(":focus-visible");
  }

  function turn() {
    document.querySelectorAll(".projector-scroll").forEach(function (box) {
      if (!overflowing(box)) {
        kept[box.id] = 0;
      } else if (!busy(box)) {
        var top = nextTop(box);
        kept[box.id] = top;
        showPager(box, top);
        box.scrollTo({ top: top, behavior: reduceMotion.matches ? "auto" : "smooth" });
      }
    });
  }

  function restore() {
    var lists = document.querySelector("[data-lists]");
    var now = lists ? lists.dataset.lists : null;
    if (now !== shown) { kept = {}; shown = now; }
    document.querySelectorAll(".projector-scroll").forEach(function (box) {
      pad(box);
      if (kept[box.id] !== undefined) { box.scrollTop = kept[box.id]; }
      showPager(box, kept[box.id]);
    });
  }

  document.addEventListener("htmx:beforeSwap", function () {
    // Where someone scrolled by hand stays; the others are where their last page turn sent them.
    document.querySelectorAll(".projector-scroll").forEach(function (box) {
      if (busy(box)) { kept[box.id] = box.scrollTop; }
    });
  });
  document.addEventListener("htmx:afterSwap", restore);
  document.addEventListener("DOMContentLoaded", restore);
  window.addEventListener("resize", restore);
  setInterval(turn, PAGE_SECONDS * 1000);
})();
