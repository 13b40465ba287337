"""A share said as a hyphenated word is the share it says: "half-price" states 50%, as "half
price" already did (worded_values.spelled_numbers, the newest's reading). An older "50% off"
for a group the newest says "half-price" of was carried as "a fact the newest lacks: 50%",
beside the newest's line that the half-price rate had ended (merge-EK, a blind reader: "withdrawn
discount stated as current"). Domain: a book binding class."""

from __future__ import annotations

import pytest
from helpers_merge import check_ledger, dated, entry

from review_app.core.merge import ENGLISH
from review_app.core.merge.worded_values import spelled_numbers
from review_app.core.merging import compose

OLD = """Each term of the Tuesday book binding class costs £60.

Students at the art college get 50% off the term fee.

Bring a bone folder and a metal ruler to the first session.
"""
NEW = """Each term of the Tuesday book binding class costs £72. The half-price rate for art \
college students ended in July.

Sessions run from 7pm to 9pm in the print room.
"""


def _compose():
    old = dated("binding/class-old.md", "Binding class", "binding/class-old", OLD,
                modified="2024-09-01")
    new = dated("binding/class.md", "Binding class fees", "binding/class", NEW,
                modified="2025-09-01")
    return compose("merge", new, [old], kept=new)


@pytest.mark.parametrize("text,share", [
    ("The half-price rate ended in July.", True),
    ("The half price rate ended in July.", True),
    ("Pay half up front.", True),
    ("Pay the full fee.", False),
    # a review's findings: a fraction in a word that is no price says no share
    ("Half-yearly reviews check the cover.", False),
    ("Most members train for the half-marathon.", False),
    ("There are no lessons over half-term.", False),
])
def test_a_share_in_words_is_its_share_hyphenated_or_not(text: str, share: bool):
    assert ("n:50%" in spelled_numbers(text, ENGLISH)) is share


def test_an_older_discount_the_newest_speaks_of_in_words_is_not_carried():
    """Failed before: carried, "a fact the newest lacks: 50%"."""
    out = _compose()
    off = entry(out, "get 50% off the term fee")
    assert off.status != "carried"
    assert "50% off" not in out.text
    check_ledger(out)


def test_an_older_line_the_newest_says_nothing_of_is_still_carried():
    """A guard (passes before too)."""
    out = _compose()
    assert entry(out, "Bring a bone folder").status == "carried"
    assert "Bring a bone folder and a metal ruler to the first session." in out.text


@pytest.mark.parametrize("older,newest,line", [
    ("The binding room's insurance covers the presses.\n\nOnly 50% of the repair cost is "
     "reimbursed.\n",
     "The binding room's insurance covers the presses. Half-yearly reviews check the repair "
     "cost cover.\n",
     "Only 50% of the repair cost is reimbursed."),
    ("Binding lessons cost £8 a session.\n\nSiblings get 50% off their lessons.\n",
     "Binding lessons cost £9 a session. There are no lessons over half-term.\n\n"
     "Siblings' lessons are booked at the front desk.\n",
     "Siblings get 50% off their lessons."),
])
def test_a_share_the_newest_does_not_give_is_still_carried(older: str, newest: str,
                                                           line: str):
    """A review's finding (failed on the first version of this change: "present" or
    superseded, not written): "half-yearly" or "half-term" in the newest says no 50%."""
    old = dated("binding/room-old.md", "Binding room", "binding/room-old", older,
                modified="2024-09-01")
    new = dated("binding/room.md", "Binding room notes", "binding/room", newest,
                modified="2025-09-01")
    out = compose("merge", new, [old], kept=new)
    assert entry(out, line[:20]).status == "carried"
    assert line in out.text
