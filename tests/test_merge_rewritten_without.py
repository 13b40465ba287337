"""An older line the newest rewrote without one of its facts (a person, a count, a
number naming something) and without another value of it is held back for the person,
the rewrite named beside it (alone_facts): before, it was carried whole under its
rewrite, so the note said the alarm is reset both by "our caretaker Dale Okonjo" and by
"the duty keyholder". On the seen sets of round 52 every such carried line the keys name
(13 of 13) was the older value. Domain: a scrap store."""

from __future__ import annotations

import pytest
from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

OLDER = note("scrap/warehouse.md", fm("Scrap store warehouse", "2024-02-01") + """\
How the scrap store's warehouse runs.

## Routine

Our caretaker Dale Okonjo resets the alarm panel after any alarm, false or not, and records it.
Take the sample from 30 cm below the surface of the paper pulp vat, away from the inlet.
Fabric offcuts must be bagged and labelled by type.
""")

NEWEST = note("scrap/warehouse-2025.md", fm("Scrap store warehouse 2025", "2025-03-01") + """\
How the scrap store's warehouse runs.

## Routine

The duty keyholder resets the alarm panel after any alarm and records it in the log.
Take the pulp sample from below the surface, away from the inlet.
Fabric offcuts must be bagged and labelled by type, and paper kept dry.
""")


@pytest.mark.parametrize(("fragment", "lacks"), [
    ("Dale Okonjo resets", "the person it names: Dale Okonjo"),
    ("30 cm below", "the count it gives: 30 cm"),
])
def test_a_line_rewritten_without_its_fact_is_asked(fragment, lacks):
    c = compose("merge", NEWEST, [OLDER])
    check_ledger(c)
    e = entry(c, fragment)
    assert e.status == "dropped" and e.held and e.flips == ("carry", "drop"), e
    assert "rewrote it as" in e.why and lacks in e.why, e.why
    assert fragment not in c.text
    carried = compose("merge", NEWEST, [OLDER], choices={e.key: "carry"})
    check_ledger(carried)
    assert fragment in carried.text
