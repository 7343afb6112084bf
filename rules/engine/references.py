"""Rulebook passages as data: which document, which section and page, and what it says.

A ruling cites the passages it rests on as readable strings in the form the dispute format shows,
``"<document>, <section>, p. <page>: <passage>"`` (for example ``"Yu-Gi-Oh! Rulebook 9.0, Monster Battle
Rules, p. 37: ..."``). The passage is a short English paraphrase a judge can read out; ``quote`` keeps a few
words of the original text (the 9.0 rulebook and the 2007 rules are Portuguese) so a judge can find the
place in the book. The documents are the ones in ``shared/rulebooks/`` (see its README). Where another
rulebook in the folder, in another language, states the same rule, :mod:`rules.engine.parallels` records
that passage too, so a reader can be shown the rule in their own language.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Document:
    """One rulebook in ``shared/rulebooks/``."""

    title: str
    language: str
    file: str


@dataclass(frozen=True)
class Reference:
    """A passage of a :class:`Document` that a rule rests on."""

    document: Document
    section: str
    page: str | None
    passage: str
    quote: str | None = None

    def cite(self) -> str:
        """The readable reference placed in a ruling's ``rules`` and in each violation's ``rule``."""
        where = f"{self.document.title}, {self.section}"
        if self.page:
            several = "-" in self.page or "," in self.page
            where += f", {'pp.' if several else 'p.'} {self.page}"
        return f"{where}: {self.passage}"

    def as_dict(self) -> dict[str, str | None]:
        """The structured form, for pages that link a citation to its document."""
        return {
            "document": self.document.title,
            "file": self.document.file,
            "language": self.document.language,
            "section": self.section,
            "page": self.page,
            "passage": self.passage,
            "quote": self.quote,
        }


YGO_V10 = Document("Yu-Gi-Oh! Rulebook v10", "en", "004_1fca02968c2c5199.txt")
YGO_V9 = Document("Yu-Gi-Oh! Rulebook 9.0", "pt", "000_043eb967abe48633.txt")
YGO_2007 = Document("Yu-Gi-Oh! starter deck rules (2007)", "pt", "001_482989e0345daee2.txt")
# The Synchro-era excerpts (OCR with noise): cited only as the Spanish parallel of a rule from another book.
YGO_ES = Document("Yu-Gi-Oh! Rulebook, Synchro era (Spanish excerpts)", "es", "003_7c112e8545b6ce0c.txt")
MTG_CR = Document("Magic: The Gathering Comprehensive Rules", "pt", "002_a0d77aa415901d17.txt")
# The 2020 revision is defined by the product's contract, not by a rulebook in the folder: cite it as such.
DISPUTE_FORMAT = Document("Arbiter dispute format 1", "en", "spec/dispute-format.md")
