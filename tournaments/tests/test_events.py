"""Creating an event: it runs its game's current end-of-round procedure unless the organizer picks another."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from tournaments.models import Event
from tournaments.services import event_create
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("game", "procedure"), [("yugioh", "ygo_double_loss"), ("mtg", "mtg_five_turns")])
def test_an_event_runs_its_games_current_procedure_by_default(game, procedure):
    event = event_create(name="Locals", game=game, starts_at=timezone.now(), organizer=UserFactory())

    assert event.end_of_round == procedure


def test_an_organizer_may_run_the_older_yugioh_procedure():
    event = event_create(
        name="Retro", game="yugioh", starts_at=timezone.now(), organizer=UserFactory(), end_of_round="ygo_lp"
    )

    assert event.get_end_of_round_display().startswith("Yu-Gi-Oh! (policy before September 2025)")


def test_a_procedure_of_the_other_game_is_refused_by_name_and_nothing_is_created():
    with pytest.raises(ValidationError) as refused:
        event_create(
            name="Mixed up",
            game="mtg",
            starts_at=timezone.now() + timedelta(days=1),
            organizer=UserFactory(),
            end_of_round="ygo_lp",
        )

    assert (
        "“Yu-Gi-Oh! (policy before September 2025): finish the phase, higher LP wins the duel” is not an "
        "end-of-round procedure for Magic: The Gathering events."
        in refused.value.message_dict["end_of_round"]
    )
    assert not Event.objects.exists()
