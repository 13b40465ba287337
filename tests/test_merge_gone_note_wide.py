"""What the newest says is gone, naming the thing whole, is gone in every section
(pass_said_over; merge-BL's "Evening hours were discontinued in October" left the older
"Tuesday evening transfer hours until 8 PM are still running." under another heading),
and such a line is no rewrite that left a count out (alone_facts.unspoken). "We stopped
offering X" says X is gone (Lexicon.gone_cues; merge-BL's Cerakote price stayed after
"We stopped offering Cerakote in September."). A thing named by a modifier only is
judged in its own section, as before. Domain: a bagel shop, which no other test uses."""

from __future__ import annotations

from review_app.core.merge import ENGLISH
from review_app.core.merge.ended import ended
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def test_stopped_offering_names_what_is_gone() -> None:  # failed before
    found = ended("We stopped offering Lox Deluxe in September.", ENGLISH)
    assert found and found[0].kind == "gone" and "Lox" in found[0].names
    assert not ended("The delivery van stopped at the gate.", ENGLISH)


def _compose():
    older = dated("bagel-shop/hours.md", "Bagel shop hours", "bagel-shop-hours",
                  "When the bagel shop is open.\n\n## Counter\n\nThe counter opens at 7:00.\n\n"
                  "## Baking\n\nThursday evening baking hours until 9 PM are still "
                  "running.\n\n"
                  "## Menu\n\n- Sesame bagel: £1.20\n- Lox Deluxe: £6.50\n",
                  modified="2024-03-01")
    newest = dated("bagel-shop/hours-autumn.md", "Bagel shop hours autumn",
                   "bagel-shop-hours-autumn",
                   "When the bagel shop is open from October.\n\n## Counter\n\n"
                   "The counter opens at 7:30.\n\n## Baking\n\nDough is mixed at 5:00."
                   "\n\n## Menu\n\n- Sesame bagel: £1.30\n\n"
                   "## Changes\n\nWe stopped offering Lox Deluxe in September. Evening baking "
                   "hours were discontinued in October because nobody came.\n",
                   modified="2024-10-10")
    return compose("merge", newest, [older])


def test_a_thing_gone_is_gone_in_every_section() -> None:  # failed before (carried)
    composed = _compose()
    assert entry(composed, "Thursday evening baking hours").status != "carried"
    assert entry(composed, "Lox Deluxe: £6.50").status == "superseded"
    assert "9 PM" not in composed.text and "£6.50" not in composed.text
    check_ledger(composed)
