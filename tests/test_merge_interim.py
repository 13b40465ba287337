"""Issue 18, "newer values replacing older ones" for states that pass (round 30,
pass_interim): an older version's "the kit order is overdue" or "pitch 2 is closed
until fixed" said how things stood then; a newer version that no longer says it was
most often written after it ended, so carried it tells the reader the order is still
overdue (merge-AQ's "Navy wool order PO-3381 is overdue.", merge-BG's "LBC decision
pending"). Held back with its flip; a lasting rule with the same word ("a fee more than
2 months overdue ends the membership", "If a match fee is overdue, ...") is a fact and
is carried.
Domain: a football club (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = fm("Football club kit and pitches", "2025-08-01") + (
    "## Kit\n"
    "Home shirts come from Touchline Sports. The away kit order TS-5512 is overdue.\n\n"
    "## Pitches\n"
    "- The top pitch goalmouth is roped off until fixed.\n"
    "- Studs are checked by the referee before kick-off.\n\n"
    "## Fees\n"
    "A subscription more than 2 months overdue ends the membership.\n"
    "Boots awaiting collection are kept for 30 days.\n"
    "If a match fee is overdue, the treasurer sends a reminder.\n")

NEWER = fm("Football club kit and pitches 2026", "2026-03-01") + (
    "## Kit\n"
    "Home shirts come from Touchline Sports; the away kit is navy this season.\n\n"
    "## Pitches\n"
    "- Pitch 1 is floodlit until 21:00.\n")


def test_a_passing_state_is_held_back_and_a_rule_is_carried():
    c = compose("merge", note("football/kit-2026.md", NEWER),
                [note("football/kit.md", OLDER)], now=NOW)
    for passing in ("The away kit order TS-5512 is overdue.",
                    "The top pitch goalmouth is roped off"):
        e = entry(c, passing)
        assert e.status == "dropped" and e.held and "carry" in e.flips, e  # failed before
        assert passing not in c.text
    assert "Studs are checked by the referee before kick-off." in c.text
    for rule in ("A subscription more than 2 months overdue ends the membership.",
                 "Boots awaiting collection are kept for 30 days.",  # a figure of its own
                 "If a match fee is overdue, the treasurer sends a reminder."):  # a condition
        assert rule in c.text, rule
    check_ledger(c)
    e = entry(c, "TS-5512")
    kept = compose("merge", note("football/kit-2026.md", NEWER),
                   [note("football/kit.md", OLDER)], now=NOW, choices={e.key: "carry"})
    assert "The away kit order TS-5512 is overdue." in kept.text  # the person's key
