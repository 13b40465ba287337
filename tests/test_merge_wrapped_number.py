"""A hard-wrapped paragraph whose next line starts with a number and a dot goes on
(issue 18, merge-K: "call\\n999. The nearest defibrillator ..." was read as a numbered
list item and the merged note showed a garbled "999. The nearest ..." line). In
CommonMark an ordered list interrupts a paragraph only when it starts at 1, a bullet
only when the item is not empty; the engine and the bench's own splitter agree."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from review_app.core.merge.document import parse
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import merge_quality  # noqa: E402

_OLDER = ("Rules for the pool-side first aid post.\n\n"
          "## Emergencies\n\n"
          "If a swimmer collapses, clear the pool, send for the duty lifeguard and call\n"
          "999. The nearest defibrillator hangs beside the plant room door, code 4417.\n\n"
          "- The first aid box is restocked every Monday; the reopened pool took it over in\n"
          "2024. Stock is logged in the green folder.\n- Blankets are in the store.\n")
_NEWER = ("Rules for the pool-side first aid post.\n\n"
          "## Emergencies\n\n"
          "If a swimmer collapses, clear the pool and send for the duty lifeguard, who "
          "calls an ambulance and starts CPR.\n\n"
          "- The first aid box is restocked every Monday.\n- Blankets are in the store.\n")


def test_a_wrapped_number_continues_the_paragraph() -> None:
    doc = parse("pool.md", _OLDER)
    kinds = [b.kind for b in doc.blocks]
    assert "numbered" not in kinds, kinds
    sentences = [u.text for u in doc.units if u.kind == "sentence"]
    assert "The nearest defibrillator hangs beside the plant room door, code 4417." \
        in sentences
    items = [u.text for u in doc.units if u.kind == "item"]
    assert items[0].endswith("in 2024. Stock is logged in the green folder."), items
    # a list that starts at 1, a bullet after a paragraph, and a later number in a
    # numbered list are still items
    listed = parse("x.md", "Do this:\n1. Clear the pool\n2. Call\n\nText\n- a bullet\n")
    assert [u.kind for u in listed.units] == ["sentence", "step", "step", "sentence",
                                              "item"]


def test_the_merged_note_carries_the_sentence_not_a_numbered_line() -> None:
    newer = dated("leisure/pool-first-aid-2026.md", "Pool first aid post (2026)",
                  "pool-first-aid-2026", _NEWER, modified="2026-02-01")
    older = dated("leisure/pool-first-aid.md", "Pool first aid post", "pool-first-aid",
                  _OLDER, modified="2025-03-01")
    c = compose("merge", newer, [older])
    check_ledger(c)
    assert not re.search(r"(?m)^\s*999\.", c.text), c.text
    e = entry(c, "nearest defibrillator")
    assert e.text.startswith("The nearest defibrillator"), e.text
    # the wrapped item is one unit, its continuation line kept with it
    assert entry(c, "took it over in").text.endswith("Stock is logged in the green folder.")


def test_the_bench_splitter_agrees() -> None:
    units = [u.text for u in merge_quality.units_of(_OLDER)]
    assert "The nearest defibrillator hangs beside the plant room door, code 4417." in units
    assert not any(u.startswith(("999", "Stock")) for u in units), units
    assert "2024" in merge_quality.facts(_OLDER)["numbers"]
