"""The Magic: The Gathering arguments players actually have, each a form asking only what decides it."""

from __future__ import annotations

from rules.engine.vocabulary import MTG
from rules.situations.base import Situation


class MtgSituation(Situation):
    game = MTG


SITUATIONS: tuple[type[MtgSituation], ...] = ()
