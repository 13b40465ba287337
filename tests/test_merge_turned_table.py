"""An older table row is judged against the newest's table however it is turned
(issue 18, item 3): a row whose label names a column of the newest's table, whose
cells give another value, is superseded by the newest's row, not held back as a
carry-over candidate of a rate grid the newest restructured. Domain no other test
uses: a photo contest's entry fees."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)


def test_a_row_whose_label_is_a_column_of_the_newest_table_is_superseded() -> None:
    older = note("photo/fees.md", fm("Photo contest entry fees", "2024-01-10") + (
        "Entry fees for the regional photo contest.\n\n## Fees\n\n"
        "| Deadline | Fee per image |\n|---|---|\n"
        "| Early (1 March) | €8 |\n| Regular (1 April) | €12 |\n| Late (15 April) | €18 |\n"
        "\n## Payment\n\n- Pay online by card.\n"))
    newer = note("photo/fees-2025.md", fm("Photo contest entry fees 2025", "2025-02-01") + (
        "Entry fees for the regional photo contest, 2025 edition.\n\n## Fees\n\n"
        "| Category | Early (by 1 March) | Regular (by 1 April) | Late (by 20 April) |\n"
        "|---|---|---|---|\n"
        "| Single image | €10 | €14 | €20 |\n| Series of five | €35 | €45 | €60 |\n"
        "\n## Payment\n\n- Pay online by card.\n"))
    c = compose("merge", newer, [older], now=NOW)
    for label in ("Early (1 March)", "Regular (1 April)", "Late (15 April)"):
        e = entry(c, label)
        assert e.status == "superseded" and "Single image" in (e.by_text or ""), e
    assert "€8 " not in c.text and "| Deadline |" not in c.text
    check_ledger(c)
