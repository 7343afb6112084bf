"""Parallel passages: a judge finds every recorded quote, word for word, in the book it names, and a reader
is shown the rule in their own language where a book in it states the same rule."""

from __future__ import annotations

import re

import pytest

from rules.engine import parallels
from rules.engine.mtg import passages as mtg
from rules.engine.parallels import Parallel, parallel_for, passages_for, reader_language, reference_for
from rules.engine.references import YGO_ES, YGO_V9, YGO_V10, Reference
from rules.engine.yugioh import passages as ygo
from tests.shared_files import require_shared

RECORDED = list(parallels.recorded())
NAMES = {value: name for name, value in vars(ygo).items() if isinstance(value, Reference)}
IDS = [f"{NAMES[reference]}-{parallel.document.language}" for reference, parallel in RECORDED]
LANGUAGE_NAMES = {"English": "en", "Portuguese": "pt", "Spanish": "es"}


def _book(file: str) -> str:
    """The book's text with its whitespace collapsed: the only normalisation a quote is allowed."""
    return " ".join(require_shared(f"rulebooks/{file}").read_text(encoding="utf-8").split())


def _languages_in_the_readme() -> dict[str, str]:
    readme = require_shared("rulebooks/README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\|\s*(\S+\.txt)\s*\|[^|]*\|\s*(\w+)\s*\|", readme, flags=re.MULTILINE)
    return {file: LANGUAGE_NAMES[language] for file, language in rows}


@pytest.mark.parametrize(("reference", "parallel"), RECORDED, ids=IDS)
def test_each_quote_is_word_for_word_in_its_book(reference: Reference, parallel: Parallel):
    quote = " ".join(parallel.quote.split())

    assert quote in _book(parallel.document.file), f"{parallel.section}: the quote is not in the book"


@pytest.mark.parametrize(("reference", "parallel"), RECORDED, ids=IDS)
def test_each_parallel_is_in_the_language_its_book_is_written_in_and_not_the_cited_ones(
    reference: Reference, parallel: Parallel
):
    assert _languages_in_the_readme()[parallel.document.file] == parallel.document.language
    assert parallel.document.language != reference.document.language
    assert parallel.section
    assert parallel.quote


def test_the_books_cited_are_in_the_language_the_citations_claim():
    languages = _languages_in_the_readme()

    assert {YGO_V9.language, YGO_V10.language, YGO_ES.language} == {"pt", "en", "es"}
    for document in (YGO_V9, YGO_V10, YGO_ES):
        assert languages[document.file] == document.language


def test_a_reference_has_at_most_one_parallel_per_language():
    for reference, found in parallels.PARALLELS.items():
        languages = [parallel.document.language for parallel in found]
        assert len(languages) == len(set(languages)), reference.cite()


@pytest.mark.parametrize(
    ("code", "language"),
    [("pt-br", "pt"), ("pt-BR", "pt"), ("pt_BR", "pt"), ("pt", "pt"), ("es", "es"), ("es-419", "es"),
     ("en", "en"), ("en-us", "en"), ("", ""), (None, "")],
)  # fmt: skip
def test_a_readers_language_is_named_as_the_books_name_theirs(code: str | None, language: str):
    assert reader_language(code) == language


def test_a_spanish_reader_of_a_face_down_defense_attack_reads_the_spanish_book_too():
    original, spanish = passages_for(ygo.FACE_DOWN_TARGET, "es")

    assert original.original
    assert original.document == YGO_V9
    assert "face para cima em Posição de Defesa" in (original.quote or "")
    assert not spanish.original
    assert spanish.document == YGO_ES
    assert spanish.quote is not None
    assert spanish.quote.startswith("Si atacas una carta en Posicion de Defensa boca abajo, voltea la carta")
    assert spanish.page == "34"


def test_a_portuguese_reader_of_a_normal_set_reads_the_90_rulebook_where_it_says_baixar():
    original, portuguese = passages_for(ygo.NORMAL_SET, "pt-br")

    assert original.document == YGO_V10
    assert portuguese.document == YGO_V9
    assert portuguese.section == "Invocar Cards de Monstro, Baixar"
    assert portuguese.quote == (
        "Escolher um Card de Monstro da sua mão e colocá-lo no campo com a face para baixo em Posição de"
        " Defesa é chamado de Baixar."
    )


@pytest.mark.parametrize(
    ("reference", "language", "words"),
    [
        (ygo.DAMAGE_STEP_LIMIT, "es", "Durante el Damage Step solo puedes activar Cartas de Trampa"),
        (ygo.REPLAY, "es", "el primer monstruo también se considera que ha declarado un ataque"),
        (ygo.CHAIN_RESPONSE, "es", "Velocidad de Hechizo es 2 o mayor"),
        (ygo.TRIBUTES_BY_LEVEL, "pt-br", "Monstros de Nível 5 ou 6 requerem 1 Tributo"),
        (ygo.TRIBUTES_BY_LEVEL, "es", "requieren 1 Sacrificio"),
        (ygo.SPECIAL_SUMMON_POSITION, "pt", "Invocado por Invocação-Especial tanto com a face para cima"),
        (ygo.END_PHASE_HAND, "es", "descarta cartas al Cementerio hasta que sélo tengas 6 cartas"),
        (ygo.WIN_DECK_OUT, "es", "Tu adversario no puede robar una carta cuando debe hacerlo."),
        (ygo.QUICK_EFFECT, "en", "These types of effects have aSpell Speed of 2"),
    ],
)  # fmt: skip
def test_key_rules_name_the_passage_in_the_readers_book(reference: Reference, language: str, words: str):
    parallel = parallel_for(reference, language)

    assert parallel is not None
    assert words in parallel.quote


def test_a_reader_of_the_cited_books_language_is_shown_the_cited_passage_alone():
    assert passages_for(ygo.FACE_DOWN_TARGET, "pt-br") == passages_for(ygo.FACE_DOWN_TARGET, "pt")[:1]
    assert len(passages_for(ygo.NORMAL_SET, "en")) == 1
    # Turn structure and battle are past the end of the English transcription: no English parallel.
    assert parallel_for(ygo.FACE_DOWN_TARGET, "en") is None
    assert parallel_for(ygo.DRAW_FIRST_TURN, "es") is None


def test_magic_rules_have_no_parallel_the_folder_holds_magic_only_in_portuguese():
    magic = [value for value in vars(mtg).values() if isinstance(value, Reference)]

    assert magic
    assert all(parallel_for(reference, language) is None for reference in magic for language in ("en", "es"))


def test_each_cited_reference_is_found_again_from_the_rulings_json():
    assert len({reference.passage for reference in parallels.REFERENCES}) == len(parallels.REFERENCES)
    for reference in parallels.REFERENCES:
        assert reference_for(reference.as_dict()) is reference
        assert reference_for(reference.cite()) is reference
        assert reference_for(reference.passage) is reference

    assert reference_for({"document": "Another book", "passage": ygo.REPLAY.passage}) is None
    assert reference_for("Yu-Gi-Oh! Rulebook 9.0, Nowhere: a rule no engine cites") is None
