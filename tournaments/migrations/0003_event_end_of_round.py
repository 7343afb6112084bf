from django.db import migrations, models


def set_procedure_by_game(apps, schema_editor):  # type: ignore[no-untyped-def]
    """Existing events get their game's current procedure (they were added with the Yu-Gi-Oh! one)."""
    Event = apps.get_model("tournaments", "Event")
    Event.objects.filter(game="mtg").update(end_of_round="mtg_five_turns")


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0002_deck_lists_and_checks"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="end_of_round",
            field=models.CharField(
                choices=[
                    ("ygo_lp", "Yu-Gi-Oh! (policy before September 2025): finish the phase, higher LP wins the duel"),
                    ("ygo_double_loss", "Yu-Gi-Oh! (2025 revision): a match nobody has won is lost by both"),
                    ("mtg_five_turns", "Magic: the current turn plus five more, an unfinished game is a draw"),
                ],
                default="ygo_double_loss",
                help_text="The procedure when time is called; it must be one of the event's game.",
                max_length=24,
            ),
            preserve_default=False,
        ),
        migrations.RunPython(set_procedure_by_game, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="event",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("end_of_round__in", ["ygo_lp", "ygo_double_loss"]), ("game", "yugioh")),
                    models.Q(("end_of_round", "mtg_five_turns"), ("game", "mtg")),
                    _connector="OR",
                ),
                name="event_end_of_round_fits_game",
            ),
        ),
    ]
