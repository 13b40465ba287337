"""An older note's lead sentence that dates its own version ("... as agreed at the AGM in
March 2023", "Prices for the 2024 season") frames that version: it is superseded by the
newest's lead, or dropped where the newest has none, whatever else it names
(pass_lead._undate). Carried, it opened merged notes of 2025 with "as of August 2023" and
"agreed at the AGM on 9 May 2023" (issue 18, blind readers of merge-EJ and merge-EK). A
year long before the version ("founded in 1987") or after the newest is no such date.
Domain: a canoe polo club."""

from __future__ import annotations

import pytest
from helpers_merge import check_ledger, dated, entry, note

from review_app.core.merging import compose

OLD = """Training times for the Ouse Canoe Polo Club at the Foss Bank slipway, as agreed at the \
AGM on 14 March 2023 in the Kings Arms. \
The club was founded in 1987 at the Riverside boathouse.

## Sessions

- Tuesday: 7pm to 9pm at Castle Pool
- Saturday: 8am to 10am on the river

Helmets with face guards are compulsory in every session.
"""
NEW = """The weekly sessions of the Ouse Canoe Polo Club and who runs them.

## Sessions

- Tuesday: 7:30pm to 9:30pm at Castle Pool
- Saturday: 8am to 10:30am on the river (Ama Boateng runs it)
"""
NEW_WITHOUT_LEAD = """## Sessions

- Tuesday: 7:30pm to 9:30pm at Castle Pool
- Saturday: 8am to 10:30am on the river (Ama Boateng runs it)
"""


def _older(body: str = OLD, modified: str = "2023-04-02"):
    return dated("polo/training.md", "Training times", "polo/training", body,
                 modified=modified)


def _newest(body: str = NEW, modified: str = "2025-03-10"):
    return dated("polo/sessions.md", "Weekly sessions", "polo/sessions", body,
                 modified=modified)


def test_an_older_lead_dating_its_version_gives_way_to_the_newest_lead():
    """Failed before: carried, "a fact the newest lacks: 2023, march"."""
    new = _newest()
    out = compose("merge", new, [_older()], kept=new)
    e = entry(out, "as agreed at the")
    assert e.status == "superseded", e.why
    assert "2023" in e.why
    assert "AGM on 14 March 2023" not in out.text
    check_ledger(out)


def test_with_no_newest_lead_it_is_dropped_as_a_row_to_flip():
    """Failed before: carried as the merged note's intro."""
    new = _newest(NEW_WITHOUT_LEAD)
    out = compose("merge", new, [_older()], kept=new)
    e = entry(out, "as agreed at the")
    assert e.status == "dropped"
    assert e.flips == ("carry", "drop")
    assert "AGM on 14 March 2023" not in out.text
    check_ledger(out)


def test_a_year_long_before_the_version_is_a_fact_and_is_carried():
    """A guard: "founded in 1987" is no date of the 2023 version."""
    new = _newest()
    out = compose("merge", new, [_older()], kept=new)
    assert entry(out, "founded in 1987").status == "carried"
    assert "The club was founded in 1987 at the Riverside boathouse." in out.text
    assert "Helmets with face guards are compulsory" in out.text


def test_a_year_after_the_newest_is_no_version_date():
    """A guard: an older lead looking past the newest's year states a plan."""
    old = _older("Training times for the Ouse Canoe Polo Club. From 2027 the club trains at "
                 "the new Northgate pool.\n\n## Sessions\n\n- Tuesday: 7pm to 9pm at Castle "
                 "Pool\n", modified="2024-11-20")
    new = _newest()
    out = compose("merge", new, [old], kept=new)
    assert entry(out, "From 2027 the club trains").status == "carried"
    assert "From 2027 the club trains at the new Northgate pool." in out.text


def test_a_newer_member_under_an_older_base_keeps_its_dated_lead():
    """A guard: where the person picks the older note as the base, the newer member's
    "2025" is later than the base and is carried as news."""
    old = _older()
    new = _newest("The weekly sessions of the Ouse Canoe Polo Club from April 2025, as "
                  "agreed at the 2025 AGM.\n\n## Sessions\n\n- Tuesday: 7:30pm to 9:30pm "
                  "at Castle Pool\n")
    out = compose("merge", old, [new], kept=old)
    assert "own date" not in entry(out, "as agreed at the 2025 AGM").why


LEAD = "The Ouse Canoe Polo Club's weekly sessions.\n\n## Sessions\n\n- Tuesday: 7:30pm to " \
       "9:30pm at Castle Pool\n"


def _led_by(sentence: str):
    """An older note of May 2024 whose lead's second sentence is `sentence`, merged into
    the newest (its own lead)."""
    old = _older(f"Training notes for the Ouse Canoe Polo Club. {sentence}\n\n## Sessions\n\n"
                 "- Tuesday: 7pm to 9pm at Castle Pool\n", modified="2024-05-01")
    new = _newest(LEAD)
    return compose("merge", new, [old], kept=new)


@pytest.mark.parametrize("sentence", [
    # a review's findings on the first version: a still-true fact beside a recent year
    "Since 2023 the club phone number is 01904 555 123.",
    "Renewals are due by 30 June 2025.",
    "Since the 2023 AGM, all members must hold a BCU licence.",
    "The club moved to 12 Foss Bank, York YO31 7AA in 2024.",
])
def test_a_lasting_fact_a_rule_or_a_number_beside_a_year_is_still_carried(sentence: str):
    """Guards (pass on main; failed on this change's first version)."""
    out = _led_by(sentence)
    assert entry(out, sentence[:24]).status == "carried"
    assert sentence in out.text


def test_a_newer_member_naming_the_base_year_keeps_its_lead():
    """A guard (a review's finding): under an older base, a newer member's lead dates no
    older version, whatever year it names."""
    base = _older(LEAD, modified="2024-06-01")
    new = _newest("Training notes for the Ouse Canoe Polo Club, agreed at the AGM on 3 March "
                  "2024 at the Foss Bank slipway.\n\n## Sessions\n\n- Tuesday: 7:30pm to "
                  "9:30pm at Castle Pool\n")
    out = compose("merge", base, [new], kept=base)
    assert "own date" not in entry(out, "agreed at the AGM on 3 March").why


def test_an_undated_older_note_dates_no_version():
    """A guard (a review's finding): a note dated by its file's time alone has no year to
    read its lead's years against."""
    old = note("polo/training.md", "---\ntitle: Training times\n---\n\n# Training times\n\n"
               "Training notes for the Ouse Canoe Polo Club. The club was founded in 1987 at "
               "the Riverside boathouse.\n\n## Sessions\n\n- Tuesday: 7pm to 9pm\n")
    new = _newest()
    out = compose("merge", new, [old], kept=new)
    assert "own date" not in entry(out, "founded in 1987").why


@pytest.mark.parametrize("sentence", [
    # round 41's guards, which this change's first version broke: what was settled, and
    # a change still ahead when the newest was written
    "Decided at the March 2024 meeting to stop taking cash.",
    "Agreed in 2024 with the insurer as a condition of cover.",
    "From 1 April 2025 the club trains at the new Northgate pool.",
])
def test_what_was_settled_or_lies_ahead_is_no_version_date(sentence: str):
    assert "own date" not in entry(_led_by(sentence), sentence[:24]).why


def test_a_day_beside_may_is_a_date():
    """"9 May 2023" gives no month fact ("may" is a modal too): still a date."""
    old = _older(OLD.replace("14 March 2023", "9 May 2023"))
    new = _newest(LEAD)
    out = compose("merge", new, [old], kept=new)
    assert entry(out, "Foss Bank slipway").status == "superseded"
