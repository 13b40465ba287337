"""Issue 18 (merge19a, STALE): a role held by a named person is one slot, whatever
form names it: "Projectionist: Priya Nair" (a label and a colon), "the projectionist
is Tom Bell", "the projectionist remains Tom Bell" ("remains" joins a name to its
role as "is" does: Lexicon.copulas). The newest naming another holder supersedes the
older holder's sentence; before, a capitalised label before a colon was read as part
of the name ("Projectionist Priya Nair") and "remains" as the role, so the older
holder was written beside the newest. Domain: a planetarium (no other test uses it);
real parser, real model. The tests marked so failed before."""

from __future__ import annotations

import datetime as dt

import pytest
from helpers_merge import body, check_ledger, entry, fm, note

from review_app.core.merge.lexicon import ENGLISH
from review_app.core.merge.roles import replaced
from review_app.core.merging import compose

NOW = dt.datetime(2026, 5, 1, 12, 0, 0)
OLDER = "The projectionist remains Tom Bell, with a volunteer usher from the rota."
NEWER = "Projectionist: Priya Nair, who took over the dome shows in March (Tom now runs the café)."


def test_a_label_and_remains_name_one_slot() -> None:  # failed before
    assert replaced(OLDER, [NEWER], ENGLISH) == 0
    assert replaced("Tom Bell remains the projectionist.", ["The projectionist is Priya Nair."],
                    ENGLISH) == 0
    # the same holder in both forms: no change of hands
    assert replaced(OLDER, ["Projectionist: Tom Bell, as before."], ENGLISH) is None


@pytest.mark.parametrize("action", ["merge", "update"])
def test_the_older_holder_is_superseded_not_written_beside(action: str) -> None:
    # failed before (merge: the older holder's sentence written under the newest's)
    o = note("planetarium/crew.md", fm("Dome show crew", "2025-09-01") + (
        "Who runs the evening dome shows at the Northgate planetarium.\n\n## Crew\n\n"
        f"{OLDER}\n\nDoors open fifteen minutes before each show.\n"))
    n = note("planetarium/crew-2026.md", fm("Dome show crew 2026", "2026-03-20") + (
        "Who runs the evening dome shows at the Northgate planetarium this season.\n\n"
        f"## Crew\n\n{NEWER}\n\nDoors open fifteen minutes before each show.\n"))
    c = compose(action, n, [o], now=NOW)
    check_ledger(c)
    e = entry(c, OLDER[:30])
    assert e.status == "superseded", e
    assert OLDER not in body(c.text)
    assert "Priya Nair" in c.text
