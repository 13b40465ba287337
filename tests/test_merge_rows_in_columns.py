"""A row only an older version's table has goes in the newest's table when only the
header's wording changed (issue 18: a merged note reads as one note). Before, it was
written as a second table under "Also from an earlier version:" (merge-CS: a membership
table, a worktop extras table, a hire fleet inventory)."""

from __future__ import annotations

from helpers_merge import entry, fm, merged, note

OLDER = fm("Volleyball club kit hire", "2025-03-02") + """\
What the Harbour Volleyball Club lends at Tuesday sessions.

## Kit

| Item | Quantity | Hire per session |
|---|---|---|
| Match balls | 12 | £1 |
| Knee pads (pairs) | 20 | free |
| Ankle braces (youth sizes) | 6 | £2 |

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
    # got (before): a second table, "| Item | Quantity | Hire per session |", under
    # "Also from an earlier version:"
    assert "Also from an earlier version" not in composed.text, composed.text
    lines = composed.text.splitlines()
    at = lines.index("| Beach balls | 4 | £2 |")
    assert lines[at + 1:at + 3] == ["| Knee pads (pairs) | 20 | free |",
                                    "| Ankle braces (youth sizes) | 6 | £2 |"]
    row = entry(composed, "| Ankle braces")
    assert row.status == "carried" and row.written == "| Ankle braces (youth sizes) | 6 | £2 |"
    # the older value of a row the newest keeps is not written
    assert "| Match balls | 12 |" not in composed.text


def test_a_row_that_cannot_be_read_cell_for_cell_keeps_its_own_table():
    # its hire before its quantity (a price under "Qty" would misread), a column more, a
    # pipe inside a code span: each keeps the older table under its own header
    swapped = OLDER.replace("| Item | Quantity | Hire per session |",
                            "| Item | Hire per session | Quantity |").replace(
        "| Knee pads (pairs) | 20 | free |", "| Knee pads (pairs) | free | 20 |").replace(
        "| Ankle braces (youth sizes) | 6 | £2 |", "| Ankle braces (youth sizes) | £2 | 6 |")
    wider = OLDER.replace("| Item | Quantity | Hire per session |\n|---|---|---|",
                          "| Item | Quantity | Hire per session | Notes |\n|---|---|---|---|"
                          ).replace("| 6 | £2 |", "| 6 | £2 | youth sizes only |")
    coded = OLDER.replace("| Ankle braces (youth sizes) | 6 | £2 |",
                          "| Ankle braces (youth sizes) | 6 | £2 `hire \\| day` |")
    for older, row in ((swapped, "| Ankle braces (youth sizes) | £2 | 6 |"),
                       (wider, "| Ankle braces (youth sizes) | 6 | £2 | youth sizes only |"),
                       (coded, "| Ankle braces (youth sizes) | 6 | £2 `hire \\| day` |")):
        composed = _composed(older)
        assert row in composed.text, composed.text
        assert entry(composed, "| Ankle braces").written is None


def test_rows_go_in_together_or_not_at_all_and_never_after_a_total():
    # a newest table ending in a total keeps the older rows in their own table, and the
    # ledger says so (merged() checks the text against the ledger)
    total = NEWER.replace("| Beach balls | 4 | £2 |\n",
                          "| Beach balls | 4 | £2 |\n| Total | 18 | |\n")
    composed = merged(note("volleyball/kit-2026.md", total), note("volleyball/kit.md", OLDER))
    assert entry(composed, "| Ankle braces").written is None
    assert "| Ankle braces (youth sizes) | 6 | £2 |" in composed.text
    # a column both headers name at another place: the order was not kept
    moved = OLDER.replace("| Item | Quantity | Hire per session |", "| Item | Hire | Qty |")
    composed = merged(note("volleyball/kit-2026.md", NEWER), note("volleyball/kit.md", moved))
    assert entry(composed, "| Ankle braces").written is None
