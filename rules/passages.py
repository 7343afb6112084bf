"""A ruling's passages in the reader's language: beneath a cited passage, the same rule as a rulebook in
the reader's language states it.

The engine records which book in the folder states the same rule in another language, and its words
(:mod:`rules.engine.parallels`); this module picks the reader's language (the active translation) and
introduces the quote with a sentence naming the book. The quote itself is the book's text, never translated.
Pages show a ruling's passages through the ``{% parallel_passages %}`` tag (``rules/templatetags``) and the
``rules/_parallel_passages.html`` partial.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import get_language, gettext, gettext_lazy

from rules.engine.parallels import Parallel, parallel_for, reference_for
from rules.engine.references import YGO_ES, YGO_V9, YGO_V10

# One whole sentence per book, so that each language words the book's name its own way.
_INTRODUCTIONS: dict[str, Promise] = {
    YGO_V9.file: gettext_lazy("In the Portuguese rulebook 9.0, %(where)s:"),
    YGO_V10.file: gettext_lazy("In the English rulebook, version 10, %(where)s:"),
    YGO_ES.file: gettext_lazy("In the Spanish rulebook (Synchro era), %(where)s:"),
}


@dataclass(frozen=True)
class ParallelInWords:
    """A parallel passage as a page shows it: the sentence naming the book and the place, then the quote."""

    introduction: str
    quote: str
    language: str  # the quote's language, for the ``lang`` attribute


def parallels_in_words(cited: object, language: str | None = None) -> list[ParallelInWords]:
    """The parallel of a cited passage in ``language`` (the active language when not given), as a list of
    none or one. ``cited`` is what a page holds of the citation: a ruling's ``citations`` entry, a
    ``rules`` or violation ``rule`` string, or a passage from :mod:`rules.narration` (its ``summary``)."""
    citation = _citation(cited)
    reference = reference_for(citation) if citation else None
    if reference is None:
        return []
    parallel = parallel_for(reference, language if language is not None else get_language())
    if parallel is None:
        return []
    return [
        ParallelInWords(
            introduction=_introduction(parallel), quote=parallel.quote, language=parallel.document.language
        )
    ]


def _citation(cited: object) -> Mapping[str, object] | str:
    if isinstance(cited, Mapping | str):
        return cited
    # A narrated passage: the engine's English names the rule (its summary may be translated).
    summary = getattr(cited, "english", "") or getattr(cited, "summary", "")
    return summary if isinstance(summary, str) else ""


def _introduction(parallel: Parallel) -> str:
    where = parallel.section
    if parallel.page:
        several = "-" in parallel.page or "," in parallel.page
        pages = (gettext("pp. %(pages)s") if several else gettext("p. %(pages)s")) % {"pages": parallel.page}
        where = f"{where}, {pages}"
    sentence = _INTRODUCTIONS.get(parallel.document.file)
    if sentence is None:
        return gettext("In %(document)s, %(where)s:") % {"document": parallel.document.title, "where": where}
    return str(sentence) % {"where": where}
