"""Issue 18 (m20a, STALE): a number with capital letters glued to it ("Division 3B",
"Grade 4A", "Band 2C") is a code naming a grade, a level or a division, not a count
of a unit "b": "3B" and "3A" after the same words are one slot with two values.
Before, "3B" read as 3 of a unit "b" and "3A" as 3 of a unit "a", so the older grade
was written beside the newest's. Domain: a petanque club (no other test uses it); real
parser, real model. The tests marked so failed before."""

from __future__ import annotations

import datetime as dt

from helpers_merge import body, entry, fm, merged, note

from review_app.core.merge.lexicon import ENGLISH
from review_app.core.merge.thing_values import other_value, thing_values

NOW = dt.datetime(2026, 5, 1, 12, 0, 0)
OLDER = "We play in Division 3B."
NEWER = "The league accepted our promotion: we play in Division 3A from this season."


def test_a_code_after_the_same_words_is_another_value() -> None:  # failed before
    mine, theirs = thing_values(OLDER, ENGLISH), thing_values(NEWER, ENGLISH)
    assert any(other_value(m, t) for m in mine for t in theirs)
    # a unit symbol glued to a number is still a measure, not a code
    watts = thing_values("The heater draws 400W.", ENGLISH)
    assert all(v.unit != "code" for v in watts)


def test_the_older_division_is_not_written_beside_the_newest() -> None:  # failed before
    o = note("petanque/league.md", fm("League play", "2025-01-01") + (
        "How the Carrow Road petanque club plays in the county league.\n\n## Entries\n\n"
        f"{OLDER} Team sheets go to the league secretary by Thursday.\n\n"
        "## Observations\n\n- [division] Club plays in Division 3B #league\n"))
    n = note("petanque/league-2026.md", fm("League play 2026", "2026-02-01") + (
        "How the Carrow Road petanque club plays in the county league this year.\n\n"
        f"## Division\n\n{NEWER}\n\n## Entries\n\n"
        "Team sheets go to the league secretary by Thursday evening.\n\n"
        "## Observations\n\n- [division] Plays in Division 3A from 2026 #league\n"))
    c = merged(n, o, now=NOW)
    assert "3B" not in body(c.text)
    assert NEWER in c.text
    assert entry(c, OLDER[:15]).status == "superseded"
