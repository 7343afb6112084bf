/* Small behaviours the pages declare with data- attributes, so no page needs inline script (the
   Content-Security-Policy allows scripts from this server's files only):
   - data-print on a button prints the page;
   - data-confirm="question" on a form asks before it is submitted;
   - data-pause-while-editing on an element htmx polls skips a poll while a form inside it has focus, so a
     refresh never replaces what someone is typing. */
(function () {
  if (window.arbiterBehaviours) { return; }
  window.arbiterBehaviours = true;

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-print]");
    if (button) { window.print(); }
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.getAttribute && form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) { event.preventDefault(); }
  }, true);

  document.addEventListener("htmx:beforeRequest", function (event) {
    var element = event.detail && event.detail.elt;
    if (element && element.hasAttribute("data-pause-while-editing") &&
        element.querySelector("form:focus-within")) {
      event.preventDefault();
    }
  });
})();
