"""Issue 18, "a decision list referenced by number" (round 29, pass_render): an older
decision list the newest names by number ("Decisions 1, 2 and 4 stand unchanged.
Decision 3 is reversed.") was carried under its own heading without the reversed item
and numbered on, so its 4 became a 3 and the newest's "Decision 3 is reversed" pointed
at it (merge-BO's battery incident). Such a list keeps its own numbers. Domain: a
plastering firm (no other test uses it)."""

from __future__ import annotations

import datetime as dt
import re

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = (
    "Status: open.\n\n"
    "## What happened\n\nA bucket of lime putty fell from the first lift at the "
    "Church Lane job. Nobody was hurt.\n\n"
    "## Decisions\n\n"
    "1. Toe boards on every lift before any material goes up.\n"
    "2. Buckets go up on the gin wheel, never carried up the ladder.\n"
    "3. Nobody works on the scaffold alone.\n"
    "4. Hard hats on site at all times.\n")


def test_a_list_named_by_number_keeps_its_numbers():  # failed before
    older = note("plaster/incident.md", fm("Scaffold fall incident", "2025-03-02") + OLDER)
    newer = note("plaster/incident-closed.md", fm("Scaffold fall incident closed",
                                                   "2025-05-10") + (
        "Status: closed on 9 May by Tom Reeve.\n\n"
        "## Outcome\n\nDecisions 1, 2 and 4 from the incident note stand unchanged.\n\n"
        "Decision 3 is reversed: a second person within call is enough for short jobs "
        "on the first lift.\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert entry(c, "Nobody works on the scaffold alone").status == "superseded"
    steps = re.findall(r"(?m)^(\d+)\. (.*)$", c.text)
    assert steps == [("1", "Toe boards on every lift before any material goes up."),
                     ("2", "Buckets go up on the gin wheel, never carried up the ladder."),
                     ("4", "Hard hats on site at all times.")]
    check_ledger(c)


def test_a_list_named_only_for_the_reversed_item_keeps_its_numbers():  # failed before
    older = note("plaster/incident.md", fm("Scaffold fall incident", "2025-03-02") + OLDER)
    newer = note("plaster/incident-closed.md", fm("Scaffold fall incident closed",
                                                   "2025-05-10") + (
        "Status: closed on 9 May by Tom Reeve.\n\n"
        "## Outcome\n\nDecision 3 is reversed: a second person within call is enough "
        "for short jobs on the first lift.\n"))
    c = compose("merge", newer, [older], now=NOW)
    steps = re.findall(r"(?m)^(\d+)\. (.*)$", c.text)
    assert ("4", "Hard hats on site at all times.") in steps
    assert ("3", "Hard hats on site at all times.") not in steps
    check_ledger(c)
