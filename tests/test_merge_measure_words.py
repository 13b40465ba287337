"""A value is read as a reader reads it (issue 18: nothing stale stated as current;
thing_values.py, pass_said_over): a number spelled out before its unit ("twenty
knots" is 20 knots), a unit with a possessive ("48 hours' notice"), knots and stone
as units of measure; a number word inside a compound ("twenty five") is no value on
its own. merge-CD g01 kept "weight limit 15 stone (95 kg)" under "Weight limit is now 16
stone". Domain: a windsurf school, which no other test uses."""

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


def test_a_compound_number_word_is_no_value_alone() -> None:
    assert _read("The wind limit for beginners is twenty five knots.") == set()


def test_an_older_limit_in_stone_goes_under_the_newest_in_words() -> None:  # failed before
    older = dated("windsurf-school/riders.md", "Rider rules", "rider-rules",
                  "## Riders\n"
                  "Eligibility: the weight limit is 15 stone and the minimum age is 12.\n\n"
                  "- Boards are rigged on the grass, never on the slipway.\n",
                  modified="2025-03-01")
    newest = dated("windsurf-school/riders-2025.md", "Rider rules 2025", "rider-rules-2025",
                   "## Riders\n"
                   "The weight limit is now thirteen stone, for the new harnesses.\n",
                   modified="2025-07-01")
    composed = compose("merge", newest, [older])
    assert entry(composed, "the weight limit is 15 stone").status == "superseded"
    assert "15 stone" not in composed.text
    assert "never on the slipway" in composed.text  # what nothing newer speaks to stays
    check_ledger(composed)
