"""Older sentences the person chose in place of sentences of the newest's lead (the
older intro pass_lead superseded and an older value in the same lead) are all
written: the swaps were keyed by the paragraph's first line, so one of two was lost
while the ledger called it carried; and a second older sentence chosen over the one
newest sentence that already had its place taken was silently left out."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, entry, note

_NEWER = """---
title: Trampoline park opening
modified: 2026-05-10
---

# Trampoline park opening

Revised after the spring review. Jump sessions now start at 10:00.

## Safety

- One jumper per trampoline at a time
- Grip socks are sold at the front desk
"""

_OLDER = """---
title: Trampoline park opening
modified: 2026-02-01
---

# Trampoline park opening

{intro} Jump sessions start at 09:30.

## Safety

- One jumper per trampoline at a time
- Grip socks are sold at the front desk
"""


def _flipped(intro: str):
    newer = note("park/trampoline-park-opening-2026.md", _NEWER)
    older = note("park/trampoline-park-opening.md", _OLDER.format(intro=intro))
    c = compose("merge", newer, [older])
    first, value = entry(c, intro), entry(c, "start at 09:30")
    assert first.status == value.status == "superseded"
    assert "older" in first.flips and "older" in value.flips
    return first, compose("merge", newer, [older],
                          choices={first.key: "older", value.key: "older"})


def test_two_older_sentences_swapped_into_one_paragraph_are_both_written() -> None:
    first, f = _flipped("A guide for staff at the park.")
    assert first.by_text == "Revised after the spring review."
    check_ledger(f)
    assert "A guide for staff at the park. Jump sessions start at 09:30.\n" \
        in f.text
    assert "Revised after the spring review." not in f.text and "10:00" not in f.text


def test_an_older_sentence_chosen_over_a_replaced_one_is_written_beside_it() -> None:
    first, f = _flipped("How the park opens each morning.")
    assert first.by_text == "Jump sessions now start at 10:00."
    check_ledger(f)
    assert "How the park opens each morning." in f.text
    assert "Jump sessions start at 09:30." in f.text and "10:00" not in f.text
