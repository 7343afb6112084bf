"""The engine's sentences travel as templates with their values (``rules.engine.sentences``): in English a
template with its values is exactly the message the engine always wrote, and a page in another language
says ``gettext(template) % values`` with names for card ids and player letters."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils import translation
from django.utils.translation import gettext

from rules import engine
from rules.engine.sentences import Sentence, gettext_noop, say
from rules.narration import Table, ruling_in_words
from rules.tests.test_narration import NAMES, all_disputes


def english(sentence: Mapping[str, Any]) -> str:
    values = {
        key: english(value) if isinstance(value, Mapping) else value
        for key, value in sentence["values"].items()
    }
    return str(sentence["template"] % values)


def test_a_sentence_is_its_template_with_its_values():
    phase = say(gettext_noop("the Battle Phase"))
    sentence = say(gettext_noop("%(card)s cannot attack in %(phase)s (100%%)."), card="card a1", phase=phase)

    assert str(sentence) == "card a1 cannot attack in the Battle Phase (100%)."
    assert sentence.as_dict() == {
        "template": "%(card)s cannot attack in %(phase)s (100%%).",
        "values": {"card": "card a1", "phase": {"template": "the Battle Phase", "values": {}}},
    }
    assert isinstance(phase, Sentence)


def test_every_violation_and_templated_sentence_of_the_engine_cases_reads_as_its_english():
    rulings = [engine.judge(dispute) for dispute in all_disputes()]
    violations = [v for ruling in rulings for v in ruling["violations"]]
    sentences = [s for ruling in rulings for s in ruling["explanation_sentences"]]
    assert len(violations) > 50
    assert len(sentences) > 200

    assert [v["message"] for v in violations if "template" not in v] == []
    assert [v for v in violations if english(v) != v["message"]] == []
    assert [s for s in sentences if "template" in s and english(s) != s["text"]] == []
    # Every sentence of every explanation, in order: the explanation is still what the engine says.
    for ruling in rulings:
        texts = [s["text"].strip() for s in ruling["explanation_sentences"]]
        assert ruling["explanation"] == " ".join(t[0].upper() + t[1:] for t in texts)


def test_a_dispute_problem_carries_its_template():
    try:
        engine.judge({"game": "yugioh", "revision": "1999", "action": {"type": "draw"}})
    except engine.DisputeError as error:
        problem = error.problems()[0]
    assert english(problem) == problem["message"] == "must be one of 2020, v10 for yugioh"


def said_here(sentence: Mapping[str, Any], table: Table) -> str:
    if "template" not in sentence:  # written without a template: the English, with names
        return table.words(sentence["text"])
    values = {
        key: said_here(value, table)
        if isinstance(value, Mapping)
        else table.words(value)
        if isinstance(value, str)
        else value
        for key, value in sentence["values"].items()
    }
    return gettext(sentence["template"]) % values


def test_in_portuguese_the_explanation_is_the_translation_of_the_engines_templates():
    dispute = next(
        d for d in all_disputes() if d["action"].get("type") == "attack" and engine.judge(d)["legal"]
    )
    ruling = engine.judge(dispute)
    table = Table.of(dispute, NAMES)

    with translation.override("pt-br"):
        words = ruling_in_words(dispute, ruling, NAMES)
        expected = [said_here(s, table).strip() for s in ruling["explanation_sentences"]]

    assert words.explanation == " ".join(e[0].upper() + e[1:] for e in expected)
    assert "Yugi" in words.explanation or "Kaiba" in words.explanation


def test_in_portuguese_a_broken_rule_is_the_translation_of_its_template():
    dispute = next(d for d in all_disputes() if engine.judge(d)["legal"] is False)
    ruling = engine.judge(dispute)
    table = Table.of(dispute, NAMES)

    with translation.override("pt-br"):
        words = ruling_in_words(dispute, ruling, NAMES)
        expected = said_here(ruling["violations"][0], table)

    assert words.problems[0] == expected


def test_a_passage_is_shown_in_the_readers_language_and_keeps_the_engines_english():
    dispute = next(d for d in all_disputes() if engine.judge(d)["citations"])
    ruling = engine.judge(dispute)
    passage = ruling["citations"][0]["passage"]

    with translation.override("pt-br"):
        shown = ruling_in_words(dispute, ruling, NAMES).passages[0]
        assert shown.summary == gettext(passage)
    assert shown.english == passage
