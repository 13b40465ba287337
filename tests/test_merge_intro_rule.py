"""An older intro's opening sentence that states a rule ("Every hat is steamed before
it leaves the shop, no exceptions.") is a fact, not just what the note was called
(issue 18: every still-true fact stated; pass_lead): it is carried, where an opening
line saying only what the note is gives way to the newest's lead (merge-BE g06 lost
"Every group gets this briefing before launch, no exceptions")."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def test_an_older_opening_rule_is_carried() -> None:
    older = dated("milliner/finishing.md", "Finishing hats", "milliner-finishing",
                  "Every hat is steamed before it leaves the shop, no exceptions.\n\n"
                  "## Boxing\n- Hat boxes: 30 cm for cloches, 40 cm for wide brims.\n",
                  modified="2025-02-01")
    newest = dated("milliner/finishing-2025.md", "Finishing hats (2025)",
                   "milliner-finishing-2025",
                   "Finishing steps for the workroom, revised for the autumn orders.\n\n"
                   "## Boxing\n- Hat boxes: 32 cm for cloches, 45 cm for wide brims.\n",
                   modified="2025-09-01")
    composed = compose("merge", newest, [older])
    assert entry(composed, "Every hat is steamed").status == "carried"
    assert composed.text.count("Every hat is steamed before it leaves the shop") == 1
    assert "32 cm for cloches" in composed.text
    check_ledger(composed)
