"""Rulings: the decision, its violations and the facts it rests on, and their JSON form.

A rule is a small function returning ``None`` or a :class:`Violation`. The outcome of a legal action is
computed alongside :class:`Fact` sentences, each tied to the passage it applies; the ruling's explanation and
its ``rules`` list are built from those same violations and facts, so what a judge reads out is exactly what
decided the case.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.engine.errors import StateIncomplete
from rules.engine.references import Reference
from rules.engine.sentences import Sentence, english, gettext_noop, say, sentence_of

INCOMPLETE_CODE = "state.incomplete"


@dataclass(frozen=True, init=False)
class Violation:
    """A broken rule: its code (from the dispute format), a sentence for the players, and the passage.

    The sentence is given as a :class:`Sentence` (a template and its values, ``rules.engine.sentences``):
    ``message`` is its English, and ``sentence`` lets the pages say it in the reader's language. Only a
    sentence is accepted (mypy --strict checks it), so no English is built outside a template.
    """

    code: str
    message: str
    rule: Reference
    field: str | None
    sentence: Sentence | None

    def __init__(self, code: str, message: Sentence, rule: Reference, field: str | None = None) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "message", english(message))
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "field", field)
        object.__setattr__(self, "sentence", sentence_of(message))

    def as_dict(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "message": self.message, "rule": self.rule.cite()}
        if self.field is not None:
            body["field"] = self.field
        if self.sentence is not None:
            body.update(self.sentence.as_dict())
        return body


@dataclass(frozen=True, init=False)
class Fact:
    """One sentence of an explanation (English ``text``; ``sentence`` when given as a template) and the
    passage it applies."""

    text: str
    rule: Reference | None
    sentence: Sentence | None

    def __init__(self, text: Sentence, rule: Reference | None = None) -> None:
        object.__setattr__(self, "text", english(text))
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "sentence", sentence_of(text))


@dataclass(frozen=True)
class Ruling:
    """The answer to a dispute. ``legal`` is ``None`` when the state is incomplete."""

    legal: bool | None
    violations: tuple[Violation, ...] = ()
    outcome: Mapping[str, Any] | None = None
    facts: tuple[Fact, ...] = ()

    def references(self) -> list[Reference]:
        """The passages relied on, decisive first, each once."""
        seen: list[Reference] = []
        for reference in [v.rule for v in self.violations] + [f.rule for f in self.facts if f.rule]:
            if reference not in seen:
                seen.append(reference)
        return seen

    def explanation(self) -> str:
        sentences = [v.message for v in self.violations] + [f.text for f in self.facts]
        # A sentence may open with a card's label ("card b1 ..."); a judge reads it out capitalised.
        return " ".join(s.strip()[0].upper() + s.strip()[1:] for s in sentences if s.strip())

    def explanation_sentences(self) -> list[dict[str, Any]]:
        """The explanation sentence by sentence, each ``{"text"}`` (English) with its ``template`` and
        ``values`` when written as one, so a page can say it in the reader's language."""
        said = [(v.message, v.sentence) for v in self.violations] + [(f.text, f.sentence) for f in self.facts]
        return [
            {"text": text, **(sentence.as_dict() if sentence is not None else {})}
            for text, sentence in said
            if text.strip()
        ]

    def as_dict(self) -> dict[str, Any]:
        """The ruling as the JSON object of the dispute format."""
        references = self.references()
        body: dict[str, Any] = {
            "legal": self.legal,
            "violations": [v.as_dict() for v in self.violations],
        }
        if self.outcome is not None:
            body["outcome"] = dict(self.outcome)
        body["explanation"] = self.explanation()
        body["explanation_sentences"] = self.explanation_sentences()
        body["rules"] = [reference.cite() for reference in references]
        body["citations"] = [reference.as_dict() for reference in references]
        return body


def incomplete_ruling(gap: StateIncomplete, default_rule: Reference) -> Ruling:
    """``legal: null`` naming the missing or contradictory field, as the dispute format asks."""
    message = say(
        gettext_noop(
            "The reported state cannot settle this: %(reason)s (field %(field)s). A judge does not guess."
        ),
        reason=gap.sentence or gap.message,
        field=gap.field,
    )
    return Ruling(
        legal=None,
        violations=(Violation(INCOMPLETE_CODE, message, gap.rule or default_rule, field=gap.field),),
    )


Check = Callable[[], "Violation | None"]


@dataclass
class Verdict:
    """The violations found by a run of checks, and the gaps that kept some checks from deciding."""

    violations: list[Violation] = field(default_factory=list)
    gaps: list[StateIncomplete] = field(default_factory=list)


def run_checks(stages: Sequence[Iterable[Check]]) -> Verdict:
    """Run the checks stage by stage, in order, so the first violation is the decisive one.

    A stage that finds a violation ends the run: later stages assume what earlier ones established (an
    attacker on the field before its position is looked at). A check that lacks a field is noted as a gap and
    the run goes on, because a later check may still find the action certainly illegal; a gap only decides
    the ruling (``legal: null``) when nothing was found illegal.
    """
    verdict = Verdict()
    for stage in stages:
        for check in stage:
            try:
                violation = check()
            except StateIncomplete as gap:
                verdict.gaps.append(gap)
                continue
            if violation is not None:
                verdict.violations.append(violation)
        if verdict.violations:
            break
    return verdict


def decide(
    stages: Sequence[Iterable[Check]],
    outcome: Callable[[], tuple[dict[str, Any], list[Fact]]],
    default_rule: Reference,
) -> Ruling:
    """Run the checks; if nothing is illegal and nothing is missing, compute the outcome."""
    verdict = run_checks(stages)
    if verdict.violations:
        return Ruling(legal=False, violations=tuple(verdict.violations))
    if verdict.gaps:
        return incomplete_ruling(verdict.gaps[0], default_rule)
    try:
        result, facts = outcome()
    except StateIncomplete as gap:
        return incomplete_ruling(gap, default_rule)
    return Ruling(legal=True, outcome=result, facts=tuple(facts))
