"""Issue 18, "a person who left" (round 30, pass_trimmed._gone_clauses): a carried list
item ending in a clause that names a person the newest says left was written whole
("- Pollution or dead fish: call the Environment Agency incident hotline on 0800 80 70
60, then Ron." after "Ron Mallory retired", merge-BS): only sentences were cut, and
only at ";" or ", and". An item is cut like a sentence, a clause opening with ", then"
or ", so" is a clause of its own, and a one-word name ("Ron") names the person gone.
Domain: a beauty salon (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = fm("Beauty salon contacts", "2025-03-01") + (
    "## Emergencies\n"
    "- Burst pipe: call Aquafix on 01632 960 377, then Priya.\n"
    "- Fire alarm fault: call Sentinel Alarms on 01632 960 812.\n\n"
    "## Team\n"
    "- Salon manager: Priya Kaur\n")

NEWER = fm("Beauty salon contacts 2026", "2026-02-01") + (
    "Priya Kaur left in January; Mel Ortiz is the salon manager now.\n\n"
    "## Team\n"
    "- Salon manager: Mel Ortiz\n")


def test_an_items_clause_naming_a_person_who_left_is_cut():
    c = compose("merge", note("salon/contacts-2026.md", NEWER),
                [note("salon/contacts.md", OLDER)], now=NOW)
    e = entry(c, "Burst pipe")
    assert e.status == "carried" and e.written == "Burst pipe: call Aquafix on 01632 960 377.", e
    assert "- Burst pipe: call Aquafix on 01632 960 377.\n" in c.text  # failed before
    assert "then Priya" not in c.text
    assert "- Fire alarm fault: call Sentinel Alarms on 01632 960 812.\n" in c.text
    check_ledger(c)
    whole = compose("merge", note("salon/contacts-2026.md", NEWER),
                    [note("salon/contacts.md", OLDER)], now=NOW, choices={e.key: "carry"})
    assert "then Priya." in whole.text  # the person's "carry" restores it whole
