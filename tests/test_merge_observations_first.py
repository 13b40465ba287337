"""Issue 18, "a merged note reads as one note" (round 34): observations carried from older
versions into a newest note that has relations but no observations are written before
its relations, as basic-memory notes order them, not after them. merge-CH's reader
found "## Observations" after "## Relations" in two notes. Domain: a magician's bookings
(no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = note("magic/party-bookings.md", fm("Party bookings", "2025-06-01") + (
    "How Marvello books children's parties.\n\n## Booking\n\nA one-hour show is £140.\n\n"
    "## Observations\n\n- [venue] Needs a 3 m by 3 m clear floor #space\n\n"
    "## Relations\n\n- relates_to [[Show kit list]]\n"))

NEWER = note("magic/party-bookings-2026.md", fm("Party bookings 2026", "2026-02-01") + (
    "How Marvello books children's parties in 2026.\n\n## Booking\n\nA one-hour show is "
    "£160.\n\n## Relations\n\n- relates_to [[Show kit list]]\n"))


def test_carried_observations_come_before_the_relations():  # failed before
    c = compose("merge", NEWER, [OLDER], now=NOW)
    assert entry(c, "Needs a 3 m by 3 m clear floor").status == "carried"
    text = c.text
    assert text.index("## Observations") < text.index("## Relations")
    assert text.index("- [venue] Needs") < text.index("## Relations")
    assert text.count("## Observations") == 1 and "£140" not in text
    assert text.endswith("## Relations\n\n- relates_to [[Show kit list]]\n")
    check_ledger(c)


def test_under_a_level_three_relations_heading_they_take_its_level():
    older = note("magic/kit.md", fm("Show kit", "2025-06-01") + (
        "# Show kit\n\nWhat Marvello packs.\n\n### Observations\n\n"
        "- [kit] Spare dove pan in the blue case #kit\n\n### Relations\n\n"
        "- relates_to [[Party bookings]]\n"))
    newer = note("magic/kit-2026.md", fm("Show kit 2026", "2026-02-01") + (
        "# Show kit 2026\n\nWhat Marvello packs in 2026.\n\n### Relations\n\n"
        "- relates_to [[Party bookings]]\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert "### Observations\n\n- [kit] Spare dove pan" in c.text
    assert c.text.index("### Observations") < c.text.index("### Relations")
    assert "## Observations" not in c.text.replace("### Observations", "")
    check_ledger(c)
