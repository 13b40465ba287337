"""A note's lifecycle (issue 18, round 22 STALE): an older version's provisional state
is not written beside a newest that settled it. The kept file's title naming the
standing its note declares ("Beach hut waiting list - open issue", `status: open`)
gives way when the newest declares another (`status: closed`), in merge and update;
under a newest declared adopted, an older draft's status observation ("2025 hut fees
are still a draft") and its call still to be answered ("Committee to confirm.") are
superseded, in merge and update. Guards: a kept title not naming its status, or one
whose status the newest shares, stays; a still-true fact only the older draft states
is still carried. Domain: council beach hut hire (no other test uses it); real parser,
real model. Each test failed before the change."""

from __future__ import annotations

import datetime as dt

import pytest
from helpers_merge import body, check_ledger, entry, fm, note

from review_app.core.merging import compose
from review_app.core.notes import parse_note

NOW = dt.datetime(2026, 5, 20, 9, 0, 0)


def _issue(title: str, status: str) -> str:
    return fm(title, "2026-01-14", f"status: {status}\n") + (
        "Families on the beach hut waiting list wait about three years.\n\n"
        "Should second huts go to families already holding one?\n")


CLOSED = note("huts/hut-allocation-rules-closed-may-2026.md", fm(
    "Beach hut allocation rules (closed May 2026)", "2026-05-12", "status: closed\n") + (
    "Status: closed. Families on the beach hut waiting list wait about two years.\n\n"
    "Second huts go only to families with no hut on the list.\n"))


@pytest.mark.parametrize("old_title,status,written", [
    ("Beach hut waiting list - open issue", "open",
     "Beach hut allocation rules (closed May 2026)"),
    # guards: a title not naming its status, or naming one the newest shares, stays
    ("Beach hut waiting list", "open", "Beach hut waiting list"),
    ("Beach hut waiting list - closed issue", "closed",
     "Beach hut waiting list - closed issue"),
])
def test_a_kept_title_naming_its_declared_status_gives_way_to_another(
        old_title: str, status: str, written: str) -> None:
    kept = note("huts/hut-waiting-list-issue.md", _issue(old_title, status))
    for action in ("update", "merge"):
        out = compose(action, CLOSED, [kept], kept=kept, now=NOW)
        check_ledger(out)
        parsed = parse_note(kept.path, out.text.encode())
        assert parsed.title == written, action  # type: ignore[union-attr]
        assert f"\n# {written}\n" in out.text
        if written != old_title:
            assert f"title: {old_title} -> {written}" in out.ledger.lines()


DRAFT = note("huts/hut-fees-2025-draft.md", fm(
    "Beach hut fees 2025 (draft)", "2025-02-03", "status: draft\n") + (
    "A season's hire of a beach hut is £640.\n\n"
    "Proposal: 15% off a second hut for the same family. Committee to confirm.\n\n"
    "Spare keys are held at the harbour office, phone 01632 960 412.\n\n"
    "## Observations\n\n"
    "- [status] 2025 hut fees are still a draft #fees\n"
    "- [fee] A season's hire is £640 #fees\n"
    "- [keys] Spare keys are held at the harbour office #access\n"))

ADOPTED = note("huts/hut-fees-2026.md", fm(
    "Beach hut fees 2026", "2026-03-10", "status: adopted\n") + (
    "Status: adopted by the council on 4 March 2026.\n\n"
    "A season's hire of a beach hut is £690.\n\n"
    "Second-hut discount: 15% off a second hut for the same family.\n\n"
    "## Observations\n\n"
    "- [fee] A season's hire is £690 #fees\n"))

PROVISIONAL = ("2025 hut fees are still a draft", "Committee to confirm.")


@pytest.mark.parametrize("action", ["merge", "update"])
def test_an_older_draft_s_provisional_lines_are_superseded_once_adopted(
        action: str) -> None:
    out = compose(action, ADOPTED, [DRAFT], now=NOW)
    check_ledger(out)
    written = body(out.text)
    assert "Status: adopted by the council on 4 March 2026." in written
    for text in PROVISIONAL:
        assert text not in written, (action, text)
        if action == "merge" or text == PROVISIONAL[0]:  # update drops older prose
            assert entry(out, text).status == "superseded", (action, text)
    # a still-true fact only the draft states is carried (update: its observation)
    assert "Spare keys are held at the harbour office #access" in written
    assert ("01632 960 412" in written) == (action == "merge")
