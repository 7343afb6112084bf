"""Round time at a match: extensions, calling time, and each end-of-round procedure end to end.

The procedures are the event's ``end_of_round`` setting (``rules.engine.end_of_round``): the Yu-Gi-Oh!
Tournament Policy before September 2025 (``ygo_lp``), its 2025 revision (``ygo_double_loss``), and Magic's
five extra turns (``mtg_five_turns``).
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import timezone

from matches.models import Duel, Match, ResultChange
from matches.services import MatchConflict, MatchOver, duel_start
from matches.services.timing import (
    duel_finish_at_time,
    match_call_time,
    match_time_due,
    round_call_time,
    time_extension_grant,
)
from matches.tests.factories import DuelFactory, MatchFactory
from tournaments.models import EventRole
from tournaments.tests.factories import EventFactory, EventRoleFactory, RoundFactory, UserFactory

pytestmark = pytest.mark.django_db


def setup(procedure: str, *, game: str = "yugioh", ends_at=None):
    """A match at an event running ``procedure``, and a judge of that event."""
    event = EventFactory(game=game, end_of_round=procedure)
    match = MatchFactory(round=RoundFactory(event=event, ends_at=ends_at))
    judge = EventRoleFactory(event=event, role=EventRole.Role.JUDGE).user
    return match, judge


def won_then_playing(match, first="A"):
    """Duel 1 won by ``first``; duel 2 under way (its loser chose to play first)."""
    DuelFactory(match=match, number=1, result=first, reason="lp")
    loser = "B" if first == "A" else "A"
    return DuelFactory(match=match, number=2, chooser=loser, choice="first", first_player=loser)


def refreshed(match):
    return Match.objects.get(pk=match.pk)


# --- Yu-Gi-Oh! before September 2025: finish the phase, higher LP wins the duel ---------------------------


def test_ygo_lp_the_unfinished_duel_goes_to_the_higher_lp_and_the_match_is_decided_on_wins():
    """Yu-Gi-Oh! policy before September 2025: 1-0, duel 2 unfinished at 3000 vs 5000 LP -> B, 1-1 draw."""
    match, judge = setup("ygo_lp")
    duel_2 = won_then_playing(match, first="A")

    match_call_time(match_id=match.pk, by=judge)
    called = refreshed(match)
    assert called.time_called_at is not None
    assert called.status == Match.Status.PLAYING  # the players finish the phase first

    duel_finish_at_time(match_id=match.pk, by=judge, lp_a=3000, lp_b=5000)

    duel_2.refresh_from_db()
    assert (duel_2.result, duel_2.reason) == ("B", "time")
    final = refreshed(match)
    assert (final.status, final.result) == (Match.Status.FINAL, "draw")
    assert (final.games_a, final.games_b, final.games_drawn) == (1, 1, 0)
    audit = ResultChange.objects.get(match=match)
    assert audit.duel_number == 2
    assert (audit.after["lp_a"], audit.after["lp_b"]) == (3000, 5000)


def test_ygo_lp_players_score_the_duel_only_when_both_agree():
    """Yu-Gi-Oh! policy before September 2025: a player's LP entry is a report; two agreeing ones count."""
    match, judge = setup("ygo_lp")
    duel_2 = won_then_playing(match, first="A")
    match_call_time(match_id=match.pk, by=judge)

    duel_finish_at_time(match_id=match.pk, by=match.player_a, lp_a=6000, lp_b=2000)
    assert refreshed(match).status == Match.Status.PLAYING
    duel_finish_at_time(match_id=match.pk, by=match.player_b, lp_a=6000, lp_b=2000)

    duel_2.refresh_from_db()
    assert (duel_2.result, duel_2.reason) == ("A", "time")
    assert refreshed(match).result == "a"  # 2-0


def test_ygo_lp_needs_both_lp_totals():
    """Yu-Gi-Oh! policy before September 2025: the LP decide, so both are needed; the 400 names the field."""
    match, judge = setup("ygo_lp")
    won_then_playing(match)
    match_call_time(match_id=match.pk, by=judge)

    with pytest.raises(ValidationError) as error:
        duel_finish_at_time(match_id=match.pk, by=judge, lp_a=4000)

    assert "lp_b" in error.value.message_dict
    assert Duel.objects.get(match=match, number=2).result == ""


def test_ygo_lp_time_with_no_duel_being_played_decides_the_match_on_wins_at_once():
    """Yu-Gi-Oh! policy before September 2025: more duel wins takes the match when time is called."""
    match, judge = setup("ygo_lp")
    DuelFactory(match=match, number=1, result="B", reason="lp")

    match_call_time(match_id=match.pk, by=judge)

    final = refreshed(match)
    assert (final.status, final.result, final.games_b) == (Match.Status.FINAL, "b", 1)


# --- Yu-Gi-Oh! 2025 revision: a match nobody has won is a loss for both -----------------------------------


def test_ygo_2025_a_match_not_over_at_time_is_a_double_loss():
    """Yu-Gi-Oh! 2025 revision: 1-0 with duel 2 being played is a loss for both when time is called."""
    match, judge = setup("ygo_double_loss")
    duel_2 = won_then_playing(match, first="A")

    match_call_time(match_id=match.pk, by=judge)

    final = refreshed(match)
    assert (final.status, final.result) == (Match.Status.FINAL, "double_loss")
    assert (final.games_a, final.games_b) == (1, 0)
    duel_2.refresh_from_db()
    assert duel_2.result == ""  # left unfinished: it has no result under this procedure
    with pytest.raises(MatchOver):
        duel_finish_at_time(match_id=match.pk, by=judge, lp_a=1, lp_b=2)


def test_ygo_2025_a_match_already_over_is_untouched():
    """Yu-Gi-Oh! 2025 revision: only a match nobody has won is a double loss; a won one stands."""
    match, judge = setup("ygo_double_loss")
    DuelFactory(match=match, number=1, result="A", reason="lp")
    DuelFactory(match=match, number=2, chooser="B", result="A", reason="lp", choice="first", first_player="B")
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINAL, result="a", games_a=2)

    with pytest.raises(MatchOver):
        match_call_time(match_id=match.pk, by=judge)

    final = refreshed(match)
    assert (final.status, final.result, final.time_called_at) == (Match.Status.FINAL, "a", None)


def test_calling_time_twice_keeps_the_first_time():
    """Any procedure: calling time again changes nothing (the 2025 revision's double loss stays as it was)."""
    match, judge = setup("ygo_double_loss")
    match_call_time(match_id=match.pk, by=judge)
    first = refreshed(match).time_called_at

    match_call_time(match_id=match.pk, by=judge)

    again = refreshed(match)
    assert again.time_called_at == first
    assert again.result == "double_loss"


# --- Magic: the current turn plus five more, an unfinished game is a draw ---------------------------------


def test_mtg_an_unfinished_game_is_a_draw_and_the_match_is_decided_on_wins():
    """Magic, five extra turns: game 2 unfinished is a draw; 1-0-1 takes the match for A."""
    match, judge = setup("mtg_five_turns", game="mtg")
    game_2 = won_then_playing(match, first="A")
    match_call_time(match_id=match.pk, by=judge)

    duel_finish_at_time(match_id=match.pk, by=judge)

    game_2.refresh_from_db()
    assert (game_2.result, game_2.reason) == ("draw", "time")
    final = refreshed(match)
    assert (final.status, final.result) == (Match.Status.FINAL, "a")
    assert (final.games_a, final.games_b, final.games_drawn) == (1, 0, 1)


# --- Who may act, and what is refused --------------------------------------------------------------------


def test_no_new_duel_starts_after_time():
    """Yu-Gi-Oh! policy before September 2025: after time only the duel being played is finished."""
    match, _judge = setup("ygo_lp")
    DuelFactory(match=match, number=1, result="draw", reason="lp")
    Match.objects.filter(pk=match.pk).update(time_called_at=timezone.now())

    with pytest.raises(MatchConflict):
        duel_start(match_id=match.pk, player=match.player_a, choice="first")


def test_players_and_strangers_cannot_extend_or_call_time():
    match, _judge = setup("ygo_lp")

    with pytest.raises(PermissionDenied):
        time_extension_grant(match_id=match.pk, judge=match.player_a, minutes=5, reason="judge_call")
    with pytest.raises(PermissionDenied):
        match_call_time(match_id=match.pk, by=match.player_b)
    with pytest.raises(PermissionDenied):
        duel_finish_at_time(match_id=match.pk, by=UserFactory(), lp_a=1, lp_b=2)
    assert refreshed(match).time_called_at is None


def test_extensions_move_the_time_due_and_are_refused_when_out_of_range():
    ends_at = timezone.now().replace(microsecond=0) + timedelta(minutes=10)
    match, judge = setup("ygo_lp", ends_at=ends_at)

    time_extension_grant(match_id=match.pk, judge=judge, minutes=3, reason="judge_call")
    time_extension_grant(match_id=match.pk, judge=judge, minutes=5, reason="deck_check", note="table 4")

    assert match_time_due(refreshed(match)) == ends_at + timedelta(minutes=8)
    with pytest.raises(ValidationError) as error:
        time_extension_grant(match_id=match.pk, judge=judge, minutes=61, reason="nap")
    assert set(error.value.message_dict) == {"minutes", "reason"}


def test_a_final_match_gets_no_extension():
    match, judge = setup("ygo_lp")
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINAL, result="a")

    with pytest.raises(MatchOver):
        time_extension_grant(match_id=match.pk, judge=judge, minutes=5, reason="other")


def test_a_round_without_a_timer_has_no_time_due():
    match, _judge = setup("ygo_lp")

    assert match_time_due(match) is None


def test_finishing_at_time_before_time_is_called_is_refused():
    match, judge = setup("ygo_lp")
    won_then_playing(match)

    with pytest.raises(MatchConflict):
        duel_finish_at_time(match_id=match.pk, by=judge, lp_a=1, lp_b=2)


def test_calling_time_for_the_round_skips_matches_still_in_extra_time():
    """Yu-Gi-Oh! 2025 revision across a round: a match with minutes left keeps playing until they run out."""
    ends_at = timezone.now() - timedelta(minutes=1)
    event = EventFactory(end_of_round="ygo_double_loss")
    round_ = RoundFactory(event=event, ends_at=ends_at)
    judge = EventRoleFactory(event=event, role=EventRole.Role.JUDGE).user
    plain, extended, over = (MatchFactory(round=round_) for _ in range(3))
    time_extension_grant(match_id=extended.pk, judge=judge, minutes=5, reason="deck_check")
    Match.objects.filter(pk=over.pk).update(status=Match.Status.FINAL, result="b")

    outcome = round_call_time(round_id=round_.pk, by=judge)

    assert (outcome.called, outcome.in_extra_time, outcome.disputed) == (1, 1, 0)
    assert refreshed(plain).result == "double_loss"
    assert refreshed(extended).time_called_at is None
    assert refreshed(over).result == "b"
    # Once its extra time has passed, the next call catches it.
    later = round_call_time(round_id=round_.pk, by=judge, now=timezone.now() + timedelta(minutes=10))
    assert (later.called, later.already_called) == (1, 1)
    assert refreshed(extended).result == "double_loss"
    with pytest.raises(PermissionDenied):
        round_call_time(round_id=round_.pk, by=plain.player_a)


def test_an_extension_form_submitted_twice_grants_the_minutes_once(client):
    """A double tap on "Grant extension" must not give the table six minutes instead of three."""
    match = MatchFactory()
    judge = EventRoleFactory(event=match.round.event).user
    client.force_login(judge)
    page = client.get(reverse("match-detail", args=[match.pk])).content.decode()
    url = reverse("match-extension", args=[match.pk])
    form_start = page.index(f'action="{url}"')
    key = re.search(r'name="form_key" value="([^"]+)"', page[form_start:]).group(1)
    form = {"form_key": key, "minutes": 3, "reason": "judge_call"}

    for _ in range(2):
        client.post(url, form)

    assert list(match.time_extensions.values_list("minutes", flat=True)) == [3]


@pytest.mark.parametrize(
    ("procedure", "game", "language", "step"),
    [
        (
            "ygo_double_loss",
            "yugioh",
            "pt-br",
            "Uma partida que ninguém venceu quando o tempo se esgota é uma derrota",
        ),
        (
            "mtg_five_turns",
            "mtg",
            "es",
            "El jugador activo termina el turno actual y luego se juegan cinco turnos más.",
        ),
    ],
)
def test_a_player_reads_what_to_do_when_time_is_called_in_their_language(
    client, procedure, game, language, step
):
    match, judge = setup(procedure, game=game)
    match_call_time(match_id=match.pk, by=judge)
    client.force_login(match.player_a)

    page = client.get(reverse("match-detail", args=[match.pk]), headers={"accept-language": language})

    assert step in page.content.decode()


def test_a_duel_decided_at_time_reads_with_names_in_the_players_language(client):
    """The note on the duel the judge scored at time names the players (never "A" or "B") and reads in
    each reader's language."""
    match, judge = setup("ygo_lp")
    won_then_playing(match, first="A")
    match_call_time(match_id=match.pk, by=judge)
    duel_finish_at_time(match_id=match.pk, by=judge, lp_a=3000, lp_b=5000)
    a, b = match.player_a.get_full_name(), match.player_b.get_full_name()
    client.force_login(match.player_a)

    english = client.get(reverse("match-detail", args=[match.pk])).content.decode()
    spanish = client.get(
        reverse("match-detail", args=[match.pk]), headers={"accept-language": "es"}
    ).content.decode()

    assert f"Time was called. {a} had 3000 LP and {b} 5000 LP: {b} wins the unfinished duel." in english
    assert f"Se acabó el tiempo. {a} tenía 3000 LP y {b}, 5000 LP: {b} gana el Duelo sin terminar." in spanish
