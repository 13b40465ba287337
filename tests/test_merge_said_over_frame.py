"""Issue 18, point 4 (merge13b): an older sentence, list item or observation the newest
says over in other words is superseded by the unit that rewrote it, not written beside
it: the two speak of one thing (near in meaning with values and names taken out,
sharing most of the words they say it with) and each says something the other does
not ("Ink is paid for in cash at the counter" / "Ink is now paid for by card through the
booking site"; "keys are kept by Hugo behind the counter" / "keys now live in the coded
key safe; Keiko issues the code"). It is a pair the person can flip. Still-true
older-only facts of the same section stay carried: a location, a phone number, an
allergy rule, another rule about the same thing, and an older line saying more than the
newest's. Domain: a risograph print studio (no other test uses it); real parser, real
model. The first three tests failed before pass_said_over.said_in_frame."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)

OLDER = note("riso/studio-rules.md", fm("Studio rules", "2025-02-01") + (
    "House rules of the Ashgrove risograph studio.\n\n## Press room\n\n"
    "The drum room is vacuumed on Wednesdays and Saturdays.\n"
    "The studio keys are kept by Hugo behind the counter and signed out in the key book.\n"
    "Ink is paid for in cash at the counter and noted in the ink book.\n"
    "The spare masters are stored in the grey cabinet under the window.\n"
    "For a drum fault out of hours, call the Ricoh line on 0800 555 0199.\n"
    "Members with a latex allergy must take the nitrile gloves from the first-aid box.\n"
    "Drums are wiped with the blue lint-free cloths only.\n\n"
    "## Observations\n\n"
    "- [payment] Ink paid in cash at the counter\n"))

NEWER = note("riso/studio-rules-2026.md", fm("Studio rules 2026", "2026-01-20") + (
    "House rules of the Ashgrove risograph studio.\n\n## Press room\n\n"
    "Dust is vacuumed out of the drum room after every session.\n"
    "Studio keys now live in the coded key safe; Keiko issues the code each morning.\n"
    "Ink is now paid for by card through the booking site.\n"
    "Prints dry on the wire racks for an hour before they are stacked.\n"))


def _said_over(e, new: str) -> None:
    """Superseded by `new` with its flip; or, when it holds a fact nothing else states
    (its days, a name: alone_facts.alone_facts), held back with a row naming `new`, so
    the person settles it. Either way it is not written beside `new`."""
    if e.status == "superseded":
        assert e.by_text == new and e.flips == ("newer", "older"), e
    else:
        assert e.status == "dropped" and e.held and e.flips == ("carry", "drop"), e
        assert new in e.why, e


def test_an_older_sentence_the_newest_rewrote_is_superseded_not_written_beside_it():
    c = compose("merge", NEWER, [OLDER], now=NOW)
    e = entry(c, "Ink is paid for in cash")
    assert e.status == "superseded", e
    _said_over(e, "Ink is now paid for by card through the booking site.")
    _said_over(entry(c, "studio keys are kept by Hugo"),
               "Studio keys now live in the coded key safe; Keiko issues the code each morning.")
    _said_over(entry(c, "vacuumed on Wednesdays"),
               "Dust is vacuumed out of the drum room after every session.")
    assert "Hugo" not in c.text and "Wednesdays" not in c.text and "cash" not in c.text
    check_ledger(c)


def test_an_older_observation_the_newest_rewrote_is_superseded_in_merge_and_update():
    for action in ("merge", "update"):
        c = compose(action, NEWER, [OLDER], now=NOW)
        e = entry(c, "[payment] Ink paid in cash")
        assert e.status == "superseded", (action, e)
        assert e.by_text == "Ink is now paid for by card through the booking site."
        assert "Ink paid in cash" not in c.text
        check_ledger(c)


def test_the_person_can_keep_the_older_sentence_with_one_key():
    first = compose("merge", NEWER, [OLDER], now=NOW)
    key = entry(first, "Ink is paid for in cash").key
    c = compose("merge", NEWER, [OLDER], now=NOW, choices={key: "older"})
    assert "Ink is paid for in cash at the counter and noted in the ink book." in c.text
    assert "Ink is now paid for by card" not in c.text
    assert entry(c, "Ink is paid for in cash").chosen


def test_still_true_older_only_facts_of_the_same_section_stay_carried():
    c = compose("merge", NEWER, [OLDER], now=NOW)
    for fact in ("The spare masters are stored in the grey cabinet under the window.",
                 "For a drum fault out of hours, call the Ricoh line on 0800 555 0199.",
                 "Members with a latex allergy must take the nitrile gloves from the "
                 "first-aid box.",
                 "Drums are wiped with the blue lint-free cloths only."):
        e = entry(c, fact)
        assert e.status == "carried", e
        assert fact in c.text
    check_ledger(c)


def test_an_older_line_saying_more_than_the_newest_is_not_said_over():
    older = note("riso/cleaning.md", fm("Cleaning", "2025-02-01") + (
        "Cleaning at the Ashgrove risograph studio.\n\n## Drum room\n\n"
        "The drum room is vacuumed at the end of every session and the offcut bins "
        "are emptied into the paper recycling.\n"))
    newer = note("riso/cleaning-2026.md", fm("Cleaning 2026", "2026-01-20") + (
        "Cleaning at the Ashgrove risograph studio.\n\n## Drum room\n\n"
        "The drum room is vacuumed at the end of every session.\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert entry(c, "offcut bins").status != "superseded"
