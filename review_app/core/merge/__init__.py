"""What update and merge write (see compose.py for the API): the newest member's body
as the base, written as it is, plus the older members' facts it does not speak to,
with a ledger of every unit. Passes run in the order of compose.PASSES over one
MergeContext; every word list is in one Lexicon and every number in one Thresholds."""

from .compose import PASSES, Composed, Superseded, UnitNote, compose
from .context import MergeContext
from .ledger import Choice, Ledger, LedgerEntry
from .lexicon import ENGLISH, Lexicon
from .thresholds import DEFAULT, Thresholds

__all__ = ["DEFAULT", "ENGLISH", "PASSES", "Choice", "Composed", "Ledger", "LedgerEntry",
           "Lexicon", "MergeContext", "Superseded", "Thresholds", "UnitNote", "compose"]
