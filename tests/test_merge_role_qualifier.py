"""Issue 18, "every current fact stated" (round 26, roles.py): a capitalised word that
opens a label before its role noun qualifies the role ("Exams officer: Yuki Tanaka",
"| Welfare officer | Claire Dunn |"): two officers, two roles. Read as a name of its
own, it left both roles as "officer", so a newest table naming the welfare officer
superseded the older exams and accommodation officers as "another person in that role"
(merge-BB g12). The role the newest does fill with another person is still replaced.
Domain: a pilates studio (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merge import ENGLISH
from review_app.core.merge.roles import replaced
from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)


def test_a_qualifier_word_names_another_role():
    older = "Reception manager: Lena Hart, ext 12."
    assert replaced(older, ["| Studio manager | Ruth Vale | ext 14 |"], ENGLISH) is None
    assert replaced("Studio manager: Owen Pike, ext 14.",
                    ["| Studio manager | Ruth Vale | ext 14 |"], ENGLISH) == 0


def test_an_older_role_the_newest_fills_otherwise_is_not_replaced():  # failed before
    older = note("pilates/staff.md", fm("Studio staff", "2025-01-10") + (
        "Who runs the Core Pilates studio.\n\n## Staff\n\n"
        "Reception manager: Lena Hart, ext 12. Class changes go through her.\n\n"
        "Studio manager: Owen Pike, ext 14.\n"))
    newer = note("pilates/staff-2026.md", fm("Studio staff 2026", "2026-02-01") + (
        "Who runs the Core Pilates studio this year.\n\n## Staff\n\n"
        "| Role | Name | Phone |\n|---|---|---|\n| Studio manager | Ruth Vale | ext 14 |\n"))
    c = compose("merge", newer, [older], now=NOW)
    lena = entry(c, "Reception manager: Lena Hart")
    assert "another person in that role" not in (lena.why or ""), lena
    assert lena.status == "carried" and "Lena Hart" in c.text
    owen = entry(c, "Studio manager: Owen Pike")
    assert owen.status == "superseded" and "Owen Pike" not in c.text
    check_ledger(c)
