"""Issue 18, "newer values replacing older ones" (round 34): an older line about a person
the newest says has retired or left (named in its first clause) is not carried back for
a number only it gives: that person's phone went with them. merge-CJ's reader found
"Contact Gail Summers, 01632 960412, account PJ-0457." written under the newest's
"Gail has retired and Ian covers the South West". Domain: a window blinds fitter (no
other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = note("blinds/suppliers.md", fm("Blind suppliers", "2025-03-01") + (
    "Who we buy from and on what terms. Keep this up to date when a rep changes.\n\n"
    "## Roller fabric\nVale Blinds Ltd (blackout, dim-out and sheer rolls). Contact Dana "
    "Pryce, 01632 960411, account VB-2231. Trade discount 12% on everything. Free "
    "delivery over £200.\n\n## Fittings\nFixRight: side brackets £3.10 a pair.\n"))

NEWER = note("blinds/suppliers-2026.md", fm("Blind suppliers 2026", "2026-02-01") + (
    "Updated for the new financial year.\n\n| Category | Supplier | Terms |\n|---|---|---|\n"
    "| Roller fabric | Vale Blinds Ltd, contact Olu Bassey | trade discount of 10%, free "
    "delivery over £250 |\n| Fittings | FixRight | side brackets £3.40 a pair |\n\n"
    "## Notes\n- Vale cut the trade discount in April; Dana has retired and Olu covers "
    "the north.\n"))


def test_a_line_about_someone_who_retired_is_not_carried_back():  # failed before
    c = compose("merge", NEWER, [OLDER], now=NOW)
    e = entry(c, "Contact Dana Pryce, 01632 960411, account VB-2231.")
    assert e.status == "superseded"
    assert "Dana" in e.why and e.flips == ("newer", "older")  # one key writes it back
    assert "01632 960411" not in c.text and "Contact Dana Pryce" not in c.text
    assert "12%" not in c.text and "£200" not in c.text
    check_ledger(c)
