"""What the newest says is gone it says of the thing by name, wherever a section names
it (pass_said_over: a named thing is that thing in every section; ended: "is off the
menu", "taken off" are gone cues): merge-BK kept the middle version's "Mango Lassi:
£4.60" under its "## Prices" while the newest's "## What changed" said "Mango Lassi is
off the menu from March". A thing named by a common word only is judged in its section
as before. Domain: a creperie, which no other test uses."""

from __future__ import annotations

from review_app.core.merge import ENGLISH
from review_app.core.merge.ended import ended
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def test_off_the_menu_is_gone_and_a_state_is_not() -> None:  # failed before
    assert ended("Nutella Banana is off the menu from May.", ENGLISH)
    assert ended("Nutella Banana has been taken off the menu.", ENGLISH)
    assert not ended("The griddle heating is off in summer.", ENGLISH)


def test_a_named_thing_gone_in_another_section() -> None:  # failed before (carried)
    older = dated("creperie/menu.md", "Crepe menu", "crepe-menu",
                  "The crepe menu.\n\n## Prices\n\n- Lemon Sugar: £4.20\n"
                  "- Nutella Banana: £5.80\n- Ham Gruyere: £7.10\n",
                  modified="2024-01-10")
    newest = dated("creperie/menu-may.md", "Crepe menu May", "crepe-menu-may",
                   "The crepe menu from May.\n\n## What changed\n\n"
                   "- Nutella Banana is off the menu from May; the banana waste was too high."
                   "\n\n## Current prices\n\n- Lemon Sugar: £4.50\n- Ham Gruyere: £7.40\n",
                   modified="2024-05-02")
    composed = compose("merge", newest, [older])
    assert entry(composed, "Nutella Banana: £5.80").status == "superseded"
    assert "£5.80" not in composed.text
    check_ledger(composed)
