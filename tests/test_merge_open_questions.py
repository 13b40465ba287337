"""Issue 18, item 4 (merge17a): an older draft's open questions and to-dos are not
facts, so they are not carried into the note whose newest version settled them. A
line ending in a question mark, an unticked to-do, a "TBD:" line and any item under
an "Open questions" heading are reported dropped ("an older draft's open question"),
each with its flip, so the person can carry it with one key. Guards: a question
answered in its own paragraph ("Can visitors climb the tower? Yes, ...") is a fact,
and a ticked box under "Open questions" is a settled one. Domain: a church tower's
bell ringers (no other test uses it); real parser, real model. Each test failed
before the change."""

from __future__ import annotations

import datetime as dt

from helpers_merge import body, check_ledger, entry, fm, merged, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 5, 1, 12, 0, 0)

OLDER = note("ringers/practice.md", fm("Tower practice", "2025-03-01") + (
    "How the St Aldhelm's bell ringers run their practice nights.\n\n"
    "## Practice\n\n"
    "Practice is on Thursdays in the ringing chamber at 19:30. Can visitors climb "
    "the tower? Yes, on Saturdays with Idris Vaughan.\n\n"
    "## Open questions\n\n"
    "- Should we move practice to Fridays?\n"
    "- Handbell evenings in winter\n"
    "- [x] Sally ropes ordered from Ellis Ropes\n\n"
    "## Tasks\n\n"
    "- [ ] decide on the peal band for the harvest service\n\n"
    "**Open questions:**\n\n"
    "- Ringing for the carol service\n\n"
    "TBD: who signs off the ringing certificates?\n"))

NEWER = note("ringers/practice-2026.md", fm("Tower practice 2026", "2026-02-01") + (
    "How the St Aldhelm's bell ringers run their practice nights this year.\n\n"
    "## Practice\n\n"
    "Practice is on Fridays in the ringing chamber at 19:30. The harvest peal band is "
    "Ruth, Idris, Colm and Bea.\n\n"
    "Ringing certificates are signed off by the tower captain.\n"))

QUESTIONS = ("Should we move practice to Fridays?", "Handbell evenings in winter",
             "decide on the peal band", "TBD: who signs off", "**Open questions:**")


def test_an_older_draft_s_open_questions_are_dropped_and_flippable() -> None:  # failed before
    c = merged(NEWER, OLDER, now=NOW)
    written = body(c.text)
    for q in QUESTIONS:
        assert q not in written, q
        e = entry(c, q)
        assert e.status == "dropped" and e.why == "an older draft's open question", (q, e)
        assert "carry" in e.flips
    assert "## Tasks" not in written and "carol service" not in written


def test_an_answered_question_and_a_ticked_box_are_facts() -> None:  # failed before
    c = compose("merge", NEWER, [OLDER], now=NOW)
    assert entry(c, "Can visitors climb").why != "an older draft's open question"
    assert entry(c, "Yes, on Saturdays").status == "carried"
    assert entry(c, "Sally ropes ordered").status == "carried"
    assert "Sally ropes ordered from Ellis Ropes" in c.text
    # the answer leans on its question (Lexicon.leaning_openers): written together
    assert "Can visitors climb the tower? Yes, on Saturdays with Idris Vaughan." in c.text


def test_the_person_carries_an_open_question_with_one_key() -> None:
    c = compose("merge", NEWER, [OLDER], now=NOW)
    key = entry(c, "Should we move practice").key
    carried = compose("merge", NEWER, [OLDER], now=NOW, choices={key: "carry"})
    check_ledger(carried)
    assert "Should we move practice to Fridays?" in carried.text
    assert entry(carried, "Should we move practice").status == "carried"


def test_items_still_to_sort_are_open_questions() -> None:  # failed before (round 26)
    """merge-BA g09 carried "Quote from a coach firm" from a plan's "## Still to sort"
    list into the note whose final version booked the coach. Another wording of a
    section of things still to settle; domain: a comic shop."""
    plan = note("comics/signing-plan.md", fm("Signing day plan", "2025-03-01") + (
        "Plan for the artist signing at the shop in May.\n\n## Still to sort\n\n"
        "- Quote from a printer for the variant covers\n- Whether the council lets us "
        "queue on the pavement\n\n## Loose ends\n\n- Poster for the window\n"))
    final = note("comics/signing-final.md", fm("Signing day final", "2025-05-01") + (
        "The signing is on Saturday 17 May, 11:00 to 15:00. Variant covers printed by "
        "Inkwell Print, 200 copies. The queue stays inside the shop.\n"))
    c = compose("merge", final, [plan], now=NOW)
    for line in ("Quote from a printer", "Poster for the window"):
        assert entry(c, line).status == "dropped", entry(c, line)
        assert line not in c.text
    check_ledger(c)


def test_a_heading_saying_what_to_do_holds_facts_not_questions() -> None:  # failed before
    """"## What to do", "## What we ask owners to do" and "## Things we decided not to
    do" end in "to do" but say what is done or decided: their items were dropped as an
    older draft's open questions, so a merge (and upsert's unattended merge) cut a
    still-true "Margaret Tully runs the Thursday school visits" from the note. "## To do",
    "## Things to do" and "## What we still need to do" list what is open (a review
    found "Things to do" lost in a first version of the fix, and a second "## What's
    undecided" in the next). Domain: a lighthouse museum."""
    older = note("lighthouse/alarm.md", fm("Beacon alarm", "2025-01-10") + (
        "The beacon alarm at the lighthouse museum.\n\n## What to do\n\n"
        "- Call the lamp engineer if the beacon alarm sounds.\n"
        "- Margaret Tully runs the Thursday school visits.\n\n"
        "## Things we decided not to do\n\n- Sell tickets online through Ticketsolve\n\n"
        "## To do\n\n- Quote for repainting the lantern room\n\n"
        "## Things to do\n\n- Order 200 guidebooks from the printer\n\n"
        "## What we still need to do\n\n- Replace the stair light on landing 3\n\n"
        "## What's undecided\n\n- Whether the shop opens on Mondays\n"))
    newest = note("lighthouse/alarm-2026.md", fm("Beacon alarm 2026", "2026-05-01") + (
        "The beacon alarm at the lighthouse museum.\n\n## What to do\n\n"
        "- Call the lamp engineer if the beacon alarm sounds.\n"
        "- Only the lamp engineer resets the alarm after a fault.\n"))
    c = compose("merge", newest, [older], now=NOW)
    check_ledger(c)
    for line in ("Margaret Tully runs the Thursday school visits",
                 "Sell tickets online through Ticketsolve"):
        assert entry(c, line).why != "an older draft's open question", entry(c, line)
        assert line in c.text
    for line in ("Quote for repainting", "Order 200 guidebooks", "Replace the stair light",
                 "Whether the shop opens"):
        assert entry(c, line).why == "an older draft's open question", entry(c, line)
        assert line not in c.text
