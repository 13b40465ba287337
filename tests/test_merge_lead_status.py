"""One lead, one status (issue 18 items 1 and 4): an older version's intro is not
written after the newest's lead, and an older status ("Status: draft", "Not yet
agreed.") is not written beside the status the newest states, wherever either is; an
older lead sentence holding a fact the newest lacks keeps it, and an older status tag
does not survive into a note whose newest version states its own standing."""

from __future__ import annotations

import pytest

from review_app.core.merge import DEFAULT, ENGLISH
from review_app.core.merge.document import Unit
from review_app.core.merge.pass_one_valued import status_statement
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, entry, note

_NEWER = """---
title: Table tennis club nights
permalink: table-tennis-club-nights-2026
tags: [table-tennis, club]
modified: 2026-05-10
---

# Table tennis club nights

Revised after the spring review. Sessions now run from 19:00 to 22:00.

## Tables

- Six tables in the parish hall on Thursdays, two kept for juniors until 20:00
- Bats, nets and balls are in the red cupboard by the stage

## Fees

- £4 a night for members, £6 for visitors

Adopted at the AGM on 4 May 2026.
"""

_OLDER = """---
title: Table tennis club nights
permalink: table-tennis-club-nights
tags: [table-tennis, draft]
modified: 2026-02-01
---

# Table tennis club nights

How the Thursday club nights work at the hall. Sessions run from 19:30 to 21:30.

## Tables

- Six tables in the parish hall on Thursdays, two kept for juniors until 20:00
- Bats, nets and balls are in the red cupboard by the stage

## Fees

- £3 a night for members, £5 for visitors

Status: draft. Not yet agreed.
"""


def _group(older: str = _OLDER) -> tuple:
    return (note("club/table-tennis-club-nights-2026.md", _NEWER),
            note("club/table-tennis-club-nights.md", older))


def test_an_older_intro_is_not_written_after_the_newest_lead() -> None:
    newer, older = _group()
    c = compose("merge", newer, [older])
    check_ledger(c)
    assert "Revised after the spring review." in c.text
    assert "How the Thursday club nights work" not in c.text
    e = entry(c, "How the Thursday club nights work")
    assert e.status == "superseded" and "older" in e.flips
    assert e.by_text in ("Revised after the spring review.",
                         "Sessions now run from 19:00 to 22:00.")
    # the person can still have it: "older" writes it in place of the newest's sentence
    flipped = compose("merge", newer, [older], choices={e.key: "older"})
    assert "How the Thursday club nights work at the hall." in flipped.text


def test_an_older_lead_keeps_a_fact_the_newest_states_nowhere() -> None:
    older_text = _OLDER.replace(
        "How the Thursday club nights work at the hall.",
        "How the Thursday club nights work at the hall, which seats 48 players.")
    newer, older = _group(older_text)
    c = compose("merge", newer, [older])
    check_ledger(c)
    assert "48 players" in c.text
    assert entry(c, "48 players").status == "carried"
    # written where it belongs (the section about the hall's tables), not as a second
    # intro under the newest's lead
    lead = c.text.split("# Table tennis club nights\n", 1)[1].split("\n## ", 1)[0]
    assert "48 players" not in lead and "Revised after the spring review." in lead


def test_an_older_status_is_superseded_by_the_status_the_newest_states() -> None:
    newer, older = _group()
    c = compose("merge", newer, [older])
    check_ledger(c)
    assert "Adopted at the AGM on 4 May 2026." in c.text
    assert "Not yet agreed" not in c.text and "Status: draft" not in c.text
    for fragment in ("Not yet agreed", "Status: draft"):
        e = entry(c, fragment)
        assert e.status == "superseded", (fragment, e.status, e.why)
        assert e.by_text == "Adopted at the AGM on 4 May 2026."
        assert "older" in e.flips


def test_an_older_status_naming_someone_the_newest_does_not_is_still_carried() -> None:
    older_text = _OLDER.replace("Status: draft. Not yet agreed.",
                                "Proposed by Dorota Wilk.")
    newer, older = _group(older_text)
    c = compose("merge", newer, [older])
    check_ledger(c)
    assert "Proposed by Dorota Wilk." in c.text


def test_an_older_status_tag_is_not_carried_when_the_newest_states_its_standing() -> None:
    newer, older = _group()
    # the older (draft) file is the one kept, as a person's `K` or an important mark does
    c = compose("merge", newer, [older], kept=older)
    head = c.text.split("\n---\n", 1)[0]
    assert "draft" not in head, head
    assert "table-tennis" in head and "club" in head  # the other tags are unioned
    assert "permalink: table-tennis-club-nights\n" in head  # the kept file's identity
    # a newest version that says nothing of its standing: the tag stays (nothing says
    # the note stopped being a draft)
    silent = note("club/table-tennis-club-nights-2026.md",
                  _NEWER.replace("Adopted at the AGM on 4 May 2026.\n", ""))
    kept = compose("merge", silent, [older], kept=older)
    assert "draft" in kept.text.split("\n---\n", 1)[0]


@pytest.mark.parametrize(("text", "status"), [
    ("Status: draft.", True), ("Not yet agreed.", True),
    ("Adopted at the AGM on 4 May 2026.", True),
    ("Current status: **open**, draft terms under discussion.", True),
    ("Draft, for discussion at the July committee meeting.", True),
    # what a unit says of its subject, not the note's standing
    ("Members agreed to buy two new tables for the juniors.", False),
    ("Pending: new nets and a scoreboard", False),
    ("Revised after the spring review.", False),
])
def test_what_a_status_statement_is(text: str, status: bool) -> None:
    unit = Unit("sentence", text, [text], 0, 1, 0)
    assert status_statement(unit, ENGLISH, DEFAULT) is status
