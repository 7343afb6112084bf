"""``{% parallel_passages cited as parallels %}``: the same rule in a rulebook in the reader's language."""

from __future__ import annotations

from django import template

from rules.passages import ParallelInWords, parallels_in_words

register = template.Library()


@register.simple_tag
def parallel_passages(cited: object) -> list[ParallelInWords]:
    """See :func:`rules.passages.parallels_in_words`; the reader's language is the active one."""
    return parallels_in_words(cited)
