"""Issue 18, point 4 (merge14d): what the newest says moved to another note is not
carried. "Fleece packing has moved to [[Wool Packing Guide]]" sends the reader to that
note for how fleeces are packed; the older section's packing rules and the observation
summarising them, written right after the pointer, would state as current what the
newest says lives elsewhere. They are superseded by the pointer (a pair the person can
flip): the prose of the older section aligned with the pointer's section, and an older
observation whose nearest newest unit in meaning is the pointer. Guards: still-true
older-only facts of other sections (a contact phone, an allergy-like safety note, a
location) and observations on other subjects stay carried. Domain: a sheep shearing
contractor (no other test uses it); real parser, real model. The first three tests
failed before the change (at integ14)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)

OLDER = note("shearing/shed-rules.md", fm("Shearing shed rules", "2025-03-01") + (
    "How the Fellside shearing gang works a shed.\n\n"
    "## Shed times\n\n"
    "Runs start at 07:00 and the last run ends at 17:00.\n\n"
    "## Wool packing\n\n"
    "Each fleece is rolled skin side out and packed into a nylon wool sack of 160 kg. "
    "Belly wool and dags go in a separate paper sack.\n\n"
    "## Contacts\n\n"
    "For a cut that needs stitching, ring Dr Alwen Price on 01632 960518.\n"
    "The first-aid box is kept on the shelf above the wool table.\n\n"
    "## Observations\n\n"
    "- [packing] Fleeces rolled skin out into nylon sacks #wool\n"
    "- [contact] Dr Alwen Price stitches cuts #safety\n"))

NEWER = note("shearing/shed-rules-2026.md", fm("Shearing shed rules 2026", "2026-02-01") + (
    "How the Fellside shearing gang works a shed.\n\n"
    "## Shed times\n\n"
    "Runs start at 07:30 and the last run ends at 17:00.\n\n"
    "## Wool packing\n\n"
    "Fleece packing has moved to [[Wool Packing Guide]], which covers sacks, "
    "weights and labels in one place.\n\n"
    "## Observations\n\n"
    "- [times] Runs from 07:30 to 17:00 #shed\n"))

POINTER = ("Fleece packing has moved to [[Wool Packing Guide]], which covers sacks, "
           "weights and labels in one place.")


def test_older_prose_on_a_topic_that_moved_to_another_note_is_not_carried():
    c = compose("merge", NEWER, [OLDER], now=NOW)
    for fragment in ("Each fleece is rolled skin side out",
                     "Belly wool and dags go in a separate paper sack"):
        e = entry(c, fragment)
        if e.status == "superseded":
            assert e.by_text == POINTER and e.flips == ("newer", "older"), e
        else:  # held back with a row naming the pointer: not written either
            assert e.status == "dropped" and e.held and "Wool Packing Guide" in e.why, e
        assert fragment not in c.text
    check_ledger(c)


def test_an_older_observation_on_the_moved_topic_is_not_carried():
    c = compose("merge", NEWER, [OLDER], now=NOW)
    e = entry(c, "Fleeces rolled skin out into nylon sacks")
    assert e.status == "superseded" and e.by_text == POINTER, e
    assert "Fleeces rolled skin out" not in c.text
    check_ledger(c)


def test_the_person_can_keep_the_moved_rules_with_one_key():
    first = compose("merge", NEWER, [OLDER], now=NOW)
    e = entry(first, "Belly wool and dags go in a separate paper sack")
    assert e.status == "superseded", e
    c = compose("merge", NEWER, [OLDER], now=NOW, choices={e.key: "older"})
    assert "Belly wool and dags go in a separate paper sack" in c.text
    assert entry(c, "Belly wool and dags go in a separate paper sack").chosen


def test_still_true_older_facts_on_other_subjects_stay_carried():
    c = compose("merge", NEWER, [OLDER], now=NOW)
    for fact in ("For a cut that needs stitching, ring Dr Alwen Price on 01632 960518.",
                 "The first-aid box is kept on the shelf above the wool table.",
                 "Dr Alwen Price stitches cuts"):
        assert entry(c, fact).status == "carried", entry(c, fact)
        assert fact in c.text
    assert POINTER in c.text
    check_ledger(c)
