"""Issue 18, "every current fact stated" (round 25): a rule written as a state that
never holds ("Cats are never boarded without vaccination records", "X cannot be
returned") forbids an act like "Never board ..." does (Lexicon.prohibition_phrases), so
only a newest unit stating that act contradicts it. merge-AX lost "Cut tiles are never
returnable" to "Breakage on delivery: report within 48 hours ... damaged tiles" and
"Children are never released to anyone under 16" to "All children must be collected
by 18:00": one of the two negated, a shared word, near in meaning. A newest unit that
states the act still supersedes it. Domain: a cattery (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = note("cattery/boarding-rules.md", fm("Boarding rules", "2025-05-01") + (
    "Rules for the Meadow cattery.\n\n## Boarding\n\n"
    "- Cats are never boarded without up-to-date vaccination records.\n"
    "- Food brought from home cannot be refrigerated for owners.\n"
    "- Each pen is cleaned twice a day.\n"))

NEWER = note("cattery/boarding-rules-2026.md", fm("Boarding rules 2026", "2026-03-01") + (
    "Rules for the Meadow cattery from March.\n\n## Boarding\n\n"
    "- Cats must be collected by 17:00 on the day of departure.\n"
    "- Each pen is cleaned three times a day.\n"
    "- Owners' food is now refrigerated in the kitchen fridge, labelled with the cat's name.\n"))


def test_a_never_rule_is_not_contradicted_by_another_act():  # failed before
    c = compose("merge", NEWER, [OLDER], now=NOW)
    e = entry(c, "never boarded without up-to-date vaccination")
    assert e.status == "carried", e
    assert "Cats are never boarded without up-to-date vaccination records." in c.text
    check_ledger(c)


def test_a_newest_unit_stating_the_act_still_supersedes_it():
    c = compose("merge", NEWER, [OLDER], now=NOW)
    assert entry(c, "cannot be refrigerated").status == "superseded"
    assert "cannot be refrigerated" not in c.text
    assert "twice a day" not in c.text
    check_ledger(c)
