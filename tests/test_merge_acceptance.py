"""Issue 18's acceptance cases for the merge redesign, each in a domain no other merge
test uses: the newest note is the base, written as it is; older facts nothing in it
speaks to are carried; every unit is in the ledger; the ledger matches the text."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.grouping import choose_canonical
from review_app.core.merging import compose, split_frontmatter

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)


def test_an_important_older_note_never_wins_a_value():
    older = note("club/membership-fees.md", fm(
        "Membership fees", "2025-10-01", "important: true\ntype: policy\n")
        + "Members of the beekeeping club pay EUR 40 per year.\n\n"
          "The treasurer is Ola Berg.\n")
    newer = note("club/membership-fees-2026.md", fm("Membership fees 2026", "2026-01-10")
                 + "From January 2026 members of the beekeeping club pay EUR 55 per year.\n")
    assert older.important and choose_canonical([older, newer])[0] is newer  # the scan's base
    c = compose("merge", newer, [older], kept=older, now=NOW)
    body = split_frontmatter(c.text)[1]
    assert "EUR 55 per year" in body and "EUR 40" not in body
    assert "The treasurer is Ola Berg." in body  # a fact the newest lacks is carried
    assert "type: policy" in c.text and "important: true" in c.text  # the kept file's
    assert c.ledger.base == newer.path
    sup = [e for e in c.ledger.entries if e.status == "superseded"]
    assert sup and "EUR 40" in sup[0].text and "EUR 55" in (sup[0].by_text or "")
    check_ledger(c)


def test_renumbered_runbook_steps_come_whole_from_the_newest():
    older = note("observatory/dome-shutdown.md", fm("Dome shutdown", "2025-05-01")
                 + "## Steps\n\n1. Park the telescope.\n2. Close the dome.\n"
                   "3. Set the mount read-only.\n4. Switch off the camera cooler.\n")
    newer = note("observatory/dome-shutdown-v2.md", fm("Dome shutdown v2", "2025-09-01")
                 + "## Steps\n\n1. Park the telescope.\n2. Close the dome.\n"
                   "3. Check the dome log; it should be under 16 MB.\n"
                   "4. Switch off the camera cooler.\n5. Unfreeze the mount.\n")
    c = compose("merge", newer, [older], kept=older, now=NOW)
    body = split_frontmatter(c.text)[1]
    steps = split_frontmatter(newer.text)[1].split("## Steps\n\n", 1)[1]
    assert steps in body  # the newest's procedure, byte for byte
    assert "read-only" not in body  # never spliced in
    e = next(e for e in c.ledger.entries if "read-only" in e.text)
    assert e.status == "dropped" and e.block and "numbered list" in e.block
    assert "carry" in e.flips
    check_ledger(c)


def test_one_label_in_two_sections_stays_in_its_section():
    older = note("brewing/pale-ale.md", fm("Pale ale", "2025-02-01")
                 + "## Mash\n\n- Water: 12 l\n- Temperature: 66 C\n\n"
                   "## Sparge\n\n- Water: 16 l\n- Temperature: 76 C\n")
    newer = note("brewing/pale-ale-2025.md", fm("Pale ale 2025", "2025-06-01")
                 + "## Mash\n\n- Water: 12 l\n- Temperature: 66 C\n\n"
                   "## Sparge\n\n- Water: 14 l\n- Temperature: 78 C\n")
    c = compose("merge", newer, [older], kept=older, now=NOW)
    body = split_frontmatter(c.text)[1]
    mash, sparge = body.split("## Sparge")
    assert "- Water: 12 l" in mash and "- Water: 14 l" not in mash
    assert "- Water: 14 l" in sparge and "16 l" not in body and "76 C" not in body
    assert entry(c, "Water: 16 l").status == "superseded"
    assert entry(c, "Water: 12 l").status == "present"
    # replaced by the unit of its own section, not by a same-looking line of another
    assert entry(c, "Water: 16 l").by_text == "- Water: 14 l"
    assert entry(c, "Temperature: 76 C").by_text == "- Temperature: 78 C"
    check_ledger(c)


def test_a_step_flipped_back_in_follows_the_newest_list_as_its_own():
    older = note("skilift/morning-start.md", fm("Chairlift morning start", "2025-01-05")
                 + "## Start-up\n\n1. Walk the line and check the towers.\n"
                   "2. Run the chairs empty for one loop.\n"
                   "3. Test the emergency brake at the top station.\n"
                   "4. Open the gates.\n")
    newer = note("skilift/morning-start-2025.md", fm("Chairlift morning start 2025",
                                                     "2025-12-01")
                 + "## Start-up\n\n1. Walk the line and check the towers.\n"
                   "2. Run the chairs empty for one loop.\n"
                   "3. Check the wind gauge reads under 60 km/h.\n"
                   "4. Open the gates.\n\nLift staff sign the start-up sheet.\n")
    c = compose("merge", newer, [older], kept=older, now=NOW)
    e = entry(c, "Test the emergency brake")
    assert e.status == "dropped" and "carry" in e.flips
    flipped = compose("merge", newer, [older], kept=older, now=NOW, choices={e.key: "carry"})
    body = split_frontmatter(flipped.text)[1]
    # it follows the newest's list as a list of its own under a line naming the older
    # note (never numbered on from the newest's list, which would put it after "Open the
    # gates" in the procedure: issue 18 point 3), before the prose after the list
    assert "4. Open the gates.\n\nTest the emergency brake at the top station." \
        "\n\nLift staff sign" in body
    check_ledger(flipped)


def test_a_label_the_newer_section_left_out_is_not_replaced_from_another_section():
    older = note("brewing/stout.md", fm("Stout", "2025-02-01")
                 + "## Mash\n\n- Water: 12 l\n- Temperature: 66 C\n\n"
                   "## Sparge\n\n- Water: 16 l\n- Temperature: 76 C\n")
    newer = note("brewing/stout-2025.md", fm("Stout 2025", "2025-06-01")
                 + "## Mash\n\n- Water: 14 l\n- Temperature: 66 C\n\n"
                   "## Sparge\n\n- Temperature: 78 C\n")
    c = compose("merge", newer, [older], kept=older, now=NOW)
    # Sparge temperature: replaced by the Sparge's 78 C (got: by the Mash's 66 C);
    # Sparge water: nothing in the newest Sparge list speaks to it, so it is carried
    # there (got: superseded by the Mash's "- Water: 14 l", and 16 l was lost)
    assert entry(c, "Temperature: 76 C").by_text == "- Temperature: 78 C"
    assert "- Water: 16 l" in split_frontmatter(c.text)[1].split("## Sparge", 1)[1]
    check_ledger(c)


def test_a_section_the_newest_names_word_for_word_is_not_realigned_by_content():
    older = note("brewing/porter.md", fm("Porter", "2025-02-01")
                 + "## Mash\n\n- Water: 12 l\n- Temperature: 66 C\n\n"
                   "## Sparge\n\n- Water: 16 l\n- Temperature: 76 C\n")
    newer = note("brewing/porter-2025.md", fm("Porter 2025", "2025-06-01")
                 + "## Mash\n\n- Water: 14 l\n- Temperature: 66 C\n\n"
                   "## Sparge\n\n- Temperature: 78 C\n")
    c = compose("merge", newer, [older], kept=older, now=NOW)
    # the older Sparge is compared with the newest Sparge only (before: re-aligned
    # with Mash by content, its 76 C "replaced" by Mash's 66 C, its 16 l by Mash's 14 l)
    assert entry(c, "Temperature: 76 C").by_text == "- Temperature: 78 C"
    water = entry(c, "Water: 16 l")
    assert water.status != "superseded" and "carry" in water.flips
    assert "left out by the newer version" not in water.why  # Mash's list is not Sparge's
    check_ledger(c)


def test_an_older_observation_the_newer_body_contradicts_is_superseded():
    older = note("aquarium/reef-tank.md", fm("Reef tank", "2025-01-05")
                 + "Water changes are done every 14 days.\n\n## Observations\n\n"
                   "- [schedule] Water change every 14 days #maintenance\n"
                   "- [supplier] Salt comes from Coral Depot #shopping\n")
    newer = note("aquarium/reef-tank-2025.md", fm("Reef tank 2025", "2025-07-05")
                 + "Since the new skimmer, water changes are done every 7 days.\n")
    for action in ("update", "merge"):
        c = compose(action, newer, [older], kept=older, now=NOW)
        assert "every 14 days" not in c.text, action
        assert entry(c, "[schedule] Water change").status == "superseded"
        assert "- [supplier] Salt comes from Coral Depot #shopping" in c.text
        check_ledger(c)


def test_a_status_change_is_stated_once():
    older = note("zoning/riverside-rezoning.md", fm("Riverside rezoning", "2024-11-01")
                 + "**Status:** Draft\n\nThe parcel at 12 Mill Lane becomes mixed use.\n")
    newer = note("zoning/riverside-rezoning-approved.md", fm(
        "Riverside rezoning approved", "2025-03-05")
        + "**Status:** Approved on 2025-03-02\n\n"
          "The parcel at 12 Mill Lane becomes mixed use.\n")
    c = compose("merge", newer, [older], kept=older, now=NOW)
    assert c.text.count("**Status:**") == 1 and "Draft" not in c.text
    assert entry(c, "Status:** Draft").status == "superseded"
    check_ledger(c)


def test_a_decision_list_referenced_by_number_keeps_its_numbers():
    older = note("school/curriculum-committee.md", fm("Curriculum committee", "2025-02-01")
                 + "## Decisions\n\n1. Chess club moves to Tuesday.\n"
                   "2. The spring trip goes to the science museum.\n\n"
                   "The budget for decision 2 is EUR 900.\n")
    newer = note("school/curriculum-committee-2025.md", fm(
        "Curriculum committee 2025", "2025-05-01")
        + "## Decisions\n\n1. Reading hour starts at 08:15.\n"
          "2. The spring trip goes to the science museum.\n"
          "3. Chess club moves to Tuesday.\n\n"
          "The budget for decision 2 is EUR 1,100.\n")
    c = compose("merge", newer, [older], kept=older, now=NOW)
    body = split_frontmatter(c.text)[1]
    decisions = split_frontmatter(newer.text)[1].split("## Decisions\n\n", 1)[1]
    assert decisions in body
    assert "EUR 900" not in body
    assert entry(c, "EUR 900").status == "superseded"
    check_ledger(c)


def test_an_older_sentence_naming_a_renumbered_decision_is_not_carried_as_written():
    older = note("school/timetable-committee.md", fm("Timetable committee", "2025-02-01")
                 + "## Decisions\n\n1. Chess club moves to Tuesday.\n"
                   "2. The spring trip goes to the science museum.\n\n"
                   "The trigger for decision 1 was the parent survey of January.\n")
    newer = note("school/timetable-committee-2025.md", fm(
        "Timetable committee 2025", "2025-05-01")
        + "## Decisions\n\n1. Reading hour starts at 08:15.\n"
          "2. The spring trip goes to the science museum.\n"
          "3. Chess club moves to Tuesday.\n")
    c = compose("merge", newer, [older], kept=older, now=NOW)
    # decision 1 is the reading hour now: the sentence as written would point at it
    # (got: carried as written, "a fact the newest lacks: 1, january")
    assert "The trigger for decision 1 was" not in split_frontmatter(c.text)[1]
    check_ledger(c)
    # held back (never rewritten): the row names the decision and its new number, and
    # one key carries it as written for the person to edit
    e = entry(c, "The trigger for decision 1")
    assert e.status == "dropped" and e.held and "carry" in e.flips
    assert "Chess club moves to Tuesday" in e.why and "numbers it 3" in e.why
    carried = compose("merge", newer, [older], kept=older, now=NOW, choices={e.key: "carry"})
    assert "The trigger for decision 1 was" in carried.text
    # a number the newest list keeps for the same item is no reason to hold back
    same = note("school/timetable-committee-2024.md", fm("Timetable committee", "2025-01-01")
                + "## Decisions\n\n1. Reading hour starts at 08:15.\n"
                  "2. The spring trip goes to the science museum.\n\n"
                  "The budget for decision 2 was set in January.\n")
    kept = compose("merge", newer, [same], kept=same, now=NOW)
    assert entry(kept, "The budget for decision 2").status == "carried"


def test_a_v1_v2_v3_chain_takes_each_value_from_the_newest_that_states_it():
    v1 = note("choir/spring-concert-v1.md", fm("Spring concert v1", "2025-01-10")
              + "The concert is in St Anne's church at 18:00.\n\n"
                "Tickets cost EUR 10.\n\nTickets are sold by Mira Holt.\n")
    v2 = note("choir/spring-concert-v2.md", fm("Spring concert v2", "2025-02-10")
              + "The concert is in the Old Town Hall at 18:00.\n\nTickets cost EUR 12.\n")
    v3 = note("choir/spring-concert-v3.md", fm("Spring concert v3", "2025-03-10")
              + "The concert is in the Old Town Hall at 19:30.\n")
    c = compose("merge", v3, [v1, v2], kept=v1, now=NOW)
    body = split_frontmatter(c.text)[1]
    assert "19:30" in body and "18:00" not in body and "St Anne" not in body
    assert "Tickets are sold by Mira Holt." in body  # only v1 says it
    # v2 changed the price and v3 does not state it: v2's, the newest that states it
    assert "Tickets cost EUR 12." in body and "EUR 10" not in body
    assert body.count("Old Town Hall") == 1
    check_ledger(c)


def test_an_observation_flipped_to_older_is_written_as_an_observation():
    older = note("sauna/opening-hours.md", fm("Sauna opening hours", "2025-01-10")
                 + "The lakeside sauna is heated to 80 C on weekdays.\n\n## Observations\n\n"
                   "- [setting] Heated to 80 C on weekdays #heating\n")
    newer = note("sauna/opening-hours-2025.md", fm("Sauna opening hours 2025", "2025-06-10")
                 + "Since the new stove, the lakeside sauna is heated to 90 C on weekdays.\n\n"
                   "Towels are EUR 3.\n")
    c = compose("merge", newer, [older], kept=older, now=NOW)
    e = entry(c, "[setting] Heated to 80 C")
    assert e.status == "superseded" and "older" in e.flips
    flipped = compose("merge", newer, [older], kept=older, now=NOW, choices={e.key: "older"})
    body = split_frontmatter(flipped.text)[1]
    # got: "# Sauna opening hours\n\n[setting] Heated to 80 C on weekdays #heating\n\n
    # Towels are EUR 3." - the observation as a bare line where the newest's sentence was
    assert "- [setting] Heated to 80 C on weekdays #heating" in body
    assert not any(line.startswith("[setting]") for line in body.splitlines())
    # an observation has its own place: the newest's sentence stays (mergefix6's choice)
    assert "Since the new stove, the lakeside sauna is heated to 90 C" in body
    assert body.index("## Observations") < body.index("- [setting] Heated to 80 C")
    assert "written beside" in entry(flipped, "[setting] Heated to 80 C").why
    check_ledger(flipped)


def test_choices_flip_a_carried_unit_and_a_superseded_pair():
    older = note("rowing/boathouse.md", fm("Boathouse", "2025-01-01")
                 + "The locker rent is EUR 60 a year.\n\nThe boathouse key code is 4471.\n")
    newer = note("rowing/boathouse-2025.md", fm("Boathouse 2025", "2025-04-01")
                 + "The locker rent is EUR 75 a year.\n")
    c = compose("merge", newer, [older], kept=older, now=NOW)
    tap = next(e for e in c.ledger.entries if "4471" in e.text)
    rent = next(e for e in c.ledger.entries if "EUR 60" in e.text)
    assert tap.status == "carried" and rent.status == "superseded"
    flipped = compose("merge", newer, [older], kept=older, now=NOW,
                      choices={tap.key: "drop", rent.key: "older"})
    assert "4471" not in flipped.text
    assert "EUR 60" in flipped.text and "EUR 75" not in flipped.text
    check_ledger(flipped)
    edited = compose("merge", newer, [older], kept=older, now=NOW, text="edited\n")
    assert edited.text == "edited\n" and edited.ledger.edited
