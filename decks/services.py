"""Every write to deck lists; card and banlist imports are in ``decks.card_import`` (re-exported here)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from decks.card_import import (
    MAX_IMPORT_BYTES,
    CardImportError,
    ImportReport,
    card_import,
    card_import_check,
    card_import_dispatch,
    card_import_process,
    card_import_queue,
    card_import_refresh,
    card_imports_sweep,
)
from decks.models import DeckList
from decks.parsing import DeckProblem
from decks.selectors import deck_list_parse, deck_sections, deck_text

# The catalog's writes live in decks.card_import for their size; they are this app's services all the same.
__all__ = [
    "MAX_IMPORT_BYTES",
    "CardImportError",
    "DeckListInvalid",
    "ImportReport",
    "card_import",
    "card_import_check",
    "card_import_dispatch",
    "card_import_process",
    "card_import_queue",
    "card_import_refresh",
    "card_imports_sweep",
    "deck_list_create",
]


class DeckListInvalid(ValidationError):
    """The list does not parse: ``problems`` has each bad line with its reason and suggested names."""

    def __init__(self, problems: list[DeckProblem]) -> None:
        self.problems = problems
        super().__init__({"text": [str(problem) for problem in problems]})


def deck_list_create(
    *, owner: User, game: str, name: str, text: str | None = None, ydk: str | None = None
) -> DeckList:
    """Save a new deck list from pasted ``text`` or a ``.ydk`` file's content, with its parsed ``sections``.

    The list is parsed first (``decks.selectors.deck_list_parse``); if any line is bad, nothing is saved and
    :class:`DeckListInvalid` lists every bad line. The card catalog is optional for pasted text: while it
    has no card of ``game``, names are accepted as written; once it has, unknown names are errors with
    suggestions. A ``.ydk`` is always resolved through the catalog's printings.

    Lists are never edited: saving the same cards under a name the owner already uses returns that list
    (so the demo can run twice); other cards under a used name are an error: a new version needs a new name.
    """
    name = name.strip()
    if not name:
        raise ValidationError({"name": [gettext("Give the deck list a name.")]})
    parsed = deck_list_parse(game=game, text=text, ydk=ydk)
    if parsed.problems:
        raise DeckListInvalid(parsed.problems)
    sections = deck_sections(parsed)
    with transaction.atomic():
        existing = DeckList.objects.filter(owner=owner, name=name).first()
        if existing is not None:
            if existing.game == game and existing.sections == sections:
                return existing
            message = gettext("You already have a deck list named %(name)s; pick another.")
            raise ValidationError({"name": [message % {"name": repr(name)}]})
        return DeckList.objects.create(
            owner=owner,
            game=game,
            name=name,
            text=text if text is not None else deck_text(sections),
            sections=sections,
        )
