"""An older line the newest says word for word in another section, with another value,
is its older wording, reported against that line (pass_carry._said_again_anywhere):
merge-BK kept "Scattering in the Garden of Remembrance costs £65." under "## Scattering"
beside the newest's "... costs £75, witnessed or not." under "## Fees". Domain: a
pottery cafe, which no other test uses."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry

OLDER = ("Front office staff read this before handing over a teapot.\n\n"
         "## Holding period\n\nTeapots are held free for 8 weeks after the firing. After that "
         "storage is £25 per month.\n\n"
         "## Painting\n\nPainting at the Willow Table costs £12. Guided painting on Tuesdays "
         "and Thursdays at 10:00; open painting any weekday. The Willow Table closes at dusk, "
         "so no late visits.\n\n"
         "## Observations\n- [fee] Painting at the Willow Table costs £12 #fees\n")
NEWEST = ("Policy after the fees review.\n\n"
          "## Fees\n\n| Item | Fee |\n|---|---|\n| Storage after free period | £30 per month |\n"
          "| Painting (open) | £14 |\n| Painting (guided) | £14 |\n\n"
          "Painting at the Willow Table costs £14, guided or not.\n\n"
          "## Holding\n\nTeapots are now held free for 12 weeks. After that storage is £30 per "
          "month.\n\n"
          "## Guided painting\n\nGuided painting on Tuesdays at 10:00 only; Thursday sessions "
          "stopped because the team is short.\n")


def test_a_line_said_again_elsewhere_is_reported_against_that_line() -> None:  # failed
    # before: superseded by the table row "| Painting (guided) | £14 |", not the line
    older = dated("pottery-cafe/teapots.md", "Teapot painting policy",
                  "teapot-painting-policy", OLDER, modified="2024-02-01")
    newest = dated("pottery-cafe/2025-teapots.md", "Teapot painting (Sept 2025)",
                   "teapot-painting-sept-2025", NEWEST, modified="2025-09-01")
    composed = compose("merge", newest, [older])
    e = entry(composed, "Painting at the Willow Table costs £12.")
    assert e.status == "superseded"
    assert e.by_text.startswith("Painting at the Willow Table costs £14")
    assert "£12" not in composed.text
    check_ledger(composed)
