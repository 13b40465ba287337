"""Issue 18 (m20a, STALE): a verb that ties a value to its thing without naming it
ties it in every form: "given" as "give" and "gave" (Lexicon.value_verbs), so "notice
must be given at least 28 days before arrival" states the interval before arrival, as
"written notice of the visit at least 14 days before arrival" does: one thing, two
values. Before, "given" was read as part of the thing the 28 days measure, so the
older interval was carried beside the newest's. Domain: a mountain bothy association
(no other test uses it); real parser, real model. The test marked so failed before
(the compose test passed before too: the observation's words were among its own)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import body, entry, fm, merged, note

from review_app.core.merge.lexicon import ENGLISH
from review_app.core.merge.thing_values import other_value, thing_values

NOW = dt.datetime(2026, 5, 1, 12, 0, 0)
OLDER = "Notice must be given at least 28 days before arrival."
NEWER = "- [ ] Written notice of the visit at least 14 days before arrival"


def test_a_participle_names_no_thing() -> None:  # failed before
    mine, theirs = thing_values(OLDER, ENGLISH), thing_values(NEWER, ENGLISH)
    assert any(other_value(m, t) for m in mine for t in theirs)


def test_the_older_interval_is_superseded_across_sections() -> None:
    o = note("bothy/visits.md", fm("Group visits", "2025-01-01") + (
        "How the Glen Affric bothy takes group visits.\n\n## Notice\n\n"
        f"{OLDER}\n\n## Bothy\n\nThe sleeping platform holds twelve people.\n"))
    n = note("bothy/visits-2026.md", fm("Group visits 2026", "2026-02-01") + (
        "How the Glen Affric bothy takes group visits, as one list.\n\n## Before a visit\n\n"
        f"{NEWER}\n- [ ] Keyholder told\n\n## Bothy\n\n"
        "The sleeping platform holds twelve people.\n\n## Observations\n\n"
        "- [rule] Notice at least 14 days before arrival #visits\n"))
    c = merged(n, o, now=NOW)
    assert "28 days" not in body(c.text)
    assert NEWER in c.text
    assert entry(c, OLDER[:20]).status == "superseded"
