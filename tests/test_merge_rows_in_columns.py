"""A row only an older version's table has goes in the newest's table when only the
header's wording changed (issue 18: a merged note reads as one note). Before, it was
written as a second table under "Also from an earlier version:" (merge-CS: a membership
table, a worktop extras table, a hire fleet inventory)."""

from __future__ import annotations

from helpers_merge import entry, fm, merged, note

OLDER = fm("Volleyball club kit hire", "2025-03-02") + """\
What the Harbour Volleyball Club lends at Tuesday sessions.

## Kit

| Item | Quantity | Hire per session | Notes |
|---|---|---|---|
| Match balls | 12 | £1 | |
| Knee pads (pairs) | 20 | free | |
| Ankle braces | 6 | £2 | youth sizes only |

Kit goes back to the store cupboard by 21:30.
"""

NEWER = fm("Volleyball club kit hire 2026", "2026-01-20") + """\
Kit the club lends at Tuesday sessions, from January.

## Kit

| Item | Qty | Hire |
|---|---|---|
| Match balls | 14 | £1 |
| Beach balls | 4 | £2 |

Kit goes back to the store cupboard by 21:30.
"""


def _composed(older: str = OLDER):
    return merged(note("volleyball/kit-2026.md", NEWER), note("volleyball/kit.md", older))


def test_a_carried_row_goes_in_the_newest_table_in_its_columns():
    composed = _composed()
    # got (before): a second table, "| Item | Quantity | Hire per session | Notes |", under
    # "Also from an earlier version:"
    assert "Also from an earlier version" not in composed.text, composed.text
    lines = composed.text.splitlines()
    at = lines.index("| Beach balls | 4 | £2 |")
    assert lines[at + 1:at + 3] == ["| Knee pads (pairs) | 20 | free |",
                                    "| Ankle braces | 6 | £2 (youth sizes only) |"]
    row = entry(composed, "| Ankle braces |")
    assert row.status == "carried" and row.written == "| Ankle braces | 6 | £2 (youth sizes only) |"
    # the older value of a row the newest keeps is not written
    assert "| Match balls | 12 |" not in composed.text


def test_a_row_whose_figures_sit_in_other_columns_keeps_its_own_table():
    # the older table had its hire before its quantity: a price under "Qty" would misread
    older = OLDER.replace("| Item | Quantity | Hire per session | Notes |",
                          "| Item | Hire per session | Quantity | Notes |").replace(
        "| Knee pads (pairs) | 20 | free | |", "| Knee pads (pairs) | £1 | 20 | |").replace(
        "| Ankle braces | 6 | £2 | youth sizes only |",
        "| Ankle braces | £2 | 6 | youth sizes only |")
    composed = _composed(older)
    assert "| Ankle braces | £2 | 6 | youth sizes only |" in composed.text
    assert entry(composed, "| Ankle braces |").written is None
