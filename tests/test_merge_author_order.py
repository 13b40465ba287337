"""A carried section goes where its author had it (issue 18: "in the section where it
belongs"; placement.section_spot): after the newest's counterpart of the older section
before it, not after whichever section is nearest in meaning (a "## Rules" section
naming hook-ups was written between the two pitch sections it does not belong to,
merge-BE g11; a blind paired read of 20 dev notes preferred the author's order 12 to
7). The heading is written the way the note writes its own: no blank line under it
where the note leaves none."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry, section_of


def _newest():
    return dated("street-food/van-menu-2026.md", "Street food van menu 2026",
                 "street-food-van-menu-2026",
                 "Prices went up in March because the pitch rent rose.\n\n"
                 "## Wraps\n- Halloumi wrap: £8.50\n- Chicken shawarma: £9\n\n"
                 "## Boxes\n- Falafel box: £9.50\n- Mixed grill box: £11\n\n"
                 "## Sides\n- Chips: £3.50\n\n"
                 "## Pitches\n- Friday: brewery yard, 5pm to 9pm\n",
                 modified="2026-03-10")


def _older():
    return dated("street-food/menu-and-pitches.md", "Menu and pitches",
                 "street-food-menu-and-pitches",
                 "What the van sells and where.\n\n"
                 "## Wraps\n- Halloumi wrap: £7.50\n- Chicken shawarma: £8\n\n"
                 "## Boxes\n- Falafel box: £8.50\n- Mixed grill box: £10\n\n"
                 "## Sides\n- Chips: £2.80\n\n"
                 "## Allergens\n- Sesame is in the tahini and in the chilli oil; both tubs are "
                 "labelled.\n- Ask every customer about nut allergies before frying.\n\n"
                 "## Pitches\n- Friday: brewery yard, 5pm to 9pm\n",
                 modified="2025-06-01")


def test_a_carried_section_follows_the_section_its_author_put_before_it() -> None:
    composed = compose("merge", _newest(), [_older()])
    text = composed.text
    assert entry(composed, "Sesame is in the tahini").status == "carried"
    assert section_of(text, "Sesame is in the tahini") == "## Allergens"
    # after Sides (its older predecessor), before Pitches; never between Wraps and
    # Boxes, the nearest by meaning
    order = [text.index(h) for h in ("## Wraps", "## Boxes", "## Sides", "## Allergens",
                                     "## Pitches")]
    assert order == sorted(order)
    # written as the note writes its headings: no blank line under them
    assert "## Allergens\n- Sesame" in text
    check_ledger(composed)


def test_a_carried_heading_is_spaced_like_the_notes_prose_headings() -> None:
    # the observations and relations headings (written close by agents) do not decide
    # (merge-BG g12, after its final measurement: "## Florist" had no blank line under
    # it where every prose heading of the note has one)
    newest = dated("street-food/events-2026.md", "Street food events 2026",
                   "street-food-events-2026",
                   "## Markets\n\n- Saturday: Corn Exchange square, 10am to 3pm\n\n"
                   "## Observations\n- [market] Saturday pitch at the Corn Exchange #pitch\n\n"
                   "## Relations\n- trades_at [[Corn Exchange]]\n",
                   modified="2026-04-01")
    older = dated("street-food/events.md", "Street food events", "street-food-events",
                  "## Markets\n\n- Saturday: Corn Exchange square, 10am to 2pm\n\n"
                  "## Generator\n\n- The generator is serviced by Volt Hire every March.\n",
                  modified="2025-04-01")
    composed = compose("merge", newest, [older])
    assert "## Generator\n\n- The generator is serviced" in composed.text
    check_ledger(composed)
