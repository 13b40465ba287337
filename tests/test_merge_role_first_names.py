"""Issue 18, item 4 (merge17a): a role that changed hands when the notes name people
by one word. "Carmen runs the Tuesday rota" in the newest supersedes the older
"Unless Wes is away, Wes runs the Tuesday rota"; "Tomasz is now the coordinator"
supersedes "The current coordinator is Fiona" (a copula joins a name to its role, and
"current" says when, not which role). The older unit is superseded by the newest unit
(flippable), not carried beside it. One capitalised word is a name where no sentence
starts, or at a sentence start when a pronoun later in it speaks of a person; a word
opening a sentence that the notes also write in lower case ("Launches are signed off")
is none, nor is an acronym ("BU"); a copula gives a name a role only before a noun
phrase ("is now the coordinator", not "are booked"). Guards: a slot the newest fills
with several people is a list; two words that may be any words are no change of
hands. Domain: a community bike kitchen (no
other test uses it); real parser, real model. The tests marked so failed before."""

from __future__ import annotations

import datetime as dt

import pytest
from helpers_merge import body, check_ledger, entry, fm, note

from review_app.core.merge.lexicon import ENGLISH
from review_app.core.merge.roles import replaced
from review_app.core.merging import compose

NOW = dt.datetime(2026, 5, 1, 12, 0, 0)


def _pair(older: str, newer: str) -> tuple:
    o = note("bikekitchen/running.md", fm("Running the bike kitchen", "2025-03-01") + (
        "How the Chain Reaction bike kitchen runs its week.\n\n## Volunteers\n\n"
        f"{older}\n\nVolunteers sign in at the bench by the door.\n"))
    n = note("bikekitchen/running-2026.md", fm("Running the bike kitchen 2026", "2026-02-01")
             + ("How the Chain Reaction bike kitchen runs its week this year.\n\n"
                f"## Volunteers\n\n{newer}\n\nVolunteers sign in at the bench by the door.\n"))
    return o, n


@pytest.mark.parametrize(("older", "newer"), [
    ("Unless Wes is away, Wes runs the Tuesday rota.", "Carmen runs the Tuesday rota."),
    ("Wes runs the Tuesday rota unless he is away.", "Carmen runs the Tuesday rota."),
    ("The current coordinator is Fiona.", "Tomasz is now the coordinator for volunteer "
                                          "shifts."),
])
@pytest.mark.parametrize("action", ["merge", "update"])
def test_a_one_word_holder_the_newest_replaced_is_superseded(older: str, newer: str,
                                                             action: str) -> None:
    # failed before (merge: carried and written beside the newest holder)
    o, n = _pair(older, newer)
    c = compose(action, n, [o], now=NOW)
    check_ledger(c)
    e = entry(c, older[:20])
    assert e.status == "superseded" and e.by_text == newer, e
    assert e.flips == ("newer", "older")
    assert older not in body(c.text)
    kept = compose(action, n, [o], now=NOW, choices={e.key: "older"})
    check_ledger(kept)
    assert older in kept.text  # the person keeps the older holder with one key


def test_one_word_names_are_read_only_where_they_are_names() -> None:  # failed before
    lx = ENGLISH
    assert replaced("The current coordinator is Fiona.", ["Tomasz is the coordinator."],
                    lx) == 0
    # a sentence-opening word the notes also write in lower case is no name
    assert replaced("The station mechanic, Ewan Hart, signs off launches.",
                    ["Launches are signed off at the pier."], lx) is None
    # "are ordered" gives no role; an acronym is no name ("BUs" / "BU")
    assert replaced("Tyres are ordered from the Ashby depot.",
                    ["Deliveries are ordered through the office."], lx) is None
    assert replaced("Test accounts are excluded from all BUs.",
                    ["Test accounts are excluded from every BU."], lx) is None
    # neither word is surely a name ("Juniors" / "Seniors" open their sentences)
    assert replaced("Juniors fix their own bikes.", ["Seniors fix their own bikes."],
                    lx) is None
    # a slot the newest fills with several people is a list of them
    assert replaced("Unless Wes is away, Wes runs the rota.",
                    ["Carmen runs the rota on Tuesdays.", "Tomasz runs the rota on Fridays."],
                    lx) is None
