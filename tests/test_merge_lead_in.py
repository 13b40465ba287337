"""A carried sentence that announces the blocks after it ("There are three ways to use
the space." before one paragraph per way; "...:" before a list) is not written without
them: when the newest states or replaced every one of them, it is held back, a row the
person can flip (issue 18, MISPLACED: a lead-in left dangling as a section's last
line). Domain: a hackspace."""

from __future__ import annotations

from tests.helpers_merge import body, dated, entry, merged

_LEAD = "There are three ways to use the hackspace."


def _notes(ways: str):
    newest = dated(
        "hackspace/membership-2026.md", "Hackspace membership 2026", "hackspace-membership-2026",
        "What it costs to use the Foundry Lane hackspace from April.\n\n"
        "## Eligibility\n"
        "Anyone over 18 can join after a safety induction on the workshop floor.\n\n"
        "## Rates\n"
        "- Full members pay £30 per month and get a door fob for 24-hour access.\n"
        "- Day visitors pay £8 per day and come during staffed hours only.\n"
        "- Workshop students use the space during their class and pay through the class fee.\n",
        modified="2026-03-30")
    older = dated(
        "hackspace/membership.md", "Hackspace membership", "hackspace-membership",
        "What it costs to use the Foundry Lane hackspace.\n\n"
        "## Eligibility\n"
        f"Anyone over 18 can join after a safety induction on the workshop floor. {_LEAD}\n\n"
        + ways,
        modified="2024-02-11")
    return newest, older


_WAYS = ("**Full members** pay £25 per month and get a door fob for 24-hour access.\n\n"
         "**Day visitors** pay £6 per day and come during staffed hours only.\n\n"
         "**Workshop students** use the space during their class and pay through the class "
         "fee.\n")


def test_a_lead_in_whose_blocks_the_newest_states_is_held_back():
    newest, older = _notes(_WAYS)
    composed = merged(newest, older)
    assert _LEAD not in body(composed.text)
    e = entry(composed, _LEAD)
    assert e.status == "dropped" and e.held and "introduces" in e.why


def test_a_sentence_whose_number_counts_nothing_after_it_is_carried():
    newest, older = _notes("Members also get two free hours on the laser cutter each month.\n")
    assert _LEAD in body(merged(newest, older).text)
