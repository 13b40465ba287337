"""Issue 18, point 4 (merge17b): an older unit that says what a newest unit says, in
other words and with the same numbers and names, is present, never carried, held back
or called another value. "The newest already says it" is judged by the facts as a
reader reads them, not by their spelling: "20 per cent" is "20%", "21 °C" is "21°C",
"£12k" is "£12,000", "£3.50" is "£3.5", "10:00-16:00" is "10am to 4pm", "the 1st" is
"1", and a name the newest writes in lower case or without its hyphen ("at
reception", "wifi") is one it states (facts._one_spelling,
facts.plain_name, facts.word_names). Round 16's readers found such older units
written a second time beside the newest's, or written over the newest's wording.
Domain: a quilting guild (no other test uses it); real parser, real model. The tests
marked so failed before the change."""

from __future__ import annotations

import datetime as dt

import pytest
from helpers_merge import entry, fm, merged, note

NOW = dt.datetime(2026, 8, 1, 9, 0, 0)

PAIRS = [  # (older, newest): the same facts, reworded
    ("A 20% deposit secures a place on the Bargello workshop.",
     "To secure a Bargello workshop place, pay a deposit of 20 per cent."),
    ("The sewing room must be kept below 24°C for the wax-resist dyes.",
     "For the wax-resist dyes the sewing room has to stay under 24 °C."),
    ("The guild aims to raise £12k for the raffle quilt frame.",
     "We hope to raise £12,000 for the raffle quilt frame."),
    ("Pattern booklets cost £3.50 each at the door.",
     "At the door each pattern booklet costs £3.5."),
    ("The quilt show is open 10:00-16:00 on the Saturday.",
     "On the Saturday the quilt show opens from 10am to 4pm."),
    ("Entries close on the 1st of May.",
     "The closing date for entries is 1 May."),
    ("Fabric donations are left at Reception in the Corn Exchange.",
     "Leave fabric donations at reception in the Corn Exchange."),
    ("The Wi-Fi code is changed every quarter by the guild secretary.",
     "Every quarter the guild secretary changes the wifi code."),
]


def _notes():
    older = note("quilting/guild-notes.md", fm("Quilting guild notes", "2025-09-01") + (
        "Notes for members of the Millbrook quilting guild.\n\n## Guild business\n\n"
        + " ".join(a for a, _ in PAIRS) + "\n"))
    newer = note("quilting/guild-handbook.md", fm("Quilting guild handbook", "2026-06-01")
                 + ("Notes for members of the Millbrook quilting guild, updated for the "
                    "summer show.\n\n## Guild business\n\n"
                    + " ".join(b for _, b in reversed(PAIRS)) + "\n"))
    return older, newer


@pytest.fixture(scope="module")
def composed():
    older, newer = _notes()
    c = merged(newer, older, now=NOW)
    return c


@pytest.mark.parametrize(("older", "newest"), PAIRS, ids=[a[:24] for a, _ in PAIRS])
def test_a_reworded_unit_with_the_same_facts_is_present(composed, older: str,
                                                        newest: str) -> None:  # failed before
    e = entry(composed, older)
    assert e.status == "present" and not e.held, e
    assert older not in composed.text and newest in composed.text


def test_nothing_is_said_twice(composed) -> None:
    written = [e for e in composed.ledger.entries
               if e.source != composed.ledger.base and e.status == "carried"]
    assert written == []
