"""Deck lists as players submit them, and the card catalog with its banlists that deck checks consult.

The catalog holds both games in one ``Card`` table: the Yu-Gi-Oh! columns are empty for Magic cards and the
Magic columns empty for Yu-Gi-Oh! cards. One table rather than two keeps a deck list, a banlist entry and the
engine's ``CardCatalog`` pointing at one kind of row; the check constraints below keep each game's columns
consistent, so an importer bug cannot store a Link Monster with a DEF or a Spell with a Level.

Every external id a card is known by (the YGOPro passcode of the original printing and of each alternate
artwork, a YGOProDeck image id, an MTGJSON oracle id) is a ``CardPrinting`` pointing at the one ``Card``:
looking a card up by any of its ids finds the same row, and a copy limit counting rows counts an alternate
artwork as the card it prints.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from decks.cardfields import ALL_LINK_ARROWS, KINDS, MAX_LEVEL, MAX_LINK_RATING, link_arrow_names


class Game(models.TextChoices):
    YUGIOH = "yugioh", "Yu-Gi-Oh!"
    MTG = "mtg", "Magic: The Gathering"


# The name Arbiter gives a list a judge enters as the player presents it
# (``tournaments.services.deck_lists``): stored in English, recognised by its shape and said in the
# reader's language by ``DeckList.name_words``.
PRESENTED_LIST_NAME = gettext_noop("%(event)s (presented to a judge, %(number)s)")
_PRESENTED_LIST_NAME = re.compile(r"(?P<event>.+) \(presented to a judge, (?P<number>\d+)\)", re.DOTALL)


def is_presented_list_name(name: str) -> bool:
    """A name Arbiter gave a list a judge entered as presented (:data:`PRESENTED_LIST_NAME`)."""
    return _PRESENTED_LIST_NAME.fullmatch(name) is not None


class DeckList(models.Model):
    """A deck list as one player submitted it. Rows are never edited: a new version is a new row, so a
    registration's history (and a deck check against it) always points at the list as it was."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deck_lists")
    game = models.CharField(max_length=16, choices=Game.choices)
    name = models.CharField(max_length=120)
    text = models.TextField(help_text="The list as the player wrote it: '3 Card Name' lines under headings.")
    # The list as the engine's ``deck_check`` takes it, filled once from ``text`` (or a .ydk) at creation:
    # {"main": [{"name": ..., "count": n}], "extra": [...], "side": [...]} (Magic: main and side).
    sections = models.JSONField(default=dict, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["owner", "name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "name"], name="deck_list_name_unique_per_owner"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name_words(self) -> str:
        """The name as the reader reads it: one Arbiter generated in their language, a person's as typed."""
        generated = _PRESENTED_LIST_NAME.fullmatch(self.name)
        if generated is None:
            return self.name
        return gettext(PRESENTED_LIST_NAME) % {"event": generated["event"], "number": generated["number"]}


class Card(models.Model):
    """One card of one game, however many artworks it was printed with."""

    class Kind(models.TextChoices):
        MONSTER = "monster", _("Monster")
        SPELL = "spell", _("Spell")
        TRAP = "trap", _("Trap")
        TOKEN = "token", _("Token")

    class Frame(models.TextChoices):
        NORMAL = "normal", _("Normal")
        EFFECT = "effect", _("Effect")
        RITUAL = "ritual", _("Ritual")
        FUSION = "fusion", _("Fusion")
        SYNCHRO = "synchro", _("Synchro")
        XYZ = "xyz", _("Xyz")
        LINK = "link", _("Link")

    class Icon(models.TextChoices):
        NORMAL = "normal", _("Normal")
        QUICK_PLAY = "quick-play", _("Quick-Play")
        CONTINUOUS = "continuous", _("Continuous")
        EQUIP = "equip", _("Equip")
        FIELD = "field", _("Field")
        RITUAL = "ritual", _("Ritual")
        COUNTER = "counter", _("Counter")

    class Attribute(models.TextChoices):
        EARTH = "earth", "EARTH"
        WATER = "water", "WATER"
        FIRE = "fire", "FIRE"
        WIND = "wind", "WIND"
        LIGHT = "light", "LIGHT"
        DARK = "dark", "DARK"
        DIVINE = "divine", "DIVINE"

    class MonsterType(models.TextChoices):
        WARRIOR = "warrior", "Warrior"
        SPELLCASTER = "spellcaster", "Spellcaster"
        FAIRY = "fairy", "Fairy"
        FIEND = "fiend", "Fiend"
        ZOMBIE = "zombie", "Zombie"
        MACHINE = "machine", "Machine"
        AQUA = "aqua", "Aqua"
        PYRO = "pyro", "Pyro"
        ROCK = "rock", "Rock"
        WINGED_BEAST = "winged-beast", "Winged Beast"
        PLANT = "plant", "Plant"
        INSECT = "insect", "Insect"
        THUNDER = "thunder", "Thunder"
        DRAGON = "dragon", "Dragon"
        BEAST = "beast", "Beast"
        BEAST_WARRIOR = "beast-warrior", "Beast-Warrior"
        DINOSAUR = "dinosaur", "Dinosaur"
        FISH = "fish", "Fish"
        SEA_SERPENT = "sea-serpent", "Sea Serpent"
        REPTILE = "reptile", "Reptile"
        PSYCHIC = "psychic", "Psychic"
        DIVINE_BEAST = "divine-beast", "Divine-Beast"
        CREATOR_GOD = "creator-god", "Creator God"
        WYRM = "wyrm", "Wyrm"
        CYBERSE = "cyberse", "Cyberse"

    game = models.CharField(max_length=16, choices=Game.choices)
    name = models.CharField(max_length=200)
    # ``rules.engine.normalize_name(name)``: the engine treats names differing only in case, accents or
    # punctuation as one card, so the catalog refuses a second row under such a name.
    name_key = models.CharField(max_length=200, editable=False)
    text = models.TextField(blank=True, default="")

    # --- Yu-Gi-Oh! ---
    kind = models.CharField(max_length=8, choices=Kind.choices, blank=True, default="")
    frame = models.CharField(max_length=8, choices=Frame.choices, blank=True, default="")
    effect = models.BooleanField(
        default=False, help_text="An Effect Monster (Fusion, Synchro... may be too)."
    )
    tuner = models.BooleanField(default=False)
    pendulum = models.BooleanField(default=False)
    level = models.PositiveSmallIntegerField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    link_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    link_arrows = models.PositiveSmallIntegerField(default=0, help_text="YGOPro bit mask; 0 for non-Link.")
    scale_left = models.PositiveSmallIntegerField(null=True, blank=True)
    scale_right = models.PositiveSmallIntegerField(null=True, blank=True)
    # ``None`` on a monster is "?" (its ATK/DEF is decided during play); a Link Monster never has DEF.
    atk = models.PositiveIntegerField(null=True, blank=True)
    defense = models.PositiveIntegerField(null=True, blank=True)
    attribute = models.CharField(max_length=8, choices=Attribute.choices, blank=True, default="")
    monster_type = models.CharField(max_length=16, choices=MonsterType.choices, blank=True, default="")
    icon = models.CharField(max_length=12, choices=Icon.choices, blank=True, default="")
    ocg = models.BooleanField(default=True, help_text="Released in the OCG (Asia).")
    tcg = models.BooleanField(default=True, help_text="Released in the TCG (rest of the world).")
    treated_as = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="A card whose name is always treated as another card's ('A Legendary Ocean' as 'Umi').",
    )

    # --- Magic: The Gathering ---
    types = models.JSONField(default=list, blank=True, help_text='Lower case: ["creature", "artifact"].')
    supertypes = models.JSONField(default=list, blank=True, help_text='Lower case: ["legendary"], ["basic"].')
    subtypes = models.JSONField(default=list, blank=True, help_text='As printed: ["Goblin", "Warrior"].')
    # Text, not numbers: power and toughness may be "*" or "1+*".
    power = models.CharField(max_length=8, blank=True, default="")
    toughness = models.CharField(max_length=8, blank=True, default="")

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "name"]
        indexes = [models.Index(fields=["game", "name_key"], name="card_game_name_key")]
        constraints = [
            models.UniqueConstraint(fields=["game", "name"], name="card_name_unique_per_game"),
            models.UniqueConstraint(fields=["game", "name_key"], name="card_name_key_unique_per_game"),
            models.CheckConstraint(condition=Q(game__in=Game.values), name="card_game_known"),
            models.CheckConstraint(condition=~Q(name=""), name="card_name_not_empty"),
            # Each game's columns stay empty on the other game's cards.
            models.CheckConstraint(
                condition=Q(game="mtg", kind="", frame="", icon="", level=None, atk=None)
                | Q(game="yugioh", kind__in=list(KINDS), power="", toughness=""),
                name="card_columns_match_game",
            ),
            # Spells and Traps have an icon and nothing of a monster; monsters and tokens have no icon.
            models.CheckConstraint(
                condition=Q(kind__in=["", "monster", "token"], icon="")
                | Q(
                    kind="spell",
                    icon__in=["normal", "quick-play", "continuous", "equip", "field", "ritual"],
                )
                | Q(kind="trap", icon__in=["normal", "continuous", "counter"]),
                name="card_icon_matches_kind",
            ),
            models.CheckConstraint(
                condition=~Q(kind__in=["spell", "trap"])
                | Q(
                    frame="",
                    level=None,
                    rank=None,
                    link_rating=None,
                    atk=None,
                    defense=None,
                    pendulum=False,
                    tuner=False,
                ),
                name="card_spell_trap_has_no_stats",
            ),
            models.CheckConstraint(condition=~Q(kind="monster", frame=""), name="card_monster_has_frame"),
            models.CheckConstraint(
                condition=Q(kind="monster") | Q(frame=""), name="card_frame_only_on_monsters"
            ),
            # Level, Rank or Link Rating: exactly the one the frame calls for.
            models.CheckConstraint(
                condition=~Q(frame="xyz") | Q(rank__isnull=False, level=None, link_rating=None),
                name="card_xyz_has_rank",
            ),
            models.CheckConstraint(
                condition=~Q(frame="link")
                | Q(link_rating__gte=1, level=None, rank=None, defense=None, pendulum=False),
                name="card_link_has_rating_no_def",
            ),
            models.CheckConstraint(
                condition=~Q(frame__in=["normal", "effect", "ritual", "fusion", "synchro"])
                | Q(level__isnull=False, rank=None, link_rating=None),
                name="card_monster_has_level",
            ),
            models.CheckConstraint(
                condition=Q(frame="link", link_arrows__gte=1, link_arrows__lte=ALL_LINK_ARROWS)
                | (~Q(frame="link") & Q(link_arrows=0)),
                name="card_link_arrows_only_on_link",
            ),
            models.CheckConstraint(
                condition=Q(pendulum=True, scale_left__lte=MAX_LEVEL, scale_right__lte=MAX_LEVEL)
                | Q(pendulum=False, scale_left=None, scale_right=None),
                name="card_pendulum_has_scales",
            ),
            models.CheckConstraint(
                condition=Q(level__lte=MAX_LEVEL) | Q(level=None), name="card_level_range"
            ),
            models.CheckConstraint(condition=Q(rank__lte=MAX_LEVEL) | Q(rank=None), name="card_rank_range"),
            models.CheckConstraint(
                condition=Q(link_rating__lte=MAX_LINK_RATING) | Q(link_rating=None),
                name="card_link_rating_range",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def link_arrow_names(self) -> list[str]:
        return link_arrow_names(self.link_arrows)


class CardPrinting(models.Model):
    """An external id of a card: its original printing (``canonical``) or an alternate artwork."""

    game = models.CharField(max_length=16, choices=Game.choices)
    code = models.CharField(max_length=64, help_text="YGOPro passcode, YGOProDeck image id, MTGJSON uuid.")
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="printings")
    canonical = models.BooleanField(default=False, help_text="The id the catalog answers with for the card.")

    class Meta:
        ordering = ["game", "code"]
        constraints = [
            models.UniqueConstraint(fields=["game", "code"], name="card_printing_code_unique_per_game"),
            models.UniqueConstraint(
                fields=["card"], condition=Q(canonical=True), name="card_printing_one_canonical"
            ),
            models.CheckConstraint(condition=~Q(code=""), name="card_printing_code_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.code} ({self.card_id})"


class Banlist(models.Model):
    """A Forbidden & Limited List (Yu-Gi-Oh!) or a banned and restricted list (Magic), from one date on."""

    game = models.CharField(max_length=16, choices=Game.choices)
    name = models.CharField(max_length=120)
    effective = models.DateField()
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "-effective", "name"]
        constraints = [
            models.UniqueConstraint(fields=["game", "name"], name="banlist_name_unique_per_game"),
            models.CheckConstraint(condition=Q(game__in=Game.values), name="banlist_game_known"),
        ]

    def __str__(self) -> str:
        return self.name


class BanlistStatus(models.TextChoices):
    FORBIDDEN = "forbidden", _("Forbidden")
    LIMITED = "limited", _("Limited")
    SEMI_LIMITED = "semi_limited", _("Semi-Limited")
    BANNED = "banned", _("Banned")
    RESTRICTED = "restricted", _("Restricted")


class BanlistEntry(models.Model):
    Status = BanlistStatus

    banlist = models.ForeignKey(Banlist, on_delete=models.CASCADE, related_name="entries")
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="banlist_entries")
    status = models.CharField(max_length=16, choices=Status.choices)

    class Meta:
        ordering = ["banlist", "status", "card"]
        constraints = [
            # One status per card: an alternate artwork listed again resolves to the same card.
            models.UniqueConstraint(fields=["banlist", "card"], name="banlist_entry_one_per_card"),
            models.CheckConstraint(
                condition=Q(status__in=BanlistStatus.values), name="banlist_entry_status_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.card_id}: {self.status}"


class ImportStatus(models.TextChoices):
    QUEUED = "queued", _("Queued")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


class ImportExpect(models.TextChoices):
    ANY = "", _("Detect from the content")
    CARDS = "cards", _("Card data")
    BANLIST = "banlist", _("Banlist")


class CardImport(models.Model):
    """A card file or banlist an organizer uploaded, imported by ``card_import_task`` in the background.

    The bytes live in the row (not on a disk the web server and the workers would have to share) until the
    import finishes; then they are dropped and only the report stays. A file too large to upload (MTGJSON
    AllPrintings) is queued by ``import_cards --background`` as a ``path`` the workers read and leave.
    """

    Status = ImportStatus
    Expect = ImportExpect

    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    filename = models.CharField(max_length=255)
    data = models.BinaryField(null=True, blank=True, editable=False)
    path = models.CharField(max_length=500, blank=True, default="", help_text="A file the workers can read.")
    size = models.PositiveBigIntegerField(default=0)
    expect = models.CharField(max_length=8, choices=Expect.choices, blank=True, default="")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    rows_done = models.PositiveIntegerField(default=0)
    rows_total = models.PositiveIntegerField(default=0)
    # What rows_done and rows_total count: "rows" of the file, or "file": kibibytes of it read (AllPrintings
    # is streamed, its rows known only at its end).
    progress_unit = models.CharField(max_length=4, default="rows", editable=False)
    report = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The row is its own outbox and its own lease (docs/decisions/0008-faults-clock-and-imports.md): a queued
    # import is sent to the workers until one claims it; a running one belongs to the attempt whose ``claim``
    # it carries until ``lease_until``, which that attempt's heartbeat keeps pushing back while it runs.
    next_dispatch_at = models.DateTimeField(null=True, blank=True)
    dispatches = models.PositiveSmallIntegerField(default=0)
    attempts = models.PositiveSmallIntegerField(default=0)
    claim = models.CharField(max_length=32, blank=True, default="")
    lease_until = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["status"], name="card_import_status")]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=ImportStatus.values), name="card_import_status_known"
            ),
            models.CheckConstraint(
                condition=Q(expect__in=ImportExpect.values), name="card_import_expect_known"
            ),
            models.CheckConstraint(
                condition=Q(rows_done__lte=models.F("rows_total")), name="card_import_progress_in_range"
            ),
            models.CheckConstraint(
                condition=~Q(status="failed", error=""), name="card_import_failure_has_reason"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.filename} ({self.status})"
