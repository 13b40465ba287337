"""Issue 18 item 4 (m22f): a rule saying when a thing is done ("a candle is only sold
once its safety sheet is signed") says nothing is gone, so older sentences about that
thing are not reported as ended by it (dev merge-AK g10: "a product is only sold once
its CPSR is signed" read as "product is gone" superseded "The Responsible Person for all
products is Nadia Fenwick"). An event still ends what it names. Domain: a candle
workshop (no other test uses it); real parser, real model. Both tests failed before
Lexicon.rule_markers."""

from __future__ import annotations

import datetime as dt

from helpers_merge import entry, fm, merged, note

from review_app.core.merge.ended import ended
from review_app.core.merge.lexicon import ENGLISH

NOW = dt.datetime(2026, 8, 1, 12, 0, 0)

OLDER = note("candles/safety-status.md", fm("Safety status", "2025-06-01") + (
    "Every candle we sell needs a safety sheet signed off by a qualified assessor, and "
    "must be listed on the register before it goes on sale.\n\n"
    "The Responsible Person for all candles is Marta Kowalczyk (owner), at the workshop "
    "address on the labels.\n\n"
    "## Status\n- Beeswax pillar: signed\n- Soy jar: pending\n"))

NEWER = note("candles/safety-status-2026.md", fm("Safety status (2026)", "2026-06-01") + (
    "Where each candle stands with its safety sheet. Reminder of the rule: a candle is "
    "only sold once its safety sheet is signed and it is listed on the register.\n\n"
    "## Status\n- Beeswax pillar: signed\n- Soy jar: signed\n"))


def test_a_rule_about_selling_ends_nothing_an_older_note_says():
    c = merged(NEWER, OLDER, now=NOW)
    e = entry(c, "Every candle we sell needs a safety sheet")
    assert "gone" not in e.why, e  # was: "the newest says candle is gone"
    assert entry(c, "Responsible Person for all candles").status == "carried"
    assert "Marta Kowalczyk" in c.text


def test_a_rule_is_no_event_and_an_event_still_ends():
    assert not [e for e in ended("A candle is only sold once its sheet is signed.", ENGLISH)
                if e.kind == "gone"]
    assert [e.kind for e in ended("The old wax melter was sold in May.", ENGLISH)] == ["gone"]
