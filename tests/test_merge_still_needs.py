"""Issue 18, "no stale line stated as current" (round 25, pass_one_valued.earlier_stage):
a plan's "Still needs final sign-off on the budget." waits for a stage to close, like
"still waiting on" or "TBC" (Lexicon.earlier_stage_cues); a newest whose status says the
work is complete or finished (Lexicon.closing_status_words) closes it, so it is
superseded, not written under the finished project (merge-AX g12, a showroom refit).
A line stating a figure the newest lacks is still the other passes' to judge. Domain: a
laser tag arena (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

PLAN = note("lasertag/arena-refit-plan.md", fm("Arena refit plan", "2025-09-01",
                                              "status: draft\n") + (
    "Refit of the main arena over the October half term.\n\n## Budget\n\n"
    "The refit budget is £6,000 for lighting, barriers and fog machines. "
    "Still needs final sign-off from the owners.\n\n"
    "## Kit\n\n- Barriers from Arena Build, 40 panels.\n"))

DONE = note("lasertag/arena-refit-done.md", fm("Arena refit: done", "2025-11-10",
                                              "status: complete\n") + (
    "The refit is finished and the arena reopened on 3 November.\n\n## Budget\n\n"
    "Final spend £6,400; the overrun was the second fog machine.\n\n"
    "## Kit\n\n- Barriers from Arena Build, 44 panels.\n\n"
    "## Observations\n\n- [status] Refit complete, reopened 3 November #refit\n"))


def test_a_line_waiting_on_a_sign_off_is_over_once_the_work_is_complete():  # failed before
    c = compose("merge", DONE, [PLAN], now=NOW)
    e = entry(c, "Still needs final sign-off")
    assert e.status == "superseded", e
    assert "Still needs" not in c.text
    assert "40 panels" not in c.text
    check_ledger(c)
