"""Banlists: YGOPro's ``lflist.conf`` text and a JSON form for either game.

``lflist.conf``::

    #[2018.09 TCG][2018.05 OCG]      <- comments start with #
    !2018.09 TCG                     <- a list begins: its name (the date in it is the effective date)
    #forbidden
    12345678 0 --Card Name           <- card id, copies allowed (0 Forbidden, 1 Limited, 2 Semi-Limited)

A line ``ID 3`` (no limit) is skipped with a reason; ``$whitelist`` and other ``$`` directives of newer
clients are skipped too. Anything else is malformed and named by its line number.

JSON: ``{"name", "effective": "YYYY-MM-DD", "game", "forbidden": [...], "limited": [...],
"semi_limited": [...]}``, or for Magic ``"banned"`` and ``"restricted"``; a list of such objects for several
lists. Entries are card names, or ids given as numbers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date

from decks.cardfields import MTG_STATUSES, YUGIOH_STATUSES
from decks.importers.records import (
    BanlistEntryRecord,
    BanlistRecord,
    MalformedFileError,
    ParsedBanlists,
    Skip,
    reason,
)
from rules.engine.sentences import gettext_noop

FORMAT_LFLIST = "lflist-conf"
FORMAT_JSON = "banlist-json"
STATUS_BY_COUNT = {count: status for status, count in YUGIOH_STATUSES.items()}
BANLIST_KEYS = frozenset(YUGIOH_STATUSES) | frozenset(MTG_STATUSES)

ENTRY_LINE = re.compile(r"^(?P<code>\d+)\s+(?P<count>-?\d+)(?:\s+(?P<comment>.*))?$")
DATE_IN_NAME = re.compile(
    r"(?<!\d)(?P<year>(?:19|20)\d\d)[.\-/](?P<month>\d{1,2})(?:[.\-/](?P<day>\d{1,2}))?(?!\d)"
)


def date_in_name(name: str) -> date | None:
    """The effective date a list's name carries ("2018.09 TCG" -> 2018-09-01), if any."""
    match = DATE_IN_NAME.search(name)
    if match is None:
        return None
    try:
        return date(int(match["year"]), int(match["month"]), int(match["day"] or 1))
    except ValueError:
        return None


def looks_like_lflist(text: str) -> bool:
    """A text whose first meaningful line is a ``!name`` header or an ``ID COUNT`` entry."""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        return line.startswith("!") or ENTRY_LINE.match(line) is not None
    return False


def parse_lflist(text: str, *, effective: date | None = None) -> ParsedBanlists:
    """Every ``!`` list of an ``lflist.conf``; ``effective`` dates a list whose name has no date."""
    lines = text.splitlines()
    parsed = ParsedBanlists(format=FORMAT_LFLIST, rows=0)
    current: BanlistRecord | None = None
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        where = f"line {number}"
        if not line or line.startswith("#"):
            continue
        if line.startswith("!"):
            name = line[1:].strip()
            if not name:
                raise MalformedFileError(where, reason(gettext_noop("a list header needs a name after '!'")))
            current = BanlistRecord(
                game="yugioh", name=name, where=where, effective=date_in_name(name) or effective
            )
            parsed.banlists.append(current)
            continue
        if line.startswith("$"):
            parsed.skips.append(
                Skip(
                    where,
                    reason(
                        gettext_noop("directive %(directive)s is not supported"),
                        directive=repr(line.split()[0]),
                    ),
                )
            )
            continue
        match = ENTRY_LINE.match(line)
        if match is None:
            raise MalformedFileError(
                where,
                reason(
                    gettext_noop("expected 'CARD_ID COUNT' or a '!list name' header, not %(line)s"),
                    line=repr(line[:60]),
                ),
            )
        if current is None:
            raise MalformedFileError(
                where, reason(gettext_noop("a card entry before any '!list name' header"))
            )
        parsed.rows += 1
        count = int(match["count"])
        if count == 3:
            parsed.skips.append(
                Skip(
                    where,
                    reason(
                        gettext_noop("card %(id)s is allowed 3 copies: that is no limit"), id=match["code"]
                    ),
                )
            )
            continue
        if count not in STATUS_BY_COUNT:
            raise MalformedFileError(
                where, reason(gettext_noop("copies allowed must be 0, 1, 2 or 3, not %(count)d"), count=count)
            )
        current.entries.append(
            BanlistEntryRecord(status=STATUS_BY_COUNT[count], where=where, code=match["code"])
        )
    if not parsed.banlists:
        raise MalformedFileError("line 1", reason(gettext_noop("no '!list name' header: not an lflist.conf")))
    return parsed


def looks_like_json(document: object) -> bool:
    if isinstance(document, list):
        return bool(document) and all(
            isinstance(item, Mapping) and BANLIST_KEYS & set(item) for item in document
        )
    return isinstance(document, Mapping) and bool(BANLIST_KEYS & set(document))


def _json_banlist(item: object, where: str) -> BanlistRecord:
    if not isinstance(item, Mapping):
        raise MalformedFileError(where, reason(gettext_noop("expected a banlist object")))
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        raise MalformedFileError(f"{where}.name", reason(gettext_noop("every banlist needs a name")))
    keys = BANLIST_KEYS & set(item)
    game = item.get("game")
    if game is None:
        game = "mtg" if keys <= set(MTG_STATUSES) else "yugioh"
    if game not in ("yugioh", "mtg"):
        raise MalformedFileError(
            f"{where}.game", reason(gettext_noop("expected 'yugioh' or 'mtg', not %(game)s"), game=repr(game))
        )
    statuses = YUGIOH_STATUSES if game == "yugioh" else MTG_STATUSES
    wrong = sorted(keys - set(statuses))
    if wrong:
        template = (
            gettext_noop("not a Yu-Gi-Oh! banlist status; expected %(statuses)s")
            if game == "yugioh"
            else gettext_noop("not a Magic banlist status; expected %(statuses)s")
        )
        raise MalformedFileError(f"{where}.{wrong[0]}", reason(template, statuses=", ".join(statuses)))
    effective_raw = item.get("effective")
    effective: date | None = None
    if effective_raw is not None:
        if not isinstance(effective_raw, str):
            raise MalformedFileError(
                f"{where}.effective", reason(gettext_noop("expected a date as YYYY-MM-DD"))
            )
        try:
            effective = date.fromisoformat(effective_raw)
        except ValueError:
            raise MalformedFileError(
                f"{where}.effective",
                reason(gettext_noop("%(date)s is not a YYYY-MM-DD date"), date=repr(effective_raw)),
            ) from None
    record = BanlistRecord(
        game=game, name=name.strip(), where=where, effective=effective or date_in_name(name)
    )
    for status in statuses:
        listed = item.get(status)
        if listed is None:
            continue
        if not isinstance(listed, list):
            raise MalformedFileError(
                f"{where}.{status}", reason(gettext_noop("expected a list of card names or ids"))
            )
        for index, ref in enumerate(listed):
            ref_where = f"{where}.{status}[{index}]"
            if isinstance(ref, str) and ref.strip():
                record.entries.append(BanlistEntryRecord(status=status, where=ref_where, name=ref.strip()))
            elif isinstance(ref, int) and not isinstance(ref, bool):
                record.entries.append(BanlistEntryRecord(status=status, where=ref_where, code=str(ref)))
            else:
                raise MalformedFileError(
                    ref_where,
                    reason(gettext_noop("expected a card name or id, not %(value)s"), value=repr(ref)),
                )
    return record


def parse_banlist_json(document: object) -> ParsedBanlists:
    """One banlist object or a list of them."""
    if not looks_like_json(document):
        raise MalformedFileError(
            "$",
            reason(gettext_noop("expected a banlist object with forbidden/limited/... or banned/restricted")),
        )
    items = document if isinstance(document, list) else [document]
    where = "[{}]" if isinstance(document, list) else "$"
    banlists = [_json_banlist(item, where.format(index)) for index, item in enumerate(items)]
    return ParsedBanlists(
        format=FORMAT_JSON, rows=sum(len(banlist.entries) for banlist in banlists), banlists=banlists
    )
