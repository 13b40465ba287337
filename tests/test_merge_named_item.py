"""Issue 18, "a decision list referenced by number" (round 26, pass_standing): a newer
line that names one item of an older list ("Decision 2 is changed: ...") speaks of that
item alone. Matched by its words with other items of the list, it had superseded them
as "another value" (merge-BA g04 lost a loyalty scheme's decisions 1 and 4 to the line
changing decision 2). The item it names is still superseded, and a newest list's own
numbering is no such name (a renumbered list's item 2 may be the older item 1 anew).
Domain: a jazz club (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

JULY = note("jazz/door-policy-decisions.md", fm("Door policy decisions", "2025-07-08") + (
    "Outcome of the July committee meeting on the door policy.\n\n## Decisions\n\n"
    "1. Members pay £6 on the door for the Thursday jam.\n"
    "2. Guests pay £10 on the door for the Thursday jam.\n"
    "3. Doors open at 19:30.\n"
    "4. Under-18s come in free with an adult.\n"))

REVIEW = note("jazz/door-policy-review.md", fm("Door policy review", "2025-11-12") + (
    "The committee reviewed the July decisions; numbers refer to that list.\n\n"
    "## Changes\n\n"
    "- Decision 2 is changed: guests now pay £12 on the door for the Thursday jam.\n"
    "- Decision 3 stands: doors open at 19:30.\n"))


def test_a_line_naming_one_item_is_no_other_value_of_the_others():  # failed before
    c = compose("merge", REVIEW, [JULY], now=NOW)
    for line in ("Members pay £6 on the door", "Under-18s come in free with an adult"):
        assert entry(c, line).status == "carried", entry(c, line)
        assert line in c.text
    guests = entry(c, "Guests pay £10 on the door")
    assert guests.status == "superseded" and "Decision 2 is changed" in (guests.by_text or "")
    assert "£10" not in c.text and "£12" in c.text
    check_ledger(c)


def test_a_renumbered_list_still_gives_an_item_another_value():
    renumbered = note("jazz/door-policy-2026.md", fm("Door policy 2026", "2026-02-01") + (
        "## Decisions\n\n"
        "1. Doors open at 19:30.\n"
        "2. Members pay £7 on the door for the Thursday jam.\n"
        "3. Guests pay £12 on the door for the Thursday jam.\n"
        "4. Under-18s come in free with an adult.\n"))
    c = compose("merge", renumbered, [JULY], now=NOW)
    assert entry(c, "Members pay £6 on the door").status == "superseded"
    assert "£6" not in c.text and "£7" in c.text
    check_ledger(c)
