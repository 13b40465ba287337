"""Issue 18, "newer values replacing older ones" (round 26, pass_leaning): a sentence
whose opening verb takes a person pronoun ("Ring him on 07700 900311 for any
incident") speaks of the person named before it. When the newest replaced that person
("Priya Sandhu took over as safety officer"), the old holder's number was still
carried as "a fact the newest lacks" (merge-BB g01). It now leans on its antecedent:
held back with it. Domain: a nail salon (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merge import ENGLISH
from review_app.core.merge.pass_leaning import refers_back
from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)


def test_a_person_as_the_opening_verbs_object_points_back():
    assert refers_back("Ring him on 07700 900311 for any incident.", ENGLISH)
    assert refers_back("Call her before 10:00.", ENGLISH)
    assert not refers_back("Ring the salon on 07700 900123.", ENGLISH)


def test_the_replaced_holder_s_number_is_not_written():  # failed before
    older = note("nails/contacts.md", fm("Salon contacts", "2025-01-10") + (
        "Who to call at the Polished nail salon.\n\n## Manager\n\n"
        "Mia Torres is the salon manager. Ring her on 07700 900123 for any complaint.\n"))
    newer = note("nails/contacts-2026.md", fm("Salon contacts 2026", "2026-02-01") + (
        "Who to call at the Polished nail salon this year.\n\n## Manager\n\n"
        "Dana Pike took over as salon manager in January.\n"))
    c = compose("merge", newer, [older], now=NOW)
    e = entry(c, "Ring her on 07700 900123")
    assert e.status in ("dropped", "superseded") and e.flips, e
    assert "900123" not in c.text and "Mia Torres" not in c.text
    check_ledger(c)
