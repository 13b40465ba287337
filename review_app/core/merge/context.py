"""What the passes share: the members parsed, the section alignment, each unit's facts
and verdict, keyed by ledger key (never by object identity)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar, cast

from ..notes import Note
from .document import Document, Unit
from .facts import Facts
from .ledger import Choice, Ledger, LedgerEntry
from .lexicon import ENGLISH, Lexicon
from .thresholds import DEFAULT, Thresholds

Action = Literal["update", "merge"]
T = TypeVar("T")


@dataclass
class Ref:
    """One unit of one member, with what the passes learn about it."""

    key: str
    path: str
    unit: Unit
    facts: Facts
    section: int  # index in its document's sections
    section_title: str


@dataclass
class MergeContext:
    action: Action
    base_note: Note
    base: Document
    older: list[tuple[Note, Document]]  # newest first
    group_keys: set[str]  # every name of every member: a link among them is no fact
    vectors: Any  # UnitVectors-like: .matrix(texts) -> L2-normalised rows
    lexicon: Lexicon = ENGLISH
    thresholds: Thresholds = DEFAULT
    choices: Mapping[str, Choice] = field(default_factory=dict)
    targets: Mapping[str, str] | None = None  # links.target_index over the project
    refs: dict[str, list[Ref]] = field(default_factory=dict)  # path -> its units
    # (older path, its section index) -> aligned base section index, or None
    aligned: dict[tuple[str, int], int | None] = field(default_factory=dict)
    # (older path, its section index) of a section no base section aligned with ->
    # the section of a newer older member it aligns with by heading (pass_sections._kin):
    # the two are one section the newest dropped, compared and written as one
    kin: dict[tuple[str, int], tuple[str, int]] = field(default_factory=dict)
    # older sections aligned by content, not heading (their units may have moved to
    # several base sections: compared with the whole base, written where most went)
    loose: set[tuple[str, int]] = field(default_factory=set)
    entries: dict[str, LedgerEntry] = field(default_factory=dict)
    # base entry key -> the older entry chosen over it ("older")
    replaced: dict[str, str] = field(default_factory=dict)
    # older key -> the base key it says more fully (only a name added): written in
    # its place unless the person chooses "newer" (pass_choices)
    fuller: dict[str, str] = field(default_factory=dict)
    # of those, the older steps or items that say the base unit in its words and go on
    # with more (pass_extended): written in its place even where it is a step or a row
    extended: set[str] = field(default_factory=set)
    # carried older key -> the base section it is written in when its own section is
    # not aligned (its block's siblings were matched there)
    home: dict[str, int] = field(default_factory=dict)
    # older key of a step, row or item of an older version of a newest block -> that
    # base block's index: carried (by the person's flip), it is written after that
    # block as a list of its own (pass_blocks, pass_render)
    held_with: dict[str, int] = field(default_factory=dict)
    # of those blocks, the ones ending a procedure written as numbered headings: what is
    # held with it is written as a labelled list of its own (held_blocks), never on the
    # last step's list or as sentences of its paragraph
    after_steps: set[int] = field(default_factory=set)
    # carried older key of a sentence leaning on the unit before it -> the written unit
    # it goes right after (its carried antecedent, or the base unit stating it)
    leans: dict[str, str] = field(default_factory=dict)
    # older keys superseded because the newest says their thing is over ("Rush work
    # has ended"): what values they give are over with it (alone_facts.alone_facts)
    over: set[str] = field(default_factory=set)
    # older key -> the base key it was superseded by only because its section is gone
    # and that newest unit elsewhere gives a value of its kind (pass_dropped_sections):
    # a weak witness
    section_gone: dict[str, str] = field(default_factory=dict)
    # older keys of list items a newer version names by number, as still standing or
    # anew (pass_standing): their list keeps its numbers when carried (pass_render)
    named_by_number: set[str] = field(default_factory=set)
    # older keys of list items a newer version names by number and says still hold
    # (pass_standing): carried after the newest's list they keep their own numbers
    standing: set[str] = field(default_factory=set)
    ledger: Ledger | None = None
    # Parts of the notes judged under a budget (thresholds.pool_budget, embed_budget)
    bounded: list[str] = field(default_factory=list)
    # pass_carry: the fitted carry model (None: pass 3's verdicts stand) and the
    # inputs it was given, per ledger key (bench/carry_fit.py reads them)
    carry_model: Any = None
    carry_features: dict[str, list[float]] = field(default_factory=dict)
    # older_only.other_values: what the newest's units measure (built on first use)
    given_measures: dict[str, list[tuple[Ref, frozenset[str]]]] | None = None
    # what `once` made: facts of the members' units, which no pass changes after
    # pass_units (by name: the function that reads it)
    derived: dict[str, Any] = field(default_factory=dict)

    def ref(self, key: str) -> Ref:
        path = self.entries[key].source
        return next(r for r in self.refs[path] if r.key == key)

    def once(self, name: str, make: Callable[[], T]) -> T:
        """`make()` the first time `name` is asked for in this compose, then kept: for
        what each unit asks of the members' units (the newest's facts, say), which is
        the same for every unit. Never for anything a pass may still change."""
        if name not in self.derived:
            self.derived[name] = make()
        return cast("T", self.derived[name])

    def older_member(self, path: str) -> tuple[Note, Document] | None:
        """The older member at `path`, parsed; None for the base (or no member)."""
        found = self.once("older_by_path", lambda: {d.path: (n, d) for n, d in self.older})
        return found.get(path)

    def home_of(self, path: str, section: int) -> tuple[str, int]:
        """The section an older unit is written in when the newest has none for it:
        its own, or the newer older member's it aligns with (`kin`)."""
        return self.kin.get((path, section), (path, section))

    def older_doc(self, path: str) -> Document:
        """The parsed older member at `path` (one of `older`)."""
        member = self.older_member(path)
        assert member is not None, path
        return member[1]

    def base_refs(self) -> list[Ref]:
        return self.refs[self.base.path]

    def cosines(self, a: list[str], b: list[str]):  # noqa: ANN201
        """Cosine matrix of `a` x `b`, embedding both in one batch."""
        if not a or not b:
            return None
        m = self.vectors.matrix(list(dict.fromkeys(a + b)))
        index = {t: k for k, t in enumerate(dict.fromkeys(a + b))}
        return m[[index[t] for t in a]] @ m[[index[t] for t in b]].T
