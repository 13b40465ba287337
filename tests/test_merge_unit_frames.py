"""Two numbers in one unit of measure are values of one thing only when what they
measure is the same beyond the unit (facts.thing_frames): "at 30 days and again at
45" (reminders for an uncollected mower) is no old value of "Allow 7 working days for
a service" (issue 18 item 4: the reminder sentence was superseded by it, so lost)."""

from __future__ import annotations

from helpers_merge import check_ledger, dated, entry

from review_app.core.merge.compose import compose
from review_app.core.merge.facts import thing_frames, value_frames
from review_app.core.merge.lexicon import ENGLISH

OLD = dated("mowers/servicing-intake.md", "Mower servicing intake", "mowers/servicing-intake",
            "## Service times\n"
            "We aim to finish a service within 5 working days.\n\n"
            "## Uncollected mowers\n"
            "We phone the owner at 30 days and again at 45. After 6 months the mower may "
            "be sold to cover the bill, and the ticket says so.\n",
            modified="2025-03-01")
NEW = dated("mowers/servicing-intake-2025.md", "Mower servicing intake 2025",
            "mowers/servicing-intake-2025",
            "## Service times\n"
            "The service fee is now £40, and it comes off any parts bill. Allow 7 working "
            "days for a service at the moment; tell owners this before they pay.\n",
            modified="2025-09-01")


def test_unit_alone_is_no_shared_thing() -> None:
    a = value_frames("We phone the owner at 30 days and again at 45.", ENGLISH)
    b = value_frames("Allow 7 working days for a service at the moment.", ENGLISH)
    assert a & b and not thing_frames(a & b, ENGLISH)
    assert thing_frames({"<allow", ">day"}, ENGLISH) == {"<allow"}


def test_reminders_not_superseded_by_a_turnaround() -> None:
    c = compose("merge", NEW, [OLD])
    e = entry(c, "We phone the owner")
    assert e.status != "superseded", (e.status, e.by_text)
    check_ledger(c)
    # the turnaround itself is another value of the older one
    assert entry(c, "within 5 working days").status == "superseded"
