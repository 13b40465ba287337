"""What a second cue in one sentence says is over is its own thing (issue 18: nothing
stale stated as current; ended.py): "The evening stop has ended and the fines amnesty
has ended too" ends the fines amnesty, not an "ended fines amnesty", so an older line
offering the amnesty is superseded (merge-BC g03 kept "Ticket refunds offered to anyone
who cannot manage the stairs" under "the refund offer has ended too"). Domain: a
mobile library, which no other test uses."""

from __future__ import annotations

from review_app.core.merge import ENGLISH
from review_app.core.merge.ended import ended
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def test_a_second_cue_names_its_own_thing() -> None:  # failed before
    found = ended("The evening stop has ended and the fines amnesty has ended too.", ENGLISH)
    alone = ended("The fines amnesty has ended.", ENGLISH)
    assert len(found) == 2 and found[1].words == alone[0].words


def test_an_older_line_on_the_second_thing_is_superseded() -> None:  # failed before
    older = dated("mobile-library/route.md", "Mobile library route", "mobile-library-route",
                  "## Stops\n- Tuesday: Church Lane, 10am to noon\n\n"
                  "## Offers\n- Fines amnesty for anyone returning overdue books, no "
                  "questions asked.\n",
                  modified="2025-01-10")
    newest = dated("mobile-library/route-spring.md", "Mobile library route (spring)",
                   "mobile-library-route-spring",
                   "The evening stop has ended and the fines amnesty has ended too. Every "
                   "stop is now in daylight.\n\n"
                   "## Stops\n- Tuesday: Church Lane, 10am to 1pm\n",
                   modified="2025-04-01")
    composed = compose("merge", newest, [older])
    assert entry(composed, "Fines amnesty for anyone").status == "superseded"
    assert "Fines amnesty for anyone" not in composed.text
    check_ledger(composed)
