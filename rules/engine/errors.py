"""What can go wrong between a dispute and a ruling.

Two kinds of problem are kept apart because they deserve different answers:

* :class:`DisputeError` is bad *input*: the dispute is not a dispute (no action, an action type that does not
  exist, a card id the action names that the state does not hold). The caller answers it like a form error
  (HTTP 400) naming ``field`` and, where one is at fault, ``card_id``.
* :class:`StateIncomplete` is a *reported game state* that lacks something, or contradicts itself. The spec
  forbids guessing there, so it never leaves the engine: :func:`rules.engine.judge` turns it into a ruling
  with ``"legal": null`` and the code ``state.incomplete`` naming the field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.engine.sentences import Sentence, english, sentence_of

if TYPE_CHECKING:
    from rules.engine.references import Reference


class DisputeError(ValueError):
    """The dispute itself is malformed: a 400-class error naming the offending field (and card id)."""

    code = "dispute.invalid"

    def __init__(self, field: str, message: Sentence, *, card_id: str | None = None) -> None:
        super().__init__(f"{field}: {english(message)}")
        self.field = field
        self.message = english(message)
        # The problem as a template and its values, for pages in the reader's language (None: English only).
        self.sentence: Sentence | None = sentence_of(message)
        self.card_id = card_id
        self.also: tuple[DisputeError, ...] = ()

    @staticmethod
    def raise_all(errors: list[DisputeError]) -> None:
        """Raise the first of ``errors`` carrying the others, so a 400 can list every problem at once."""
        if errors:
            first = errors[0]
            first.also = tuple(errors[1:])
            raise first

    @property
    def path(self) -> str:
        """The field as a JSON path of the dispute: ``action.attacker`` is ``$.action.attacker``."""
        if self.field.startswith("$"):
            return self.field
        return "$" if self.field == "dispute" else f"$.{self.field}"

    def as_dict(self) -> dict[str, Any]:
        """The error as JSON, for the API's field-by-field 400 answer (``template`` and ``values`` when the
        message was written as a template)."""
        body: dict[str, Any] = {
            "path": self.path,
            "code": self.code,
            "field": self.field,
            "message": self.message,
        }
        if self.card_id is not None:
            body["card_id"] = self.card_id
        if self.sentence is not None:
            body.update(self.sentence.as_dict())
        return body

    def problems(self) -> list[dict[str, Any]]:
        """Every problem found, each ``{"path", "code", "message"}``, the first one first."""
        return [self.as_dict(), *(error.as_dict() for error in self.also)]


class UnknownCardError(DisputeError):
    """The action names a card id that appears nowhere in the reported state."""

    code = "dispute.unknown_card"


class UnsupportedError(DisputeError):
    """A well-formed dispute the engine cannot judge yet (e.g. Magic actions before the Magic rules exist)."""

    code = "dispute.unsupported"


class StateIncomplete(Exception):
    """Internal: the reported state lacks (or contradicts) a field a rule needs. Becomes ``legal: null``."""

    def __init__(self, field: str, message: Sentence, rule: Reference | None = None) -> None:
        super().__init__(f"{field}: {english(message)}")
        self.field = field
        self.message = english(message)
        self.sentence: Sentence | None = sentence_of(message)
        self.rule = rule
