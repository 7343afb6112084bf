"""The judge page's Magic builder: the forms assemble the spec's dispute, and the page judges it."""

from __future__ import annotations

from typing import Any

import pytest
from django import forms

from rules.forms_mtg import parse_blocks, parse_combat, parse_sequence
from rules.models import Ruling
from rules.tests.conftest import example
from rules.views import builder_for
from tournaments.tests.factories import UserFactory


def formset(prefix: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Rows of a formset as a browser posts them, with the management form."""
    data: dict[str, Any] = {f"{prefix}-TOTAL_FORMS": str(len(rows)), f"{prefix}-INITIAL_FORMS": "0"}
    for index, row in enumerate(rows):
        data.update({f"{prefix}-{index}-{key}": value for key, value in row.items()})
    return data


def blocked_creature_form(**overrides: Any) -> dict[str, Any]:
    """What a judge types for the spec example "Hill Giant attacks, Grizzly Bears blocks"."""
    data: dict[str, Any] = {
        "mode": "build",
        "game": "mtg",
        "revision": "",
        "turn": "6",
        "active_player": "B",
        "phase": "combat",
        "step": "combat_damage",
        "life_a": "12",
        "life_b": "9",
        **formset(
            "cards",
            [
                {
                    "card_id": "a1",
                    "name": "Grizzly Bears",
                    "controller": "A",
                    "location": "battlefield",
                    "types": ["creature"],
                    "power": "2",
                    "toughness": "2",
                    "damage": "0",
                },
                {
                    "card_id": "b1",
                    "name": "Hill Giant",
                    "controller": "B",
                    "location": "battlefield",
                    "types": ["creature"],
                    "power": "3",
                    "toughness": "3",
                    "damage": "0",
                    "tapped": "on",
                },
                {},  # an untouched row is left out
            ],
        ),
        **formset("stack", [{}, {}, {}]),
        "type": "combat_damage",
        "combat": "b1: a1",
    }
    return {**data, **overrides}


def with_cards(data: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, Any]:
    """``data`` with its card rows replaced by ``rows``."""
    kept = {key: value for key, value in data.items() if not key.startswith("cards-")}
    return {**kept, **formset("cards", rows)}


def built(data: dict[str, Any]) -> dict[str, Any]:
    builder = builder_for("mtg", data, {})
    assert builder.is_valid(), [form.errors for form in builder.forms.values()]
    return builder.dispute()


def test_the_filled_form_is_exactly_the_spec_example():
    assert built(blocked_creature_form()) == example("mtg-blocked-creature-dies")["dispute"]


def test_hand_cards_stack_and_optional_keys_are_written_only_when_given():
    data = with_cards(
        blocked_creature_form(
            revision="current",
            first_player="A",
            library_a="33",
            lands_played_b="1",
            hand_b="4",
            type="cast",
            player="B",
            card="b2",
            **formset("stack", [{"card": "Giant Growth", "player": "A", "kind": "spell"}, {}]),
        ),
        [
            {
                "card_id": "b2",
                "name": "Lightning Bolt",
                "controller": "B",
                "location": "hand",
                "types": ["instant"],
            },
            {
                "card_id": "a7",
                "name": "Serra Angel",
                "controller": "A",
                "types": ["creature"],
                "supertypes": ["legendary"],
                "abilities": ["flying", "first_strike"],
                "entered_turn": "5",
                "power": "4",
                "toughness": "4",
            },
        ],
    )

    dispute = built(data)

    assert dispute["revision"] == "current"
    assert dispute["state"]["first_player"] == "A"
    assert dispute["state"]["stack"] == [{"card": "Giant Growth", "player": "A", "kind": "spell"}]
    assert dispute["state"]["players"]["A"]["library"] == 33
    # B's hand count gives way to the listed card (the spec's hand is a number or a list of cards).
    assert dispute["state"]["players"]["B"]["hand"] == [
        {"id": "b2", "name": "Lightning Bolt", "types": ["instant"]}
    ]
    assert dispute["state"]["players"]["B"]["lands_played"] == 1
    assert dispute["state"]["players"]["A"]["battlefield"] == [
        {
            "id": "a7",
            "name": "Serra Angel",
            "types": ["creature"],
            "supertypes": ["legendary"],
            "abilities": ["flying", "first_strike"],
            "entered_turn": 5,
            "power": 4,
            "toughness": 4,
        }
    ]
    assert dispute["action"] == {"type": "cast", "player": "B", "card": "b2"}


def test_declare_attackers_takes_the_comma_separated_ids():
    dispute = built(blocked_creature_form(type="declare_attackers", player="B", attackers="b1, b3,"))

    assert dispute["action"] == {"type": "declare_attackers", "player": "B", "attackers": ["b1", "b3"]}


def test_declare_blockers_sends_the_blocks_and_marks_attacking_creatures_and_subtypes():
    """309.1: the defending player's blocks; 308.5: the state marks which creatures attack."""
    data = with_cards(
        blocked_creature_form(
            type="declare_blockers", player="A", step="declare_blockers", blocks="b1: a1, a2"
        ),
        [
            {"card_id": "b1", "controller": "B", "types": ["creature"], "tapped": "on", "attacking": "on"},
            {"card_id": "a1", "controller": "A", "types": ["creature"], "subtypes": "Wall, Plant"},
            {"card_id": "a2", "controller": "A", "types": ["creature"], "abilities": ["reach"]},
        ],
    )

    dispute = built(data)

    assert dispute["action"] == {
        "type": "declare_blockers",
        "player": "A",
        "blocks": [{"blocker": "a1", "attacker": "b1"}, {"blocker": "a2", "attacker": "b1"}],
    }
    (b1,) = dispute["state"]["players"]["B"]["battlefield"]
    assert (b1["tapped"], b1["attacking"]) == (True, True)
    assert dispute["state"]["players"]["A"]["battlefield"][0]["subtypes"] == ["Wall", "Plant"]


def test_a_mulligan_sends_zero_mulligans_taken():
    """101.5: deciding on the opening hand is zero mulligans taken, which the builder must not drop."""
    dispute = built(blocked_creature_form(type="mulligan", player="B", mulligans_taken="0"))

    assert dispute["action"] == {"type": "mulligan", "player": "B", "mulligans_taken": 0}


def test_resolve_stack_sends_the_priority_sequence_and_who_has_priority():
    """408.1c: the passes and casts in order, from the player the state says holds priority."""
    data = blocked_creature_form(
        type="resolve_stack",
        priority="A",
        sequence="A cast Giant Growth\nA pass\nb PASS",
        **formset("stack", [{"card": "Lightning Bolt", "player": "B", "kind": "spell"}]),
    )

    dispute = built(data)

    assert dispute["state"]["priority"] == "A"
    assert dispute["action"] == {
        "type": "resolve_stack",
        "sequence": [
            {"player": "A", "does": "cast", "card": "Giant Growth"},
            {"player": "A", "does": "pass"},
            {"player": "B", "does": "pass"},
        ],
    }


@pytest.mark.parametrize("text", ["A", "C pass", "A cast", "A pass b2", "B resolve b2"])
def test_a_mistyped_priority_line_is_refused(text: str):
    with pytest.raises(forms.ValidationError):
        parse_sequence(text)


def test_blocker_lines_read_one_attacker_per_line():
    assert parse_blocks("a1: b1, b2\n\n a2 : b3") == [
        {"blocker": "b1", "attacker": "a1"},
        {"blocker": "b2", "attacker": "a1"},
        {"blocker": "b3", "attacker": "a2"},
    ]


@pytest.mark.parametrize(("text", "line"), [("a1 b1", 1), ("a1: b1\na2:", 2), (": b1", 1)])
def test_a_mistyped_blocker_line_is_named_in_the_form(text: str, line: int):
    builder = builder_for("mtg", blocked_creature_form(type="declare_blockers", blocks=text), {})

    assert not builder.is_valid()
    assert f"Line {line}:" in builder.forms["action"].errors["blocks"][0]


def test_combat_lines_read_blockers_and_damage_assignment():
    text = "b1: a1, a2 | a1=2, a2=1\n\n  b3  \nb4:"

    assert parse_combat(text) == [
        {"attacker": "b1", "blockers": ["a1", "a2"], "assignment": {"a1": 2, "a2": 1}},
        {"attacker": "b3", "blockers": []},
        {"attacker": "b4", "blockers": []},
    ]


@pytest.mark.parametrize(
    ("text", "line"),
    [("b1: a1 | a1 two", 1), ("b1: a1\n: a2", 2), ("b1: a1 | a1=²", 1)],  # "²" is a digit, not a number
)
def test_a_mistyped_combat_line_is_named_in_the_form(text: str, line: int):
    builder = builder_for("mtg", blocked_creature_form(combat=text), {})

    assert not builder.is_valid()
    assert f"Line {line}:" in builder.forms["action"].errors["combat"][0]


@pytest.mark.django_db
def test_the_judge_page_offers_the_magic_builder(client):
    client.force_login(UserFactory())

    page = client.get("/rulings/new/?game=mtg&mode=build&life_b=7").content.decode()

    assert "Magic: The Gathering" in page
    assert 'name="active_player"' in page
    assert 'name="life_a" value="20"' in page
    assert 'name="life_b" value="7"' in page
    assert 'name="combat"' in page
    assert 'name="stack-0-card"' in page
    assert 'href="?game=mtg&amp;mode=json"' in page
    assert 'name="turn_player"' not in page  # not the Yu-Gi-Oh! builder


@pytest.mark.django_db
def test_posting_a_magic_state_stores_the_engines_ruling(client):
    client.force_login(UserFactory())

    response = client.post("/rulings/new/", blocked_creature_form())

    assert response.status_code == 302
    stored = Ruling.objects.get()
    expected = example("mtg-blocked-creature-dies")
    assert stored.dispute == expected["dispute"]
    assert stored.ruling["outcome"]["destroyed"] == expected["expected_ruling"]["outcome"]["destroyed"]


@pytest.mark.django_db
def test_a_mistyped_magic_form_re_renders_with_the_error(client):
    client.force_login(UserFactory())

    response = client.post("/rulings/new/", blocked_creature_form(combat="b1: a1 | a1=lots"))

    assert response.status_code == 400  # refused input, as the match dispute page and the API answer
    assert "Line 1: write each damage assignment as" in response.content.decode()
    assert not Ruling.objects.exists()


def test_a_card_without_an_id_is_named_by_its_controllers_letter_and_its_row():
    """What the page says: b2 is row 2, controlled by B; an empty row before it changes nothing."""
    data = with_cards(
        blocked_creature_form(type="declare_attackers", player="B", attackers="b3"),
        [
            {},
            {"name": "Grizzly Bears", "controller": "A", "types": ["creature"]},
            {"name": "Hill Giant", "controller": "B", "types": ["creature"]},
        ],
    )

    dispute = built(data)

    assert [card["id"] for card in dispute["state"]["players"]["A"]["battlefield"]] == ["a2"]
    assert [card["id"] for card in dispute["state"]["players"]["B"]["battlefield"]] == ["b3"]


@pytest.mark.django_db
def test_the_magic_builder_names_the_players(client):
    client.force_login(UserFactory())

    page = client.get("/rulings/new/?game=mtg&mode=build").content.decode()

    assert "Player B&#x27;s life" in page
    assert "Cards in Player A&#x27;s hand" in page
    assert '<option value="B">Player B</option>' in page
    assert "Give each card an id" not in page
