"""A party that pulled out does not still do its part (issue 18, round 23 STALE): an
older line giving a group a task ("The Wharfside Fiddlers will play for the dance-out.")
is superseded when the newest says that group pulled out, dropped out, backed out or
withdrew, as it is when a person left. Guard: a line about another party stays carried.
Domain: a morris side's summer tour (no other test uses it); real parser, real model.
Before the change the "pulled out" and "backed out" cases failed."""

from __future__ import annotations

import pytest
from helpers_merge import dated, entry, merged

OLDER = dated("morris/summer-tour-plan.md", "Summer tour plan", "summer-tour-plan", (
    "Plan for the side's summer tour.\n\n"
    "## Music and food\n\n"
    "- The Wharfside Fiddlers will play for the dance-out.\n"
    "- The Kettle Club runs the cake stall at every stop.\n"), modified="2026-04-02")


@pytest.mark.parametrize("cue", ["pulled out", "dropped out", "backed out", "withdrew"])
def test_a_task_of_a_party_the_newest_says_pulled_out_is_superseded(cue: str) -> None:
    newer = dated("morris/summer-tour-final.md", "Summer tour final", "summer-tour-final", (
        "Final plan for the side's summer tour.\n\n"
        "## Music and food\n\n"
        f"- The Wharfside Fiddlers {cue} in May; Jo Penhale plays melodeon instead.\n"),
        modified="2026-06-01")
    out = merged(newer, OLDER)
    e = entry(out, "will play for the dance-out")
    assert e.status == "superseded", (cue, e.why)
    assert "will play for the dance-out" not in out.text
    assert entry(out, "Kettle Club runs the cake stall").status == "carried"
