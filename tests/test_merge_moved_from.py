"""Issue 18, point 4 (merge16b): a newest sentence saying the writers moved or
switched to something ("since we switched to the Dojo terminal") supersedes an older
unit stating the old arrangement of that thing with a name the newest states nowhere
("The Payzone terminal sits behind the counter"): not written beside it, a row the
person can flip. A still-true older fact on another thing is carried, and a thing
that was moved ("The lost property box was moved into the back office") ends only
where that thing was. Domain: a laundrette (no other test uses it); real parser, real
model."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)

OLDER = note("laundrette/bubbles-counter.md", fm("Bubbles counter routine", "2025-03-02") + (
    "How the counter at Bubbles Laundrette is run.\n\n## Payments\n\n"
    "Service washes are paid for at the counter.\n"
    "The Payzone terminal sits behind the counter next to the till.\n\n"
    "## Machines\n\n"
    "The dryers are serviced every quarter by Hartley Appliances, 0161 496 0733.\n"
    "Machine 6 takes duvets up to king size.\n"))

NEWER = note("laundrette/bubbles-counter-2026.md", fm("Bubbles counter routine 2026",
                                                       "2026-01-12") + (
    "How the counter at Bubbles Laundrette is run.\n\n## Payments\n\n"
    "Service washes are paid for at the counter, by card or cash, since we switched "
    "to the Dojo terminal in January.\n\n"
    "## Machines\n\n"
    "Machine 6 takes duvets up to king size.\n"
    "The lost property box was moved into the back office.\n"))


def _merged():
    return compose("merge", NEWER, [OLDER], now=NOW)


def test_an_older_arrangement_the_writers_switched_from_is_not_written():
    c = _merged()
    assert "Payzone" not in c.text
    e = entry(c, "The Payzone terminal sits")
    assert e.status == "superseded" and e.flips == ("newer", "older"), e
    assert e.by_text and "Dojo terminal" in e.by_text, e
    older = compose("merge", NEWER, [OLDER], now=NOW, choices={e.key: "older"})
    assert "The Payzone terminal sits behind the counter next to the till." in older.text
    check_ledger(c)


def test_a_still_true_older_fact_beside_a_moved_thing_is_carried():
    c = _merged()
    assert entry(c, "Hartley Appliances").status == "carried"
    assert "0161 496 0733" in c.text
    check_ledger(c)


def test_only_what_the_writers_moved_to_is_a_destination():
    from review_app.core.merge.lexicon import Lexicon
    from review_app.core.merge.moved_to import moved_to

    lx = Lexicon()
    (dest,) = moved_to("Paid by card since we switched to the Dojo terminal in January.", lx)
    assert "terminal" in dest.words and "Dojo" in dest.names
    assert moved_to("The lost property box was moved into the back office.", lx) == ()
    assert moved_to("Ruth Okafor moved to the Leeds branch.", lx) == ()
