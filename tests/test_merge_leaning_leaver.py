"""A sentence opening with a person pointer does not follow the newest's sentence
naming that person when that sentence says they left (pass_leaning._named_again):
merge-BK wrote "She opens on weekdays and signs off the waste sheet." right after
"Priya Nair moved to the Headingley site in January and is no longer on this rota.",
stating what Priya no longer does. Named again as still there, the pointer follows as
before. Domain: a furniture restorer, which no other test uses."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry

OLDER = ("Who runs the workshop.\n\n## Leads\n\nWorkshop lead: Hana Sato (mobile 07700 900 "
         "118). She opens on weekdays and oils the benches.\n\n## Hours\n\n- Open 08:00 to "
         "16:00.\n")


def _compose(leads: str):
    older = dated("furniture-restorer/workshop.md", "Workshop leads", "workshop-leads",
                  OLDER, modified="2024-01-10")
    newest = dated("furniture-restorer/workshop-2024.md", "Workshop leads 2024",
                   "workshop-leads-2024",
                   f"Who runs the workshop from spring.\n\n## Leads\n\n{leads}\n\n"
                   "## Hours\n\n- Open 08:30 to 16:30.\n", modified="2024-05-10")
    return compose("merge", newest, [older])


def test_the_pointer_does_not_follow_a_leaver() -> None:  # failed before (carried)
    composed = _compose("Workshop lead: Ravi Dale, mobile 07700 900 231. Hana Sato moved "
                        "to the York workshop in March and is no longer on this rota.")
    assert entry(composed, "She opens on weekdays").status == "dropped"
    assert "She opens on weekdays" not in composed.text
    check_ledger(composed)


def test_the_pointer_follows_a_person_still_there() -> None:  # passes before
    composed = _compose("Workshop lead: Ravi Dale, mobile 07700 900 231. Hana Sato now "
                        "runs the French polishing bench.")
    assert entry(composed, "She opens on weekdays").status == "carried"
    check_ledger(composed)
