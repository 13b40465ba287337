"""A status section holds one value (issue 18: "Status: Proposed. Status: Accepted"):
an older dated status statement is superseded by the newest's status, while an older
unit there that states a fact of its own is still carried."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def _application() -> tuple:
    newer = dated("house/loft-planning-2025.md", "Loft conversion planning (granted)",
                  "loft-planning-2025",
                  "Planning application for the rear dormer at 14 Alder Row.\n\n"
                  "## Status\n\nGranted by the council on 20 June 2025, reference PA/25/0412.\n\n"
                  "## Drawings\n\n- Dormer width 4.2 m, set back 0.5 m from the eaves\n",
                  modified="2025-06-22")
    older = dated("house/loft-planning.md", "Loft conversion planning", "loft-planning",
                  "Planning application for the rear dormer at 14 Alder Row.\n\n"
                  "## Status\n\nSubmitted on 3 March 2025.\n\n"
                  "The neighbours at number 16 were sent a copy by Ruth Okafor.\n\n"
                  "## Drawings\n\n- Dormer width 4.2 m, set back 0.5 m from the eaves\n",
                  modified="2025-03-04")
    return newer, older


def test_an_older_status_is_not_written_beside_the_newest_status() -> None:
    newer, older = _application()
    c = compose("merge", newer, [older])
    check_ledger(c)
    assert "Granted by the council on 20 June 2025" in c.text
    assert "Submitted on 3 March 2025." not in c.text
    e = entry(c, "Submitted on 3 March")
    assert e.status == "superseded" and "Granted" in (e.by_text or "")
    assert "older" in e.flips
    # a fact of its own in that section (a name) is not a status: still carried
    assert "Ruth Okafor" in c.text


def _marquee() -> tuple:
    newer = dated("events/marquee-hire-2026.md", "Marquee hire for the summer fete (2026)",
                  "marquee-hire-2026",
                  "Marquee hire from Canvas & Pole for the village fete on 11 July.\n\n"
                  "## Changes\n\nWe added a second entrance, so the hire fee went up to "
                  "€9,150.\n\n## Site\n\n- Pitched on the lower field, 12 m by 24 m\n",
                  modified="2026-05-02")
    older = dated("events/marquee-hire.md", "Marquee hire for the summer fete",
                  "marquee-hire",
                  "Marquee hire from Canvas & Pole for the village fete on 11 July.\n\n"
                  "## Terms\n\n- Fee: €8,400 all inclusive\n"
                  "- Deposit paid by Hannelore Brandt\n\n"
                  "## Site\n\n- Pitched on the lower field, 12 m by 24 m\n",
                  modified="2026-02-14")
    return newer, older


def test_an_older_price_is_not_written_beside_the_one_price_the_newest_states() -> None:
    newer, older = _marquee()
    c = compose("merge", newer, [older])
    check_ledger(c)
    assert "€9,150" in c.text and "€8,400" not in c.text
    e = entry(c, "€8,400")
    assert e.status == "superseded" and "€9,150" in (e.by_text or "")
    assert "Hannelore Brandt" in c.text  # not a price: still carried
