"""The catalogues: every string people read is in them, translated, with the same placeholders, and compiled.

The pages themselves are checked in ``tests/test_pages_translated.py`` (a page rendered in Portuguese or
Spanish carries no English sentence). Here: the catalogues against the source (``make messages`` gathers
them) and against their compiled form, which is committed so that serving the site needs no gettext.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ("pt_BR", "es")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]|%[sdif]")


def catalogue(locale: str) -> polib.POFile:
    return polib.pofile(str(ROOT / "locale" / locale / "LC_MESSAGES" / "django.po"))


def key(entry: polib.POEntry) -> tuple[str | None, str]:
    return (entry.msgctxt, entry.msgid)


def translations(entry: polib.POEntry) -> list[str]:
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


def same_placeholders(entry: polib.POEntry, text: str) -> bool:
    """The same placeholders, in any order; a plural's singular form may leave out the number ("um card")."""
    expected = PLACEHOLDER.findall(entry.msgid_plural or entry.msgid)
    found = PLACEHOLDER.findall(text)
    return set(found) <= set(expected) if entry.msgid_plural else sorted(found) == sorted(expected)


@pytest.fixture(scope="module")
def gathered(tmp_path_factory: pytest.TempPathFactory) -> polib.POFile:
    """The catalogue ``make messages`` would gather from the source today (in a copy: the repo stays)."""
    if shutil.which("xgettext") is None:
        pytest.fail("xgettext is missing: install gettext (Debian: apt install gettext)")
    copy = tmp_path_factory.mktemp("source") / "arbiter"
    shutil.copytree(
        ROOT,
        copy,
        ignore=shutil.ignore_patterns(".venv", ".git", "var", "locale", "node_modules", "*.pyc", ".*_cache"),
    )
    (copy / "locale").mkdir()
    ignore = ["bench", "tests", "*/tests/*", "staticfiles"]
    command = [sys.executable, "manage.py", "makemessages", "--locale=pt_BR", "--add-location=never"]
    command += [f"--ignore={pattern}" for pattern in ignore]
    subprocess.run(command, cwd=copy, check=True, capture_output=True, timeout=300)
    return polib.pofile(str(copy / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"))


@pytest.mark.parametrize("locale", LOCALES)
def test_every_string_of_the_source_is_in_the_catalogue(gathered, locale):
    known = {key(entry) for entry in catalogue(locale) if not entry.obsolete}
    missing = sorted({key(entry) for entry in gathered} - known, key=str)

    assert not missing, f"{len(missing)} strings not in locale/{locale} (run `make messages`): {missing[:10]}"


@pytest.mark.parametrize("locale", LOCALES)
def test_no_entry_is_left_untranslated_or_fuzzy(locale):
    po = catalogue(locale)
    empty = [entry.msgid for entry in po if not entry.obsolete and not all(translations(entry))]
    fuzzy = [entry.msgid for entry in po if "fuzzy" in entry.flags and not entry.obsolete]

    assert not empty, f"locale/{locale}: {len(empty)} entries have no translation: {empty[:10]}"
    assert not fuzzy, f"locale/{locale}: {len(fuzzy)} fuzzy entries (check, then unflag them): {fuzzy[:10]}"


@pytest.mark.parametrize("locale", LOCALES)
def test_a_translation_keeps_the_placeholders_of_its_source(locale):
    wrong = [
        (entry.msgid, text)
        for entry in catalogue(locale)
        for text in translations(entry)
        if text and not same_placeholders(entry, text)
    ]

    assert not wrong, f"locale/{locale}: placeholders differ from the English: {wrong[:5]}"


@pytest.mark.parametrize("locale", LOCALES)
def test_the_compiled_catalogue_is_the_catalogue(locale):
    compiled = polib.mofile(str(ROOT / "locale" / locale / "LC_MESSAGES" / "django.mo"))
    source = {key(entry): translations(entry) for entry in catalogue(locale) if not entry.obsolete}

    assert {key(entry): translations(entry) for entry in compiled if entry.msgid} == source, (
        f"locale/{locale}/LC_MESSAGES/django.mo is out of date: run `make messages`"
    )


def test_no_translate_tag_holds_an_escaped_quote():
    """``{% translate "a \\"b\\"" %}`` is never gathered, so never translated: use blocktranslate."""
    escaped = re.compile(r'{%\s*(?:translate|trans)\s+"(?:[^"\\]|\\.)*\\"')
    found = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "templates").rglob("*.html"))
        if escaped.search(path.read_text(encoding="utf-8"))
    ]

    assert not found, f"translate tags with an escaped quote (use blocktranslate): {found}"
