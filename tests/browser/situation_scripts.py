"""How a player at a table fills each situation, step by step, and what is measured while they do.

Shared by the browser test (``test_situations.py``, which holds the goals) and the benchmark
(``bench/situations.py``, which prints the table). Each step is one input a player touches: a tap on a
link, radio button or tick box, a choice in a list, a number typed, or a card name typed and then picked
from the suggestions (two inputs).
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

VIEWPORT = {"width": 390, "height": 844}
YUGI, KAIBA = "Yugi Muto", "Seto Kaiba"

# The store's catalog as far as the scripts need it: a few famous cards, one of them a near namesake.
YUGIOH_CARDS: list[dict[str, Any]] = [
    {"name": "Dark Magician", "level": 7, "atk": 2500, "defense": 2100},
    {"name": "Dark Magic Attack", "kind": "spell", "frame": "", "icon": "normal"},
    {"name": "Summoned Skull", "level": 6, "atk": 2500, "defense": 1200},
    {"name": "Stardust Dragon", "frame": "synchro", "level": 8, "atk": 2500, "defense": 2000},
    {"name": "Trap Hole", "kind": "trap", "frame": "", "icon": "normal"},
    {"name": "Mirror Force", "kind": "trap", "frame": "", "icon": "normal"},
    {"name": "Solemn Judgment", "kind": "trap", "frame": "", "icon": "counter"},
    {"name": "Pot of Greed", "kind": "spell", "frame": "", "icon": "normal"},
    {"name": "Rush Recklessly", "kind": "spell", "frame": "", "icon": "quick-play"},
    {"name": "Mystical Space Typhoon", "kind": "spell", "frame": "", "icon": "quick-play"},
]


MTG_CARDS: list[dict[str, Any]] = [
    {"name": "Grizzly Bears", "types": ["creature"], "power": "2", "toughness": "2"},
    {"name": "Craw Wurm", "types": ["creature"], "power": "6", "toughness": "4"},
    {"name": "Divination", "types": ["sorcery"]},
    {"name": "Giant Growth", "types": ["instant"]},
    {
        "name": "Isamaru, Hound of Konda",
        "types": ["creature"],
        "supertypes": ["legendary"],
        "power": "2",
        "toughness": "2",
    },
]
CHANDRA, JACE = "Chandra Nalaar", "Jace Beleren"


def stock_the_catalog() -> None:
    from decks.tests.factories import CardFactory

    for card in YUGIOH_CARDS:
        values = dict(card)
        if values.get("kind") in ("spell", "trap"):
            values.update(level=None, atk=None, defense=None)
        CardFactory(**values)
    for card in MTG_CARDS:
        CardFactory(mtg=True, **card)


@dataclass(frozen=True)
class Script:
    key: str
    title: str  # the link the player taps on the situations page
    steps: tuple[tuple[Any, ...], ...]
    verdict: str  # "legal", "illegal" or "unknown": the preview's verdict class
    says: str  # words the preview must show
    game: str = "yugioh"


YUGIOH_SCRIPTS: tuple[Script, ...] = (
    Script(
        "attack",
        "An attack and its damage",
        (
            ("choose", "Who attacks?", YUGI),
            ("pick", "attacker", "Dark Mag", "Dark Magician"),
            ("select", "target_kind", "set"),
            ("fill", "target_def", "2000"),
        ),
        "legal",
        "destroyed",
    ),
    Script(
        "replay",
        "A replay: the attack target changed",
        (
            ("choose", "Who attacks?", YUGI),
            ("pick", "attacker", "Dark Mag", "Dark Magician"),
            ("choose", "What happened before damage", "the monster attacked left and another one arrived"),
        ),
        "legal",
        "replay",
    ),
    Script(
        "set_this_turn",
        "A Spell or Trap activated the turn it was Set",
        (
            ("choose", "Who activates it?", YUGI),
            ("pick", "card", "Trap H", "Trap Hole"),
            ("tick", "It was Set this turn"),
            ("choose", "Whose turn is it?", KAIBA),
        ),
        "illegal",
        "Set this turn",
    ),
    Script(
        "spell_speed",
        "A response of the wrong Spell Speed",
        (
            ("choose", "Who activated the first card?", YUGI),
            ("pick", "first", "Mirror", "Mirror Force"),
            ("choose", "Who responds?", KAIBA),
            ("pick", "response", "Pot of", "Pot of Greed"),
        ),
        "illegal",
        "Spell",
    ),
    Script(
        "damage_step",
        "An activation in the Damage Step",
        (
            ("choose", "Who activates it?", YUGI),
            ("pick", "card", "Rush", "Rush Recklessly"),
            ("tick", "Its effect changes a monster's ATK or DEF"),
        ),
        "legal",
        "Rush Recklessly",
    ),
    Script(
        "chain_order",
        "The order a chain resolves in",
        (
            ("pick", "link1", "Trap H", "Trap Hole"),
            ("pick", "link2", "Mystical", "Mystical Space Typhoon"),
            ("pick", "link3", "Solemn", "Solemn Judgment"),
            ("select", "negates", "2"),
        ),
        "legal",
        "3, 2, 1",
    ),
    Script(
        "tribute_summon",
        "A Normal Summon or Set, and its Tributes",
        (
            ("choose", "Who Summons it?", YUGI),
            ("pick", "card", "Summoned Sk", "Summoned Skull"),
            ("fill", "tributes", "1"),
        ),
        "legal",
        "Summoned Skull",
    ),
    Script(
        "special_summon",
        "A Special Summon's materials and zone",
        (
            ("choose", "Who Summons it?", YUGI),
            ("choose", "Summon", "Synchro"),
            ("pick", "card", "Stardust", "Stardust Dragon"),
            ("fill", "materials", "2, 6"),
            ("fill", "tuners", "1"),
            ("choose", "It goes to", "a Main Monster Zone"),
        ),
        "legal",
        "Synchro Summoned",
    ),
    Script(
        "change_position",
        "A battle position change",
        (
            ("choose", "Whose monster?", YUGI),
            ("pick", "card", "Dark Mag", "Dark Magician"),
            ("choose", "It is in", "Attack Position"),
            ("tick", "It came to the field this turn"),
        ),
        "illegal",
        "this turn",
    ),
    Script(
        "hand_size",
        "Hand size at the End Phase",
        (("choose", "Whose turn ends?", YUGI), ("fill", "hand", "9")),
        "legal",
        "3",
    ),
    Script(
        "first_draw",
        "The first turn's draw",
        (("choose", "Who draws?", YUGI), ("choose", "On", "the first turn of the duel")),
        "illegal",
        "first",
    ),
    Script("deck_out", "A deck-out", (("choose", "Who must draw?", KAIBA),), "legal", "Deck"),
    Script("exodia", "Exodia", (("choose", "Whose hand?", YUGI),), "legal", "Exodia"),
    Script(
        "match_tally",
        "A match tally",
        (("select", "duel1", "A"), ("select", "duel2", "B"), ("select", "duel3", "draw")),
        "legal",
        "draw",
    ),
)


MTG_SCRIPTS: tuple[Script, ...] = (
    Script(
        "combat",
        "Combat with blockers",
        (
            ("choose", "Who attacks?", CHANDRA),
            ("pick", "attacker", "Craw", "Craw Wurm"),
            ("tick", "Trample"),
            ("pick", "blocker1", "Grizzly", "Grizzly Bears"),
            ("fill", "assignment", "2, 4"),
        ),
        "legal",
        "16",
        game="mtg",
    ),
    Script(
        "cast_timing",
        "Casting at the wrong time",
        (
            ("choose", "Who casts it?", CHANDRA),
            ("pick", "card", "Divin", "Divination"),
            ("choose", "Whose turn is it?", JACE),
            ("select", "moment", "main1"),
        ),
        "illegal",
        "Divination",
        game="mtg",
    ),
    Script(
        "second_land",
        "A second land",
        (
            ("choose", "Who plays the land?", CHANDRA),
            ("choose", "Whose turn is it?", CHANDRA),
            ("select", "moment", "main1"),
        ),
        "illegal",
        "land",
        game="mtg",
    ),
    Script(
        "legend_rule",
        "The legend rule",
        (
            ("pick", "legend", "Isamaru", "Isamaru, Hound of Konda"),
            ("choose", "Who controls the one that came into play first?", CHANDRA),
            ("choose", "The newer one is controlled by", "the same player"),
        ),
        "legal",
        "Isamaru",
        game="mtg",
    ),
    Script(
        "state_based",
        "State-based actions",
        (
            ("choose", "Whose creature?", JACE),
            ("pick", "creature", "Grizzly", "Grizzly Bears"),
            ("fill", "damage", "2"),
        ),
        "legal",
        "destroyed",
        game="mtg",
    ),
    Script(
        "match_tally",
        "A match tally",
        (("select", "game1", "A"), ("select", "game2", "A")),
        "legal",
        "wins the match",
        game="mtg",
    ),
)


@dataclass
class Measure:
    inputs: int = 0
    lowest: float = 0.0  # the lowest point on the page the player had to see, in CSS pixels
    seconds: float = 0.0
    floor: float = 0.0  # opening the situation's form, touching nothing: the least any run takes
    preview: str = ""
    verdict: str = ""
    touched: list[str] = field(default_factory=list)

    @property
    def screens(self) -> float:
        return self.lowest / VIEWPORT["height"]


def _see(page: Any, locator: Any, measure: Measure) -> None:
    box = locator.bounding_box()
    scrolled = page.evaluate("window.scrollY")
    if box is not None:
        measure.lowest = max(measure.lowest, scrolled + box["y"] + box["height"])


def _touch(page: Any, locator: Any, measure: Measure, what: str) -> None:
    locator.scroll_into_view_if_needed()
    _see(page, locator, measure)
    measure.inputs += 1
    measure.touched.append(what)


def play(page: Any, situations_url: str, script: Script) -> Measure:
    """Fill ``script``'s situation from the situations page as a player would; measure it."""
    page.goto(situations_url)
    measure = Measure()
    started = time.monotonic()
    link = page.get_by_role("link", name=script.title)
    _touch(page, link, measure, "situation")
    link.click()
    page.wait_for_selector("form.situation-form")
    measure.floor = time.monotonic() - started
    for step in script.steps:
        kind = step[0]
        if kind == "choose":
            legend, label = step[1], step[2]
            exactly = re.compile(rf"^\s*{re.escape(legend)}\s*\*?\s*$")  # "*": the ruling needs it
            option = page.locator("fieldset.choice").filter(has=page.locator("legend", has_text=exactly))
            target = option.first.get_by_label(label, exact=True)
            _touch(page, target, measure, f"{legend} {label}")
            target.check()
        elif kind == "pick":
            slot, typed, card = step[1], step[2], step[3]
            name = page.locator(f"[name={slot}_name]")
            _touch(page, name, measure, f"type {typed}")
            name.press_sequentially(typed, delay=20)
            button = page.locator(f"#suggest-{slot} [data-card-pick]", has_text=card).first
            button.wait_for()
            _touch(page, button, measure, f"pick {card}")
            button.click()
        elif kind == "select":
            target = page.locator(f"[name={step[1]}]")
            _touch(page, target, measure, f"choose {step[2]}")
            target.select_option(step[2])
        elif kind == "fill":
            target = page.locator(f"[name={step[1]}]")
            _touch(page, target, measure, f"type {step[2]}")
            target.fill(step[2])
            target.dispatch_event("change")
        elif kind == "tick":
            target = page.get_by_label(step[1], exact=True)
            _touch(page, target, measure, step[1])
            target.check()
    # The preview follows each change: wait for the one that answers the last input (an earlier answer
    # may still be on the page while the last request is on its way).
    expect(page.locator("#preview")).to_contain_text(script.says, timeout=10_000)
    headline = page.locator(f"#preview .verdict-{script.verdict}")
    # A preview answering an earlier input may still replace the one shown (the same words, a new element):
    # scroll to whichever is on the page once it is settled.
    for attempt in range(3):
        headline.wait_for()
        try:
            headline.scroll_into_view_if_needed()
            break
        except PlaywrightError:
            if attempt == 2:
                raise
    _see(page, headline, measure)
    measure.seconds = time.monotonic() - started
    measure.preview = page.locator("#preview").inner_text()
    measure.verdict = script.verdict
    return measure
