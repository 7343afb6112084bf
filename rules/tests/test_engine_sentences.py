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


# English words that a value spliced into a template must not carry: function words and the game's words.
# A value that is a plain string is data (a card's label or name, a player's letter, a number, a list of
# ids); a word is a nested sentence (its own template) or the whole sentence has its own template.
_ENGLISH = """
    a an the of in on or and is are be not no to it its their from by with for at as so this that own once
    twice goes go blocks attacks changes changed summoned summon set discard cast activate declare make deal
    change draw phase step main battle combat end damage cleanup first second attack defense position
    face-up face-down zone extra monster deck field battlefield hand side duel game copies copy limited
    semi-limited forbidden allowed blocking attacker attackers blockers destroyed takes needs may any points
    method only spell effect sorcery artifact instant land new target
"""
ENGLISH_WORDS = frozenset(_ENGLISH.split())
PLAYERS = {"A", "B"}  # a player's letter (the pages say the player's name), not the article


def card_names(value: Any) -> set[str]:
    """Every ``name`` in a dispute: a card's name is data, and may hold an English word ("Summoned Skull")."""
    if isinstance(value, Mapping):
        own = {str(value["name"])} if isinstance(value.get("name"), str) else set()
        return own.union(*(card_names(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(card_names(v) for v in value))
    return set()


def engine_sentences() -> list[tuple[set[str], Mapping[str, Any]]]:
    """Every violation, explanation sentence and dispute problem the engine says over all the disputes,
    with the names of the dispute's cards."""
    said: list[tuple[set[str], Mapping[str, Any]]] = []
    for dispute in all_disputes():
        names = card_names(dispute)
        try:
            ruling = engine.judge(dispute)
        except engine.DisputeError as error:
            said += [(names, problem) for problem in error.problems()]
            continue
        said += [(names, v) for v in ruling["violations"]]
        said += [(names, s) for s in ruling["explanation_sentences"]]
    return said


def english_in(sentence: Mapping[str, Any], names: set[str]) -> list[str]:
    """The plain values (and untemplated sentences) of ``sentence`` that hold an English word."""
    if "template" not in sentence:
        return [sentence.get("message") or sentence.get("text") or repr(sentence)]
    found: list[str] = []
    for key, value in sentence["values"].items():
        if isinstance(value, Mapping):
            found += english_in(value, names)
        elif isinstance(value, str) and value not in PLAYERS and not is_a_code(key):
            text = value
            for name in sorted(names, key=len, reverse=True):
                text = text.replace(name, " ")
            if {w.strip("(),.:;'") for w in text.lower().split()} & ENGLISH_WORDS:
                found.append(f"{sentence['template']!r}: {key}={value!r}")
    return found


def is_a_code(key: str) -> bool:
    """A problem's ``field``/``key`` is the dispute format's path, ``choices`` its codes (for the judge)."""
    return key in {"field", "key", "choices"}


def test_no_english_word_travels_as_a_plain_value_of_an_engine_sentence():
    said = engine_sentences()
    assert len(said) > 300
    spliced = sorted({found for names, sentence in said for found in english_in(sentence, names)})
    assert spliced == []
