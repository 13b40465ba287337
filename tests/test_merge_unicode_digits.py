"""Digits that are not decimal digits ("3 m²", "①", "H₂O", "x¹²") are text, not numbers: a
merge of notes holding them writes instead of crashing. merge-EO (written blind) crashed
every merge of its kite festival's field rules ("bigger than 3 m²"): `str.isdigit` is true of
"²", which `int` cannot read. Domain: a floor sanding firm."""

from __future__ import annotations

import pytest
from helpers_merge import check_ledger, dated

from review_app.core.merging import compose

OLD = """Sanding a room up to 20 {c} takes one day.

{c} rooms can be booked per week.

1. Move the furniture out.
2. Sand with the drum sander.

| Room | Area |
|---|---|
| Hall | 12 {c} |

## Observations
- [limit] Max {c} rooms a week #booking
"""
NEW = """Sanding a room up to 25 {c} takes one day.

1. Move the furniture out.
3. Sand with the belt sander.

Rule {c} applies to {c} rooms. Arrive at {c}:30.
"""


@pytest.mark.parametrize("c", ["m²", "²", "①", "x¹²", "H₂O", "٣", "１２"])
@pytest.mark.parametrize("action", ["merge", "update"])
def test_notes_with_digits_that_are_not_numbers_merge(c: str, action: str):
    """Failed before with "²", "①", "x¹²" and "H₂O" (ValueError in recounts.counts)."""
    old = dated("floors/sanding-old.md", "Floor sanding", "floors/sanding-old",
                OLD.format(c=c), modified="2024-03-01")
    new = dated("floors/sanding.md", "Floor sanding guide", "floors/sanding",
                NEW.format(c=c), modified="2025-03-01")
    out = compose(action, new, [old], kept=new)
    assert f"Sanding a room up to 25 {c} takes one day." in out.text
    check_ledger(out)
