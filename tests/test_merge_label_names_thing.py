"""An older line's label names its thing, however long its value: a newest line gives
another value of it only when it names that thing too (issue 18: every still-true fact
accounted for). Before, "- Photography: £3 per lot" was superseded by "There is a
minimum commission of £25 per lot" (both a price per lot), and the photography charge
was lost (an auction house's charges)."""

from __future__ import annotations

from helpers_merge import entry, fm, merged, note

OLDER = fm("Operatic society show costs", "2025-03-01") + """\
What members pay towards the spring show.

## Charges
- Score hire: £12 per member (returned after the last night)
- Costume fitting: £8 per person (the wardrobe team fits on Sundays)
- Show fee: £25 per member
"""

NEWER = fm("Operatic society show costs 2026", "2026-02-02") + """\
What members pay towards the spring show, from this season.

## Charges
The show fee is now £30 per member, paid by the first rehearsal.
Family tickets for the Saturday matinee are £9 each.
"""


def _composed():
    return merged(note("operatic/show-costs-2026.md", NEWER), note("operatic/show-costs.md", OLDER))


def test_a_labelled_line_is_another_value_only_of_a_line_naming_its_thing():
    composed = _composed()
    # got (before): superseded by "The show fee is now £30 per member" (a price per
    # member), and lost
    assert entry(composed, "Score hire").status == "carried"
    assert "Score hire: £12 per member" in composed.text
    # the line whose label the newest names is its older value
    assert entry(composed, "Show fee: £25").status == "superseded"
    assert "£25" not in composed.text
