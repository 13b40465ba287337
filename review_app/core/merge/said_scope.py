"""Which newest units an older unit is compared with when judging whether the newest
says it over (pass_said_over) or says its opposite (pass_polarity): the units of the
newest section its own aligned with by heading, the newest's intro and its
observations; the whole newest note for an observation, a table row or step, an
intro unit, or a unit of a section with no heading counterpart (an intro speaks of
what any section details; a loose section's units may have moved anywhere).
`unspoken`: a unit of a section the newest has no counterpart of, whose heading names
what the unit speaks of, where the newest never mentions the heading's words: no newest
unit says it over in other words (said_in_frame: "## Cancellation" / "Full refund if
cancelled 8 or more weeks before arrival" is no older wording of "Deposit: £150
refundable, returned within 7 days", however alike they read). What the newest says
ended, or gives another value of, it names in words of its own (pass_said_over).

Worked out once per pass and per aligned section: listing the scope unit by unit for
each older unit made a note of 4,000 sections cost 16 million comparisons."""

from __future__ import annotations

from collections import defaultdict

from .context import MergeContext, Ref
from .older_only import content_prefixes
from .other_value import STRUCTURED, in_intro


class SaidScope:
    def __init__(self, ctx: MergeContext, base: list[Ref]) -> None:
        self._ctx = ctx
        self._all = list(range(len(base)))
        title = {k for k, s in enumerate(ctx.base.sections) if s.is_intro}
        self._always: list[int] = []
        self._by_section: dict[int, list[int]] = defaultdict(list)
        for j, b in enumerate(base):
            if b.section in title or b.unit.kind == "obs":
                self._always.append(j)
            else:
                self._by_section[b.section].append(j)
        self._memo: dict[int, list[int]] = {}
        self._spoken: set[str] | None = None  # the newest's words (first four letters)

    def key(self, r: Ref) -> int | None:
        """Older units of one key share one scope: the newest section their own aligned
        with, or None for the whole newest note."""
        ctx = self._ctx
        aligned = ctx.aligned.get((r.path, r.section))
        if r.unit.kind in STRUCTURED or aligned is None or (r.path, r.section) in ctx.loose \
                or in_intro(ctx, r):
            return None
        return aligned

    def of(self, r: Ref) -> list[int]:
        """Indexes into the base list, in its order."""
        aligned = self.key(r)
        if aligned is None:
            return self._all
        if aligned not in self._memo:
            self._memo[aligned] = sorted(self._always + self._by_section.get(aligned, []))
        return self._memo[aligned]

    def unspoken(self, r: Ref) -> bool:
        """r's section has no counterpart in the newest, its heading names what r speaks
        of, and the newest mentions none of the heading's words."""
        ctx = self._ctx
        if r.unit.kind in ("obs", "rel") or ctx.aligned.get((r.path, r.section)) is not None:
            return False
        member = ctx.older_member(r.path)
        sec = member[1].sections[r.section] if member is not None else None
        if sec is None or sec.is_intro or not sec.title:
            return False
        heading = content_prefixes(ctx, sec.title)
        if not heading & content_prefixes(ctx, r.unit.text):
            return False  # a heading that names no thing of the unit's ("## Notes")
        if self._spoken is None:
            self._spoken = content_prefixes(ctx, "\n".join(ctx.base.lines))
        return not heading & self._spoken
