"""What an older version says of its own changes is that version's news, not a fact of
now (issue 18: "nothing stale stated as current"; other_value.is_history): a line
under its "## Changes from v1" heading that opens with the change ("Added the fit check
(step 3).") and an intro line labelled as its changes ("Two changes: ...") are
reported dropped, not written beside the newest's steps (merge-BE g06)."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def _v1():
    return dated("thrift/donation-intake.md", "Donation intake", "thrift-donation-intake",
                 "How the thrift shop takes in donations.\n\n"
                 "## Steps\n1. Greet the donor and ask for a Gift Aid form.\n"
                 "2. Sort bags into clothes, books and bric-a-brac.\n"
                 "3. Put electricals aside for testing.\n",
                 modified="2025-01-10")


def _v2():
    return dated("thrift/donation-intake-v2.md", "Donation intake v2",
                 "thrift-donation-intake-v2",
                 "Updated after the volunteer meeting. Two changes: the weigh step and a "
                 "bag limit.\n\n"
                 "## Steps\n1. Greet the donor and ask for a Gift Aid form.\n"
                 "2. Weigh the bags on the back-room scale.\n"
                 "3. Sort bags into clothes, books and bric-a-brac.\n"
                 "4. Put electricals aside for testing.\n\n"
                 "## Changes from v1\n- Added the weigh step (step 2).\n"
                 "- No more than 6 bags per donor per day.\n",
                 modified="2025-04-02")


def _v3():
    return dated("thrift/donation-intake-v3.md", "Donation intake v3",
                 "thrift-donation-intake-v3",
                 "The current donation procedure; print it for the back room.\n\n"
                 "## Steps\n1. Greet the donor and ask for a Gift Aid form.\n"
                 "2. Weigh the bags on the back-room scale.\n"
                 "3. Sort bags into clothes, books, toys and bric-a-brac.\n"
                 "4. Put electricals aside for PAT testing on Thursdays.\n\n"
                 "## Limits\n- No more than 8 bags per donor per day.\n",
                 modified="2025-09-15")


def test_an_older_versions_change_log_is_not_written_as_a_fact() -> None:
    composed = compose("merge", _v3(), [_v1(), _v2()])
    text = composed.text
    assert entry(composed, "Added the weigh step").status == "dropped"
    assert entry(composed, "Two changes: the weigh step").status == "dropped"
    assert "Added the weigh step" not in text
    assert "Two changes" not in text
    assert "8 bags per donor" in text and "6 bags per donor" not in text
    check_ledger(composed)
