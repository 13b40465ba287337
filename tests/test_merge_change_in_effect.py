"""A change an older version announced ("From 1 March 2025 the packet fee goes up") that
took effect before the newest note was written is history: the newest says what holds
now (issue 18: a merged note reads as one current note). Before, such a sentence was
carried for its date and reason beside the newest's value: "From 1 July 2025 the adult
return goes up ..." above a 2026 fare table (a heritage railway's fares)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import entry, fm, merged, note

from review_app.core.merge.lexicon import Lexicon
from review_app.core.merge.past_events import announced_change, took_effect

CHANGE_VERBS = Lexicon().change_verbs

OLDER = fm("Philatelic society charges", "2025-02-01") + """\
Charges for members of the Kestrel Philatelic Society.

From 1 March 2025 the packet circuit fee goes up, to cover the postage Royal Mail raised in \
January. From 1 June the library loan period changes to six weeks.

## Charges

| Charge | Amount |
|---|---|
| Packet circuit fee | £3 |
| Auction commission | 10% |
"""

NEWER = fm("Philatelic society charges 2025-26", "2025-09-12") + """\
Charges from the September meeting.

## Charges

| Charge | Amount |
|---|---|
| Packet circuit fee | £4 |
| Auction commission | 10% |
"""


def _composed(newer: str = NEWER):
    return merged(note("philately/charges-2025-26.md", newer),
                  note("philately/charges.md", OLDER))


def test_an_announced_change_in_effect_by_the_newest_is_superseded_by_its_value():
    composed = _composed()
    line = entry(composed, "From 1 March 2025 the packet circuit fee goes up")
    # got (before): carried for "2025" and "January", above "| Packet circuit fee | £4 |"
    assert line.status == "superseded", line.why
    assert line.by_text == "| Packet circuit fee | £4 |"
    assert line.flips == ("newer", "older")
    assert "goes up" not in composed.text, composed.text


def test_a_change_of_a_thing_the_newest_does_not_speak_of_is_kept():
    composed = _composed()
    # the newest gives no loan period: the sentence still states it
    assert entry(composed, "library loan period").status == "carried"
    assert "six weeks" in composed.text


def test_a_change_not_yet_in_effect_when_the_newest_was_written_is_kept():
    composed = _composed(NEWER.replace("2025-09-12", "2025-02-20"))
    line = entry(composed, "packet circuit fee goes up")
    assert line.status == "carried", line.why
    assert "From 1 March 2025 the packet circuit fee goes up" in composed.text


def test_a_period_or_a_day_the_next_year_lacks_is_no_announced_change():
    assert announced_change("From March to May the Monday session moves to the Leisure "
                            "Centre.", CHANGE_VERBS) is None
    assert announced_change("From 1 March the packet fee goes up.", CHANGE_VERBS) == \
        "the packet fee"
    older = note("philately/leap.md", fm("Hall hire", "2024-03-04", created="2024-03-04") +
                 "From 29 February the hall hire fee goes up.\n")
    newest = note("philately/leap-2025.md", fm("Hall hire 2025", "2025-09-01") + "Hire.\n")
    # (the next 29 February does not exist: no change read, and no crash)
    assert took_effect("From 29 February the hall hire fee goes up.", older, newest) is False
    assert newest.modified.date() == dt.date(2025, 9, 1)


def test_a_change_naming_where_it_goes_or_not_yet_due_is_kept():
    # where it moves to is a fact the newest's row of the thing may not give
    assert announced_change("From 3 March 2025 the Tuesday club night moves to the sports "
                            "hall at Castle School.", CHANGE_VERBS) is None
    assert announced_change("From 1 July the guest fee goes up to £7.", CHANGE_VERBS) == \
        "the guest fee"
    # a day without a year is read from when the older note was last written
    older = note("philately/edited.md", fm("Club nights", "2025-12-01", created="2023-05-01")
                 + "From 5 January the Tuesday club night moves an hour later.\n")
    newest = note("philately/edited-2025.md", fm("Club nights (Dec)", "2025-12-15") + "x\n")
    assert took_effect(older.text.splitlines()[-1], older, newest) is False
    assert older.modified.date() == dt.date(2025, 12, 1)
