/* Round timers: counts each [data-ends-at] element down to "TIME" between the page's polls.
   The end is measured against the server's clock (data-now), so a laptop or phone whose clock is off
   still shows the time the judges go by; each poll swaps in a fresh element and so re-syncs. */
(function () {
  if (window.arbiterRoundTimer) { return; }
  window.arbiterRoundTimer = true;

  function pad(n) { return String(n).padStart(2, "0"); }

  function text(left) {
    if (left <= 0) { return "TIME"; }
    var hours = Math.floor(left / 3600), minutes = Math.floor((left % 3600) / 60), seconds = left % 60;
    return hours ? hours + ":" + pad(minutes) + ":" + pad(seconds) : minutes + ":" + pad(seconds);
  }

  function tick() {
    document.querySelectorAll("[data-ends-at]").forEach(function (timer) {
      if (timer.arbiterEnd === undefined) {
        var skew = Date.parse(timer.dataset.now) - Date.now();
        timer.arbiterEnd = Date.parse(timer.dataset.endsAt) - skew;
      }
      var left = Math.max(0, Math.round((timer.arbiterEnd - Date.now()) / 1000));
      var clock = timer.querySelector(".clock") || timer;
      clock.textContent = text(left);
      timer.classList.toggle("time-up", left === 0);
      timer.classList.toggle("time-low", left > 0 && left <= 300);
    });
  }

  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:afterSettle", tick);
  setInterval(tick, 1000);
})();
