"""A value is read as a reader reads it (issue 18: nothing stale stated as current;
thing_values.py, pass_said_over): a number spelled out before its unit ("twenty
knots" is 20 knots), a unit with a possessive ("48 hours' notice"), knots and stone
as units of measure; and an older value in a unit of measure is superseded by the one
newest value in that unit whose thing shares a word with it ("The wind limit for
beginner lessons is 25 knots" / "Beginner lessons stop at twenty knots" beside
"Advanced clinics go out in up to 30 knots"). merge-CD g03 kept "Ground wind limit for
students is 14 knots" under "All students stop at 12 knots"; merge-CD g01 "weight
limit 15 stone". Domain: a windsurf school, which no other test uses."""

from __future__ import annotations

from review_app.core.merge import ENGLISH
from review_app.core.merge.thing_values import thing_values
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def _read(text: str) -> set[tuple[str, str]]:
    return {(tv.value, tv.unit) for tv in thing_values(text, ENGLISH)}


def test_values_read_as_said() -> None:  # failed before
    assert _read("Beginner lessons stop at twenty knots.") == {("20", "knot")}
    assert _read("Cancellations need 48 hours' notice.") == {("48", "hour")}
    assert _read("Riders up to 14 stone on the big boards.") == {("14", "stone")}
    # a number word is a value only before its unit
    assert _read("Two instructors stay on the beach.") == set()


def test_the_one_newest_value_in_that_unit_supersedes() -> None:  # failed before
    older = dated("windsurf-school/wind.md", "Wind limits", "wind-limits",
                  "## Wind\n"
                  "- The wind limit for beginner lessons is 25 knots.\n"
                  "- Boards are rigged on the grass, never on the slipway.\n",
                  modified="2025-03-01")
    newest = dated("windsurf-school/wind-2025.md", "Wind limits 2025", "wind-limits-2025",
                   "## Wind\n"
                   "- Beginner lessons stop at twenty knots.\n"
                   "- Advanced clinics go out in up to 30 knots.\n",
                   modified="2025-07-01")
    composed = compose("merge", newest, [older])
    assert entry(composed, "limit for beginner lessons is 25").status == "superseded"
    assert "25 knots" not in composed.text
    assert "never on the slipway" in composed.text  # what nothing newer speaks to stays
    check_ledger(composed)


def test_two_newest_values_sharing_its_words_decide_nothing() -> None:
    older = dated("windsurf-school/hire.md", "Board hire", "board-hire",
                  "## Hire\n- Board hire for members is 2 hours at most.\n",
                  modified="2025-03-01")
    newest = dated("windsurf-school/hire-2025.md", "Board hire 2025", "board-hire-2025",
                   "## Hire\n- Members hire boards for 3 hours on weekdays.\n"
                   "- Members hire boards for 1 hours at weekends.\n",
                   modified="2025-07-01")
    composed = compose("merge", newest, [older])
    assert entry(composed, "Board hire for members").status != "superseded" or \
        "the newest states another value for what this one measures" not in \
        entry(composed, "Board hire for members").why
