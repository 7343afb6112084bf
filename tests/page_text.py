"""The text a person reads on a page: text nodes and the attributes read aloud or shown (labels, hints).

Used by the untranslated-string check (tests/test_pages_translated.py): what is left of a page's text once
the data (people's, cards', events' names, numbers) is taken out must differ between English and the
page's language.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

READ_ATTRIBUTES = ("aria-label", "placeholder", "title", "alt")
SKIPPED = {"script", "style", "template", "code", "pre", "textarea"}  # code and typed text are not interface
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
WORD = re.compile(r"[^\W\d_]{2,}")


class _Texts(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        # An element in a language of its own (a rulebook's quote, a language's own name) or marked not to be
        # translated (a document's title) is content, not interface: skipped with what it holds.
        foreign = tag != "html" and ("lang" in values or values.get("translate") == "no")
        if (tag in SKIPPED or foreign or self._skipping) and tag not in VOID:
            self._skipping.append(tag)
        if foreign or self._skipping:
            return
        for name in READ_ATTRIBUTES:
            if values.get(name):
                self.texts.append(str(values[name]))
        if tag == "input" and values.get("type") in {"submit", "button"} and values.get("value"):
            self.texts.append(str(values["value"]))

    def handle_endtag(self, tag: str) -> None:
        if tag in self._skipping:
            while self._skipping and self._skipping.pop() != tag:
                pass

    def handle_data(self, data: str) -> None:
        if not self._skipping and data.strip():
            self.texts.append(" ".join(data.split()))


def page_texts(html: str) -> list[str]:
    """Every piece of text a person reads on ``html``, whitespace collapsed, in document order."""
    parser = _Texts()
    parser.feed(html)
    return parser.texts


def words_left(text: str, data: list[str]) -> list[str]:
    """The words of ``text`` once every piece of data in it (longest first) is taken out."""
    for value in data:
        if value and value in text:
            text = text.replace(value, " ")
    return WORD.findall(text)
