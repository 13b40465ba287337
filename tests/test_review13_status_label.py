"""One status per note (pass_one_valued.one_status) is about the note's own standing:
a labelled line giving the status of something else ("Sam's membership status:
pending") is a fact of its own, not superseded by the newest's "Status:". Being a
passing state the newest no longer tells, it is held back for the person (round 30,
pass_interim; carried unasked before), whose "carry" writes it."""

from __future__ import annotations

from review_app.core.merge import DEFAULT, ENGLISH
from review_app.core.merge.document import Unit
from review_app.core.merge.pass_one_valued import status_statement
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, entry, fm, note


def test_a_status_of_another_thing_is_not_the_notes_status() -> None:
    newer = note("club/bowls-club.md", fm("Bowls club", "2026-05-01")
                 + "Status: adopted\n\n## Players\n\n- Sam is green keeper\n")
    older = note("club/bowls-club-old.md", fm("Bowls club", "2026-01-01")
                 + "Status: draft\n\n## Players\n\n- Sam's membership status: pending\n")
    c = compose("merge", newer, [older])
    check_ledger(c)
    assert entry(c, "Status: draft").status == "superseded"
    e = entry(c, "membership status")
    assert e.status == "dropped" and e.held and "passing state" in e.why, e
    kept = compose("merge", newer, [older], choices={e.key: "carry"})
    assert "- Sam's membership status: pending\n" in kept.text


def test_what_a_status_label_is() -> None:
    def said(text: str) -> bool:
        return status_statement(Unit("sentence", text, [text], 0, 1, 0), ENGLISH, DEFAULT)
    assert said("Status: draft")
    assert said("Current status: draft")
    assert not said("Sam's membership status: pending")
