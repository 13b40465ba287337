"""Issue 18 (m20a, STALE): a note whose own standing is settled (`status: adopted`,
or a title stamp) closes the stages before it, and the unit telling the closing ("The
committee adopted the route list ...") says so whatever its length: an older sentence
waiting on that body ("to be voted on by the committee") is superseded, though it
names what the stage concerned ("the Wyre Valley Ramblers"). Before, only a short
status statement closed a stage, and any name kept the older sentence a carry
candidate (in merge-AI g04 it was written beside the adoption).
Domain: a ramblers' group (no other test uses it); real parser, real model. The test
marked so failed before."""

from __future__ import annotations

import datetime as dt

from helpers_merge import body, check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 5, 1, 12, 0, 0)
PENDING = "Proposed summer routes for the Wyre Valley Ramblers, to be voted on by the Committee."


def _older(extra: str = ""):
    return note("ramblers/routes.md", fm("Summer routes", "2025-01-01") + (
        f"{PENDING}{extra}\n\n## Routes\n\n- Ridge walk: 14 km\n- Canal loop: 9 km\n"))


def _newer(status: str):
    return note("ramblers/routes-2025.md", fm("Summer routes 2025", "2025-03-01",
                                             f"status: {status}\n") + (
        "The Committee adopted the route list with one change: the ridge walk is now "
        "shorter.\n\n## Routes\n\n- Ridge walk: 12 km\n- Canal loop: 9 km\n"))


def test_a_settled_note_closes_the_pending_sentence() -> None:  # failed before
    c = compose("merge", _newer("adopted"), [_older()], now=NOW)
    check_ledger(c)
    assert "to be voted on" not in body(c.text)
    assert "12 km" in c.text and "14 km" not in body(c.text)
    e = entry(c, PENDING[:20])  # before: held back for the person, as if still open
    assert e.status == "superseded" and (e.by_text or "").startswith("The Committee adopted")


def test_a_note_still_pending_keeps_no_closing() -> None:
    c = compose("merge", _newer("draft"), [_older()], now=NOW)
    check_ledger(c)
    assert "earlier stage" not in entry(c, PENDING[:20]).why
