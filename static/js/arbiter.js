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

/* A card picked from a situation's suggestions (data-card-pick='{"name": ..., "atk": ...}') fills its card
   slot: the name and every number the card list knows, each field marked data-card-field="atk" etc. inside
   the slot's [data-card-slot]. The suggestions close, and a change event lets the live preview judge again. */
(function () {
  if (window.arbiterCardPick) { return; }
  window.arbiterCardPick = true;

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-card-pick]");
    if (!button) { return; }
    var slot = button.closest("[data-card-slot]");
    if (!slot) { return; }
    var card = JSON.parse(button.getAttribute("data-card-pick"));
    var changed = null;
    Object.keys(card).forEach(function (key) {
      var field = slot.querySelector('[data-card-field="' + key + '"]');
      if (field) { field.value = card[key]; changed = changed || field; }
    });
    slot.querySelectorAll("[data-card-field]").forEach(function (field) {
      var key = field.getAttribute("data-card-field");
      if (key !== "name" && !(key in card)) { field.value = ""; }
    });
    var list = button.closest(".suggestions");
    if (list) { list.innerHTML = ""; }
    var name = slot.querySelector('[data-card-field="name"]');
    if (name) {
      name.dispatchEvent(new Event("change", { bubbles: true }));
      name.focus();
    }
  });
})();

/* A live fragment (data-live-etag="...", e.g. the match page's body) sends the version it shows with each
   poll (If-None-Match); the answer "304 Not Modified" leaves it as it is, anything else replaces it. A
   fragment whose content is swapped inside it (the standings, the pairings: hx-swap="innerHTML") keeps the
   element, so the new version is taken from the answer's ETag header. */
(function () {
  if (window.arbiterLiveFragments) { return; }
  window.arbiterLiveFragments = true;

  document.addEventListener("htmx:configRequest", function (event) {
    var element = event.detail && event.detail.elt;
    var etag = element && element.getAttribute && element.getAttribute("data-live-etag");
    if (etag && event.detail.verb === "get") { event.detail.headers["If-None-Match"] = etag; }
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (xhr && xhr.status === 304) {
      event.detail.shouldSwap = false;
      event.detail.isError = false;
      return;
    }
    var target = event.detail && event.detail.target;
    if (xhr && target && target.hasAttribute && target.hasAttribute("data-live-etag")) {
      /* No ETag: the next poll asks for the whole answer rather than keep a version it no longer shows. */
      target.setAttribute("data-live-etag", xhr.getResponseHeader("ETag") || "");
    }
  });
})();

/* A builder's card rows (data-card-row="2", with the page's words data-unnamed="Card 2" and
   data-named="Card 2: {name}"): as a card's name is typed, its row's heading and every choice that names the
   row (the action's card and target, the Tributes, "Equipped to": elements marked data-card-rows) follow. */
(function () {
  if (window.arbiterCardRows) { return; }
  window.arbiterCardRows = true;

  function rename(row) {
    var number = row.getAttribute("data-card-row");
    var field = row.querySelector('input[name$="-name"]');
    var name = field ? field.value.trim() : "";
    var label = name ? row.getAttribute("data-named").split("{name}").join(name) : row.getAttribute("data-unnamed");
    var summary = row.querySelector("summary");
    if (summary) { summary.textContent = label; }
    var form = row.closest("form") || document;
    form.querySelectorAll('select[data-card-rows] option[value="' + number + '"]').forEach(function (option) {
      option.textContent = label;
    });
    form.querySelectorAll('input[data-card-rows][value="' + number + '"]').forEach(function (box) {
      var text = box.nextSibling;
      if (text && text.nodeType === Node.TEXT_NODE) { text.textContent = " " + label; }
    });
  }

  document.addEventListener("input", function (event) {
    var row = event.target.closest && event.target.closest("[data-card-row]");
    if (row && event.target.matches('input[name$="-name"]')) { rename(row); }
  });
})();
