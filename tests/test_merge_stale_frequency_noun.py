"""Issue 18 (merge19a, STALE): a frequency is a value of how often a thing is done,
and the thing is one whether the notes name it by a noun or by its verb
("collection every 6 weeks" / "the contractor now collects monthly": one interval,
two values; Lexicon.action_noun_suffixes). Before, "collection" and "collects" were
two things, so the older interval was written beside the newest's. Domain: a
lighthouse keepers' trust (no other test uses it); real parser, real model. The
tests marked so failed before."""

from __future__ import annotations

import datetime as dt

from helpers_merge import body, entry, fm, merged, note

from review_app.core.merge.lexicon import ENGLISH
from review_app.core.merge.thing_values import other_value, thing_values

NOW = dt.datetime(2026, 5, 1, 12, 0, 0)
OLDER = "Lamp-room waste: collection every 6 weeks, booked by the keeper."
NEWER = "The contractor now collects monthly, on the first Wednesday."


def test_a_noun_and_its_verb_name_one_interval() -> None:  # failed before
    mine, theirs = thing_values(OLDER, ENGLISH), thing_values(NEWER, ENGLISH)
    assert any(other_value(m, t) for m in mine for t in theirs)
    # the same interval said both ways is no other value
    same = thing_values("The contractor collects every 6 weeks.", ENGLISH)
    assert not any(other_value(m, t) for m in mine for t in same if m.unit == "every")


def test_the_older_interval_is_not_written_beside_the_newest() -> None:  # failed before
    o = note("lighthouse/yard.md", fm("Lighthouse yard", "2025-01-01") + (
        "How the Skerry Point lighthouse yard is kept.\n\n## Waste\n\n"
        f"{OLDER}\n\nBins stand inside the compound gate.\n"))
    n = note("lighthouse/yard-2026.md", fm("Lighthouse yard 2026", "2026-02-01") + (
        "How the Skerry Point lighthouse yard is kept this year.\n\n## Waste\n\n"
        f"{NEWER}\n\nBins stand inside the compound gate.\n"))
    c = merged(n, o, now=NOW)
    assert "every 6 weeks" not in body(c.text)
    assert NEWER in c.text
    e = entry(c, OLDER[:20])
    assert e.status != "carried", e
