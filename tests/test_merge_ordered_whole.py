"""Blocks with an order are taken whole (issue 18 item 3): a step or a table row of the
newest note is never rewritten from an older note, even when the older one says it with
more; the older one is held back for the person to settle."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def _binding() -> tuple:
    newer = dated("bindery/case-binding-2026.md", "Case binding procedure (2026)",
                  "case-binding-2026",
                  "## Steps\n\n1. Fold the sections and press them overnight.\n"
                  "2. Sew the sections on tapes with linen thread.\n"
                  "3. Glue up the spine with paste, brushed 0.5 mm thick.\n"
                  "4. Case in and press for 12 hours.\n\n"
                  "## Boards\n\n| Format | Board |\n|---|---|\n"
                  "| Octavo | 2 mm greyboard |\n| Quarto | 2.5 mm greyboard |\n\n"
                  "## Materials\n\n- Paste: wheat-starch, made fresh each morning\n",
                  modified="2026-02-10")
    older = dated("bindery/case-binding.md", "Case binding procedure", "case-binding",
                  "## Steps\n\n1. Fold the sections and press them overnight.\n"
                  "2. Sew the sections on tapes with linen thread.\n"
                  "3. Glue up the spine with Evacon-R paste, brushed 0.5 mm thick.\n"
                  "4. Case in and press for 8 hours.\n\n"
                  "## Boards\n\n| Format | Board |\n|---|---|\n"
                  "| Octavo | 2 mm greyboard |\n| Quarto | 2.5 mm greyboard, Ruskin mill |\n\n"
                  "## Materials\n\n- Paste: Evacon-R, from the tub\n",
                  modified="2024-06-01")
    return newer, older


def test_a_newest_step_is_not_rewritten_from_an_older_fuller_step() -> None:
    newer, older = _binding()
    c = compose("merge", newer, [older])
    check_ledger(c)
    assert "3. Glue up the spine with paste, brushed 0.5 mm thick." in c.text
    assert "Evacon-R" not in c.text  # the material the newest replaced
    step = entry(c, "Evacon-R paste, brushed")
    assert step.status != "carried", step
    assert "4. Case in and press for 12 hours." in c.text
    assert "press for 8 hours" not in c.text


def test_a_newest_row_is_not_rewritten_from_an_older_fuller_row() -> None:
    newer, older = _binding()
    c = compose("merge", newer, [older])
    assert "| Quarto | 2.5 mm greyboard |" in c.text
    row = entry(c, "Ruskin mill")
    assert row.status != "carried" and "Ruskin mill" not in c.text
