"""older_only (merge): an older unit is a repeat whatever its shape (a fuller wording
of a newest item, a checklist item whose label the newest states, a code block whose
lines the newest gives), and a fact
only an older unit states is never dropped silently."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def _instructor() -> tuple:
    newer = dated("sailing/ilse-varga-2026.md", "Ilse Varga (senior instructor)",
                  "ilse-varga-2026",
                  "Senior instructor since January 2026; Tomas Lind retired in December.\n\n"
                  "## Duties\n\n- Runs the Saturday dinghy sessions\n"
                  "- Orders spare sails from the loft; can sign orders up to EUR 800\n\n"
                  "## Background\n\n- RYA Dinghy Instructor since 2023\n- Amateur violist\n\n"
                  "## Safety checks\n\n- [x] Rescue boat fuelled\n- [x] Oxygen kit checked\n",
                  modified="2026-03-02")
    older = dated("sailing/ilse-varga.md", "Ilse Varga", "ilse-varga",
                  "Ilse Varga joined as an instructor; her mentor is Tomas Lind.\n\n"
                  "## Duties\n\n- Runs the Saturday dinghy sessions\n"
                  "- Ordering spare sails from the loft, under Tomas's sign-off\n\n"
                  "## Background\n\n- RYA Dinghy Instructor since 2023\n"
                  "- Plays viola (amateur, Harbour Chamber Players)\n\n"
                  "## Safety checks\n\n- [x] Rescue boat fuelled\n"
                  "- [x] Oxygen kit checked (two 15 l cylinders, spare mask)\n",
                  modified="2025-04-01")
    return newer, older


def test_a_fuller_item_is_written_in_its_place_once() -> None:
    newer, older = _instructor()
    composed = compose("merge", newer, [older])
    text = composed.text
    # "Amateur violist" said again with a fact: the fuller one, once, in its place
    assert "- Plays viola (amateur, Harbour Chamber Players)" in text
    assert "Amateur violist" not in text
    assert text.index("Plays viola") < text.index("## Safety checks")
    # a checklist item the newest's checklist says shorter: the fuller, in place
    assert "- [x] Oxygen kit checked (two 15 l cylinders, spare mask)" in text
    assert "- [x] Oxygen kit checked\n" not in text
    assert text.count("Oxygen kit") == 1
    lines = text.splitlines()  # (the newer items are prefixes of the fuller ones)
    for e in composed.ledger.entries:
        if e.status == "superseded":
            assert e.text not in lines, e.text
    viola = entry(composed, "Plays viola")
    assert viola.status == "carried" and viola.why.startswith("written instead of")
    # the person keeps the newest's wording with one key
    kept = compose("merge", newer, [older], choices={viola.key: "newer"})
    assert "- Amateur violist" in kept.text and "Plays viola" not in kept.text


def test_a_checklist_item_whose_subject_the_newest_states_is_present() -> None:
    newer = dated("brewery/taproom-terms-2026.md", "Taproom lease terms 2026",
                  "taproom-terms-2026",
                  "## Terms\n\n- Rent: EUR 2,400 a month\n"
                  "- Opening: weekends in the summer season (May-September), weekdays by "
                  "booking; deliveries 07:00-09:00\n",
                  modified="2026-02-01")
    older = dated("brewery/taproom-terms.md", "Taproom lease terms", "taproom-terms",
                  "## Terms\n\n- Rent: EUR 2,400 a month\n\n"
                  "## Resolved questions\n\n- [x] Weekend opening in the summer season: agreed\n"
                  "- [x] Keg store key: with the landlord's agent, Mireille Fabre\n",
                  modified="2025-11-01")
    composed = compose("merge", newer, [older])
    assert entry(composed, "Weekend opening").status == "present"
    assert "Weekend opening" not in composed.text
    # the other item states a fact the newest lacks: carried, under its own heading
    assert "## Resolved questions\n\n- [x] Keg store key" in composed.text
    check_ledger(composed)


def test_a_code_block_whose_lines_the_newest_gives_is_held_back() -> None:
    newer = dated("diving/dive-log-2026.md", "Dive log procedure 2026", "dive-log-2026",
                  "## Logging\n\nEvery dive goes into the club log the same day, same CSV "
                  "columns as before (date, site, depth_m, tank_bar, diver).\n",
                  modified="2026-01-10")
    older = dated("diving/dive-log.md", "Dive log procedure", "dive-log",
                  "## Logging\n\nEvery dive goes into the club log:\n\n"
                  "```\ndate,site,depth_m,tank_bar,diver\n2025-03-01,Blue Hole,18,200,AK\n```\n",
                  modified="2025-03-10")
    composed = compose("merge", newer, [older])
    e = entry(composed, "depth_m,tank_bar")
    assert (e.status, e.held, e.flips) == ("dropped", True, ("carry", "drop"))
    assert "depth_m" in e.why
    assert "tank_bar,diver\n" not in composed.text
    carried = compose("merge", newer, [older], choices={e.key: "carry"})
    assert "2025-03-01,Blue Hole,18,200,AK" in carried.text


def test_a_fact_only_a_rewritten_unit_states_is_named_or_held_back() -> None:
    newer = dated("dairy/goat-parlour-2026.md", "Goat parlour routine 2026",
                  "goat-parlour-2026", "Hillside Farm, rotary parlour, now 412 goats in "
                  "milk.\n", modified="2026-05-01")
    older = dated("dairy/goat-parlour.md", "Goat parlour routine", "goat-parlour",
                  "Routine for the rotary parlour at Hillside Farm, 380 Saanen goats in "
                  "milk.\n", modified="2025-05-01")
    herd = entry(compose("merge", newer, [older]), "380 Saanen goats")
    # another count (380 / 412): superseded, and its reason names the breed it alone gives
    assert herd.status == "superseded" and "saanen" in herd.why.lower()
    newer = dated("ferries/night-pay-2026.md", "Deckhand night pay decision",
                  "night-pay-2026",
                  "**Status:** Accepted by the crew council on 3 March 2026\n\n"
                  "## Decisions\n1. Night sailing premium of EUR 3.40 per hour between 22:00 "
                  "and 06:00.\n2. Overtime at 1.5x after 40 hours.\n\nThe council amended "
                  "decision 1, raising the night premium so that no Harwich deckhand loses "
                  "out against the old flat allowance.\n", modified="2026-03-04")
    older = dated("ferries/night-pay.md", "Deckhand night pay proposal", "night-pay",
                  "**Status:** Proposed\n\n## Decisions\n1. Night sailing premium of EUR "
                  "2.90 per hour between 22:00 and 06:00.\n2. Overtime at 1.5x after 40 "
                  "hours.\n\nDecision 1 replaces the flat EUR 15 night allowance used on "
                  "the Harwich route.\n", modified="2026-01-04")
    composed = compose("merge", newer, [older])
    allowance = entry(composed, "EUR 15")
    # rewritten without the amount, and nothing gives another one: the person settles it
    assert (allowance.status, allowance.held) == ("dropped", True)
    assert allowance.why.startswith("held back: carry?") and "15" in allowance.why
    assert "EUR 15" not in composed.text
    check_ledger(composed)
    carried = compose("merge", newer, [older], choices={allowance.key: "carry"})
    assert "Decision 1 replaces the flat EUR 15 night allowance" in carried.text


def test_an_older_intro_adding_only_names_is_carried_as_the_notes_scope() -> None:
    # (was held back as a second intro; readers count such a scope fact LOST: merge-AH)
    newer = dated("bells/tuning-schedule-2026.md", "Bell tuning schedule (2026 revision)",
                  "bell-tuning-2026",
                  "Revision after the new tuning lathe arrived in March. Pitch stays at "
                  "A = 440 Hz.\n\n## Bells\n\n- Treble: 0.6 t\n- Tenor: 1.2 t\n",
                  modified="2026-04-01")
    older = dated("bells/tuning-schedule.md", "Bell tuning schedule", "bell-tuning",
                  "Tuning schedule for the ring of bells cast at the Loughborough foundry."
                  "\n\n## Bells\n\n- Treble: 0.6 t\n- Tenor: 1.2 t\n", modified="2025-04-01")
    composed = compose("merge", newer, [older])
    e = entry(composed, "Loughborough foundry")
    assert (e.status, e.held) == ("carried", False)
    assert "cast at the Loughborough foundry." in composed.text.split("## Bells")[0]
    dropped = compose("merge", newer, [older], choices={e.key: "drop"})
    assert "Loughborough" not in dropped.text


def test_an_older_intro_with_another_value_of_the_newest_intro_is_held_back() -> None:
    newer = dated("water/pump-3-start-2026.md", "Pump 3 start-up (after the April rebuild)",
                  "pump-3-start-2026",
                  "Pump 3 was rebuilt in April 2026 with a new impeller and now delivers 820 "
                  "litres per minute. Operators: Nia Bowen and Carys Lloyd.\n\n## Checks\n\n"
                  "- Suction valve open.\n- Seal water on.\n", modified="2026-05-01")
    older = dated("water/pump-3-start.md", "Pump 3 start-up", "pump-3-start",
                  "Start-up of the main booster (pump 3, 760 litres per minute, diesel "
                  "standby) at the Ferndale station.\n\n## Checks\n\n- Suction valve open.\n"
                  "- Seal water on.\n", modified="2025-05-01")
    composed = compose("merge", newer, [older])
    e = entry(composed, "760 litres")
    assert (e.status, e.held) == ("dropped", True) and "820 litres" in e.why
    assert "760" not in composed.text
