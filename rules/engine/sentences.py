"""The engine's sentences as templates: written once, in English, and said in any language by the pages.

The engine knows nothing of Django, yet every sentence it writes (a broken rule, a fact of an explanation,
a problem with the dispute, a rulebook passage's paraphrase) is read by people in the store's language. So
a sentence is written as a template with named placeholders, marked with :func:`gettext_noop` (a no-op the
gettext tools recognise: Django's ``makemessages`` extracts every ``gettext_noop("...")`` literal into the
catalogues), and travels with its values as a :class:`Sentence`:

- the English text is ``template % values`` (what the JSON ``message``/``explanation`` always said);
- the pages (``rules.narration``) say ``gettext(template) % values``, with card ids and player letters in
  the values turned into names, and nested sentences (a phase, a position) translated the same way.

Values are numbers, card labels/ids, player letters, card names (data, never translated) or nested
sentences for words; an English word is never a plain string value, so that nothing English is spliced
into a translated sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union


def gettext_noop(message: str) -> str:
    """Marks ``message`` for the catalogues and returns it unchanged (the engine writes English)."""
    return message


Value = Union[str, int, "Sentence"]


@dataclass(frozen=True)
class Sentence:
    """A template and the values of its placeholders; ``str()`` is the English sentence."""

    template: str
    values: tuple[tuple[str, Value], ...] = ()

    def english(self) -> str:
        return self.template % {
            key: value.english() if isinstance(value, Sentence) else value for key, value in self.values
        }

    def __str__(self) -> str:
        return self.english()

    def as_dict(self) -> dict[str, Any]:
        """``{"template": ..., "values": {...}}``, a nested sentence as the same kind of object."""
        return {
            "template": self.template,
            "values": {
                key: value.as_dict() if isinstance(value, Sentence) else value for key, value in self.values
            },
        }


def say(template: str, **values: Value) -> Sentence:
    """The sentence ``template`` (a ``gettext_noop`` literal) with ``values`` for its placeholders."""
    return Sentence(template, tuple(values.items()))


Text = str | Sentence


def english(text: Text) -> str:
    return text.english() if isinstance(text, Sentence) else text


def sentence_of(text: Text) -> Sentence | None:
    return text if isinstance(text, Sentence) else None
