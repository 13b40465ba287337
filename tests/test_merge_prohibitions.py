"""A rule is not a state (issue 18, round 23 LOST): an older prohibition ("Never varnish
a top in the damp room", "No nitro lacquer on student instruments") is contradicted
only by a newest unit stating the act it forbids, not by one stating another act that
shares a word with it; and a negation inside a condition ("Ring him the evening before
if nobody on the bench can open up") is not the unit's polarity. Guards: a prohibition the newest
states the forbidden act of ("Spirit varnish is allowed on student instruments") is
still superseded. Domain: a violin repair workshop (no other test uses it); real parser,
real model. The first and third tests failed before the change; the second is a guard."""

from __future__ import annotations

from helpers_merge import dated, entry, merged

NEWER = dated("violins/workshop-rules-2026.md", "Workshop rules 2026", "workshop-rules-2026", (
    "Rules for the repair bench, reviewed in January.\n\n"
    "## Finishing\n\n"
    "- Varnish goes on in the spray booth, two thin coats a day.\n"
    "- Spirit varnish is allowed on student instruments.\n\n"
    "## Opening up\n\n"
    "Agreed at the January bench meeting: the bench team opens up at 8:00 on weekdays.\n"),
    modified="2026-01-20")

OLDER = dated("violins/workshop-rules.md", "Workshop rules", "workshop-rules", (
    "Rules for the repair bench.\n\n"
    "## Finishing\n\n"
    "- Never varnish a top in the damp room; the coat blooms white.\n"
    "- Spirit varnish is never used on student instruments.\n\n"
    "## Opening up\n\n"
    "Keys are with Piotr, who lives above the shop. "
    "Ring him the evening before if nobody from the bench team can open up.\n"),
    modified="2025-03-02")


def test_a_prohibition_of_another_act_is_carried_not_contradicted() -> None:
    out = merged(NEWER, OLDER)
    e = entry(out, "Never varnish a top")
    assert e.status == "carried", e.why
    assert "Never varnish a top in the damp room" in out.text


def test_a_prohibition_the_newest_permits_is_superseded() -> None:
    out = merged(NEWER, OLDER)
    e = entry(out, "Spirit varnish is never used")
    assert e.status == "superseded", e.why
    assert "is never used on student instruments" not in out.text


def test_a_negated_condition_is_not_the_units_polarity() -> None:
    out = merged(NEWER, OLDER)
    e = entry(out, "Ring him the evening before")
    assert e.status == "carried", e.why
    assert "Ring him the evening before" in out.text
