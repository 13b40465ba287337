"""Issue 18, "a merged note reads as one note" (round 26, pass_render): the newest's
"## Relations" (or "## Observations") section whose every line the merge drops (a
"supersedes [[...]]" relation to a member of the group, which names the merged note
itself) is no longer written as an empty heading; nine of merge-BE's thirteen notes,
in both actions, ended on one. A section that keeps a line, or gets one carried, keeps
its heading. Domain: a hot tub hire firm (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = note("tubs/hire-terms.md", fm("Hot tub hire terms", "2025-01-10") + (
    "## Terms\n\n- Deposit: £100\n- Delivery within 15 miles is free.\n"))
NEWER = note("tubs/hire-terms-2026.md", fm("Hot tub hire terms 2026", "2026-02-01") + (
    "## Terms\n\n- Deposit: £120\n\n## Relations\n\n- supersedes [[Hot tub hire terms]]\n"))


def test_an_emptied_relations_section_is_not_written():  # failed before
    for action in ("merge", "update"):
        c = compose(action, NEWER, [OLDER], now=NOW)
        assert "## Relations" not in c.text, c.text
        assert c.text.endswith("\n") and not c.text.endswith("\n\n\n")
        check_ledger(c)


def test_a_section_given_a_carried_line_keeps_its_heading():
    older = note(OLDER.path, OLDER.text.replace(
        "is free.\n", "is free.\n\n## Relations\n\n- supplied_by [[Spa Direct]]\n"))
    c = compose("merge", NEWER, [older], now=NOW)
    assert "## Relations\n\n- supplied_by [[Spa Direct]]" in c.text or \
        "## Relations\n- supplied_by [[Spa Direct]]" in c.text, c.text
    check_ledger(c)
