"""A clause of its own is not lost (issue 18, round 23 LOST): an older item the newest
says but for a later independent clause ("Card payments only; no leather offcuts leave
the workshop." beside "Card payments only.") is carried as that clause, a sentence of
its own ("No leather offcuts leave the workshop."), flippable like any carried unit.
Guards: a clause pointing back at what the clause before it names ("they stitch it by
hand") is not written alone; one whose values the newest gives ("girths are checked
every 30 days" beside "a 30-day girth check") says the newest again. Domain: a
saddler's workshop (no other test uses it); real parser, real model. The first test
failed before the change."""

from __future__ import annotations

from helpers_merge import dated, entry, merged

NEWER = dated("saddlery/workshop-rules-2026.md", "Workshop rules 2026", "workshop-rules-2026", (
    "House rules for the saddlery, reviewed in January.\n\n"
    "## Rules\n\n"
    "- Card payments only.\n"
    "- Bridles are made to order.\n"
    "- Every saddle on the rack gets a 30-day girth check.\n"), modified="2026-01-12")

OLDER = dated("saddlery/workshop-rules.md", "Workshop rules", "workshop-rules", (
    "House rules for the saddlery.\n\n"
    "## Rules\n\n"
    "- Card payments only; no leather offcuts leave the workshop.\n"
    "- Bridles are made to order; they stitch them by hand.\n"
    "- Saddles on the rack are looked after; girths are checked every 30 days.\n"),
    modified="2025-02-03")


def test_a_later_clause_the_newest_does_not_say_is_carried_alone() -> None:
    out = merged(NEWER, OLDER)
    e = entry(out, "no leather offcuts")
    assert e.status == "carried", e.why
    assert e.written == "No leather offcuts leave the workshop."
    assert "- No leather offcuts leave the workshop." in out.text
    assert out.text.count("Card payments only") == 1
    assert e.flips


def test_a_clause_pointing_back_or_restating_values_is_not_written_alone() -> None:
    out = merged(NEWER, OLDER)
    assert "They stitch them by hand." not in out.text
    assert "Girths are checked every 30 days." not in out.text
    assert entry(out, "girths are checked").status != "carried" or \
        entry(out, "girths are checked").written is None
