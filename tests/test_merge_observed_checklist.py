"""Issue 18, "every fact accounted for" (round 30, pass_observed): an older checklist
item the newest's checklist left out is held back with its block, but when its own
note's observation of it is carried (nothing in the newest states the fact), the item
is that fact in the body: it is carried too, after the newest's checklist under the
held-over line, never spliced into it (merge-BQ: "Set the alarm: code 4471, then exit
through the back door within 45 seconds" was lost while "[security] Alarm code is 4471"
was carried). Domain: a tutoring centre (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = fm("Tutoring centre closing checklist", "2025-09-01") + (
    "## Rooms\n"
    "- [ ] Wipe the whiteboards in rooms 1 to 4\n"
    "- [ ] Collect loaned calculators and count them back into the tray\n"
    "- [ ] Lock the exam paper cabinet: code 6193, key back in the blue tin\n"
    "- [ ] Switch off the projector in room 2\n\n"
    "## Observations\n"
    "- [security] Exam paper cabinet code is 6193 #security\n"
    "- [kit] Calculators are loaned per session #kit\n")

NEWER = fm("Tutoring centre closing routine 2026", "2026-02-10") + (
    "## Rooms\n"
    "- [ ] Wipe the whiteboards in all five rooms\n"
    "- [ ] Collect loaned calculators and count them back into the tray\n"
    "- [ ] Switch off the projectors\n"
    "- [ ] Empty the recycling bin by reception\n\n"
    "## Observations\n"
    "- [rooms] Five teaching rooms since January #rooms\n")


def _merged(**kw):
    return compose("merge", note("tutoring/closing-2026.md", NEWER),
                   [note("tutoring/closing.md", OLDER)], now=NOW, **kw)


def test_a_left_out_item_whose_observation_is_carried_is_carried_after_the_block():
    c = _merged()
    assert entry(c, "[security] Exam paper cabinet").status == "carried"
    item = entry(c, "Lock the exam paper cabinet")
    assert item.status == "carried", item  # failed before: held back with its block
    body = c.text.split("## Observations", 1)[0]
    rooms = body.split("## Rooms", 1)[1]
    newest = rooms.index("- [ ] Empty the recycling bin by reception")
    carried = rooms.index("- [ ] Lock the exam paper cabinet: code 6193, key back in the blue tin")
    assert carried > newest  # after the newest's checklist, not spliced into it
    # (round 32: a checklist has no order to break, so it goes on at the block's end)
    assert rooms[newest:carried] == "- [ ] Empty the recycling bin by reception\n"
    assert "rooms 1 to 4" not in c.text  # the older wording of a kept item stays out
    check_ledger(c)
    dropped = _merged(choices={item.key: "drop"})
    assert "Lock the exam paper cabinet" not in dropped.text  # one key still drops it


def test_an_observation_of_another_figure_is_no_witness():
    """"[kit] Calculators for the mock are wiped down every 6 weeks" shares a name with
    a step "Calculators for the 11+ mock are charged at 2 pounds a session" but gives a
    figure the step does not: it sums up another fact, so the held-back step stays held
    back (merge-AS had carried an acid-test step on "[maintenance] Acid bottles are
    replaced every 6 months")."""
    older = note("tutoring/fees.md", fm("Tutoring fees", "2025-09-01") + (
        "## Sessions\n"
        "1. Book the session on the portal.\n"
        "2. Calculators for the 11+ mock are charged at 2 pounds a session.\n"
        "3. Pay at reception.\n\n"
        "## Observations\n"
        "- [kit] Calculators for the mock are wiped down every 6 weeks #kit\n"))
    newer = note("tutoring/fees-2026.md", fm("Tutoring fees 2026", "2026-02-10") + (
        "## Sessions\n"
        "1. Book the session on the portal or by phone.\n"
        "2. Only if the online check fails: borrow a calculator from reception for the "
        "mock.\n"
        "3. Pay at reception or online.\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert entry(c, "[kit] Calculators for the mock").status == "carried"
    step = entry(c, "Calculators for the 11+ mock")
    assert step.status == "dropped" and step.held, step
    assert "11+ mock are charged" not in c.text
