"""The keyboard in the browser tests: moving the focus with Tab as a person does, and what they see.

A control is visibly focused when the focus ring the site draws (``:focus-visible`` in arbiter.css: a solid
outline of at least 2px, in a colour that is not transparent) is on it; Chromium's own thin ring does not
count, so a page that hides or loses the site's ring fails.
"""

from __future__ import annotations

from typing import Any

# Helpers shared by the scripts below: what an element is called in a message, a radio group's key, and
# whether the site's focus ring shows on an element.
_HELPERS = r"""
  const describe = (el) => el.tagName.toLowerCase() + (el.type ? '[' + el.type + ']' : '') + ' "'
    + (el.getAttribute('aria-label') || el.innerText || el.value || el.name || el.id || '')
      .trim().replace(/\s+/g, ' ').slice(0, 60) + '"';
  const radioKey = (el) => 'radio:' + (el.form ? el.form.action + '#' + el.form.getAttribute('hx-post') : '')
    + ':' + el.name;
  const ring = (el) => {
    const style = getComputedStyle(el);
    return style.outlineStyle !== 'none' && style.outlineStyle !== 'auto'
      && parseFloat(style.outlineWidth) >= 2
      && !/rgba\(.*, 0\)$/.test(style.outlineColor) && style.outlineColor !== 'transparent';
  };
"""

# What a person can reach with Tab: visible, enabled controls; one per group of radio buttons (Tab enters a
# group at its checked button, arrows move inside it); nothing inside a closed <details> but its summary.
_INTERACTIVE = (
    "() => {"
    + _HELPERS
    + r"""
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, '
    + '[tabindex]:not([tabindex="-1"]), [contenteditable=""], [contenteditable="true"]';
  const seen = new Set();
  const found = [];
  for (const el of document.querySelectorAll(selector)) {
    if (el.disabled || el.tabIndex < 0 || el.closest('[inert]')) continue;
    if (!el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    let key = 'kb' + found.length;
    if (el.type === 'radio' && el.name) {
      key = radioKey(el);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    el.dataset.kb = key;
    found.push({key: key, what: describe(el)});
  }
  for (const el of document.querySelectorAll('input[type=radio]')) {
    if (el.name) el.dataset.kb = radioKey(el);
  }
  return found;
}"""
)

_FOCUSED = (
    "() => {"
    + _HELPERS
    + r"""
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  return {key: el.dataset.kb || null, ring: ring(el), what: describe(el)};
}"""
)

# Each focus the walk lands on, recorded by the page as it happens (one round trip per Tab, not two).
_RECORD = (
    "() => {"
    + _HELPERS
    + r"""
  window.__kbWalk = [];
  document.addEventListener('focusin', (event) => {
    const el = event.target;
    window.__kbWalk.push({key: el.dataset.kb || null, ring: ring(el), what: describe(el)});
  });
  // Tab starts from the top of the page, not from a field the page focused by itself (autofocus).
  document.body.tabIndex = -1;
  document.body.focus();
  document.body.removeAttribute('tabindex');
  window.scrollTo(0, 0);
}"""
)


def focused(page: Any) -> dict[str, Any] | None:
    """The element with the focus: its key in the walk, whether the site's ring shows on it, what it is."""
    return page.evaluate(_FOCUSED)  # type: ignore[no-any-return]


def keyboard_problems(page: Any) -> list[str]:
    """Tab from the top of the page to its end: the controls Tab never reaches, and those it reaches with no
    visible focus ring. [] when every control is reached and shows where the focus is."""
    controls = page.evaluate(_INTERACTIVE)
    page.evaluate(_RECORD)
    presses = len(controls) + 1
    for _ in range(10):  # a date field takes a Tab per part: press on until the focus has left the page
        for _ in range(presses):
            page.keyboard.press("Tab")
        if focused(page) is None:
            break
        presses = 10
    walk = page.evaluate("() => window.__kbWalk")
    reached = {step["key"] for step in walk}
    missed = [control["what"] for control in controls if control["key"] not in reached]
    unringed = dict.fromkeys(step["what"] for step in walk if not step["ring"])
    return [f"never reached with Tab: {what}" for what in missed] + [
        f"no visible focus ring: {what}" for what in unringed
    ]


def tab_to(page: Any, target: Any, *, backwards: bool = False, limit: int = 200) -> None:
    """Press Tab (Shift+Tab backwards) until ``target`` has the focus, as a person does; fails after
    ``limit`` presses, or when the focus lands on it with no visible ring."""
    key = "Shift+Tab" if backwards else "Tab"
    for _ in range(limit):
        page.keyboard.press(key)
        if target.evaluate("el => el === document.activeElement"):
            now = focused(page)
            assert now is not None
            assert now["ring"], f"the focus is on {now['what']} but no ring shows it"
            return
    raise AssertionError(f"{limit} presses of {key} never reached {target}")
