"""An older procedure that is the newest's older version through the version between them
(chained_blocks). In a chain v1 -> v2 -> v3, v2's steps are close to v3's checklist and are
settled as its older version; v1's, reworded further, are not close to the checklist, so
they were written whole after it: the store-room code v2 had already changed and the paper
attendance book v2's tablet replaced (merge-FH's matchday runbook). Domain: a model railway
club's exhibition set-up, which no other merge test uses."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, dated, entry

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 7, 9, 0)

V1 = """How we put the Dunford Junction layout up at the spring exhibition.

## Setting up
1. Fetch the trolley with the six baseboards from the store room (keypad code 5182 on the door).
2. Start at the station end and bolt the boards to each other, wing nuts on the inside.
3. The DCC bus runs along the back edge; its plug goes into the booster under board 3.
4. Each member on the stand writes their name in the paper attendance book at the door.
5. Clip the green skirting to the front edge so visitors never see the trestles.
6. Run the old class 37 round every loop before we open to the public at ten.
"""

V2 = """Putting the Dunford Junction layout up at the exhibition.

## Setting up
1. Store room: the keypad code was changed after the spring show; ask the secretary.
2. Bolt the baseboards together from the station end.
3. Plug the DCC bus into the booster under board 3.
4. Sign in on the club tablet at the door; the paper attendance book has gone.
5. Skirting along the front to hide the trestle legs.
6. Test each loop with a loco before the doors open at ten.
"""

V3 = """Putting the Dunford Junction layout up at an exhibition.

## Setting up
- [ ] Store room keypad: ask the secretary for the code.
- [ ] Bolt the baseboards together from the station end.
- [ ] Plug the DCC bus into the booster under board 3.
- [ ] Sign in on the club tablet at the door.
- [ ] Skirting along the front to hide the trestle legs.
- [ ] Test each loop with a loco before the doors open at ten.

## Taking down
Reverse order; the baseboards go back on the trolley station end first.
"""


def _chain(v1: tuple[str, str, str], v3: str = V3, **kw):
    """v1 (file name, title, body) -> V2 -> `v3`, merged into the newest."""
    notes = [dated(f"railway/{name}.md", title, f"railway/{name}", body, modified=day)
             for name, title, body, day in (
                 (*v1, "2024-03-01"),
                 ("exhibition-layout-setup", "Exhibition layout set-up", V2, "2025-04-01"),
                 ("exhibition-checklist", "Exhibition checklist", v3, "2026-05-01"))]
    return compose("merge", notes[2], [notes[1], notes[0]], kept=notes[2], now=NOW, **kw)


def _merge(**kw):
    return _chain(("layout-setup", "Layout set-up", V1), **kw)


def test_the_oldest_steps_are_held_back_with_the_newest_checklist():
    c = _merge()
    for old in ("keypad code 5182", "paper attendance book at the door",
                "wing nuts on the inside"):
        assert old not in c.text, (old, c.text)  # failed before: v1's list written whole
        e = entry(c, old)
        assert e.status == "dropped" and e.flips == ("carry", "drop"), e
        assert e.held, e  # shown as held back for the person: its partner is not written
        assert "'Exhibition layout set-up' has its newer version" in e.why, e.why
    assert c.text.count("station end") == 2, c.text  # the checklist's and taking down's
    check_ledger(c)


def test_a_held_step_is_written_after_the_checklist_with_one_choice():
    e = entry(_merge(), "keypad code 5182")
    c = _merge(choices={e.key: "carry"})
    after = c.text.split("- [ ] Test each loop")[1].split("## Taking down")[0]
    assert "keypad code 5182" in after, c.text
    check_ledger(c)


V1_TAKING_DOWN = """How we take the Dunford Junction layout down after the spring exhibition.

## Taking down
1. Unplug the DCC bus from the booster under board 3 before anything else.
2. Unbolt the baseboards together from the station end.
3. Wrap each locomotive in its own foam sleeve; the class 37 goes in the red box.
4. Fold the trestles and strap them to the trolley with the blue straps.
5. Return the store room key to the caretaker's flat, number 14.
"""


def test_another_procedure_sharing_two_steps_is_not_chained():
    """An adversarial review's case: the oldest note's only list is the taking-down one,
    two of whose steps are close to the middle version's setting-up steps. It is another
    procedure: written whole under its heading, not held back with the newest checklist."""
    c = _chain(("layout-takedown", "Layout take-down", V1_TAKING_DOWN))
    for fact in ("foam sleeve", "blue straps", "caretaker's flat, number 14"):
        assert fact in c.text, (fact, c.text)
        assert "newer versions" not in entry(c, fact).why, entry(c, fact)
    check_ledger(c)


V1_PACKING = """How we pack the Dunford Junction layout away after the spring exhibition.

## Packing away
1. Unplug the DCC bus from the booster under board 3 before anything else.
2. Unbolt the baseboards from each other, starting at the station end.
3. Return the store room key to the caretaker's flat, number 14, before you leave.
"""

V3_REWORDED = V3.split("## Taking down")[0].replace(
    "Bolt the baseboards together from the station end.",
    "Baseboards joined, station end first.").replace(
    "Plug the DCC bus into the booster under board 3.",
    "Power: bus cable into board three's booster.")


def test_a_list_under_another_heading_is_not_chained_whatever_its_share():
    """A second adversarial review's case: two of the packing-away list's three steps are
    close to the middle version's setting-up steps (a majority), but it sits under a
    heading no section of the newest or of the middle version aligns with: another
    procedure, written whole, not lost beside the newest checklist."""
    c = _chain(("layout-packing-away", "Layout packing away", V1_PACKING), V3_REWORDED)
    for fact in ("Unplug the DCC bus", "Unbolt the baseboards", "caretaker's flat, number 14"):
        assert fact in c.text, (fact, c.text)
    check_ledger(c)


V1_IN_SECTIONS = """How the Dunford Junction layout goes to the spring exhibition.

## Setting up
1. Fetch the trolley with the six baseboards from the store room (keypad code 5182 on the door).
2. Start at the station end and bolt the boards to each other, wing nuts on the inside.
3. The DCC bus runs along the back edge; its plug goes into the booster under board 3.

## Packing away
4. Unplug the DCC bus from the booster under board 3 before anything else.
5. Unbolt the baseboards from each other, starting at the station end.
6. Return the store room key to the caretaker's flat, number 14, before you leave.
"""


def test_lists_numbering_on_do_not_make_another_procedure_one():
    """A third adversarial review's case: the oldest note numbers its setting-up and
    packing-away steps on (1-3, then 4-6). Chaining its lists because they number on,
    whatever their heading, took the packing-away steps for older wordings of the
    setting-up ones they undo ("Unplug" / "Plug the DCC bus") and hid them all."""
    c = _chain(("layout-exhibition", "Layout at the exhibition", V1_IN_SECTIONS),
               V3_REWORDED)
    packing = c.text.split("## Packing away")[-1]
    assert "## Packing away" in c.text, c.text
    for fact in ("Unplug the DCC bus", "Unbolt the baseboards", "caretaker's flat, number 14"):
        assert fact in packing, (fact, c.text)
    check_ledger(c)
