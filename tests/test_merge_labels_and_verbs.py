"""Two labelled lines on two things are no two values of one, wherever the older one's
section went, and "changes" after a noun is a verb, not the note's own change (issue 18:
every still-true fact stated; pass_dropped_sections, version_talk): "Out of hours
emergency: 07700 ..." under a "## Phone numbers" the newest renamed is no older value of
its "Park office: 01766 ..." (merge-BH g13 lost the emergency line); "The till float
changes quarterly" is a fact of the shop, not talk of the note's revision (merge-BH g07).
Domains: an off licence and a garden design studio, which no other test uses."""

from __future__ import annotations

from review_app.core.merge import ENGLISH
from review_app.core.merge.version_talk import version_talk
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def test_a_labelled_line_on_another_thing_is_carried() -> None:
    # a guard: here the sections align, so it passes before too; merge-BH g13, where
    # the older section went, failed before (dev)
    older = dated("off-licence/contacts.md", "Shop contacts", "off-licence-contacts",
                  "## Phone numbers\n\n- Shop: 0161 496 0412 (staffed 10am to 10pm)\n"
                  "- Out of hours keyholder: 07700 900 318\n",
                  modified="2024-02-01")
    newest = dated("off-licence/contacts-2024.md", "Shop contacts 2024",
                   "off-licence-contacts-2024",
                   "## Phones\n\n- Shop: 0161 496 0455 (new line after the switchover; "
                   "staffed 10am to 10pm)\n",
                   modified="2024-07-01")
    composed = compose("merge", newest, [older])
    assert entry(composed, "Out of hours keyholder").status == "carried"
    assert "07700 900 318" in composed.text
    assert "0161 496 0412" not in composed.text
    check_ledger(composed)


def test_changes_after_a_noun_is_the_subjects_verb() -> None:  # failed before
    assert version_talk("The gate code changes quarterly.", ENGLISH, False) is None
    assert version_talk("The main change is a longer consultation.", ENGLISH, False) \
        is not None
