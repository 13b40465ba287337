"""Issue 18, third quality round: an older unit is carried only for a fact nothing in
the newest states and nothing in the newest gives another value; an older version's
own history is no fact of now; what the newest says of another thing does not make an
older fact "present". Domains no other merge test uses (climbing gym, kennel, cinema,
archery, planetarium, pharmacy, hostel, bowling, ice rink, fire station); each test
fails on the engine before this round."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)


def test_an_older_versions_history_sentences_are_not_written_but_its_author_is():
    v1 = note("gym/route-setting.md", fm("Route setting plan", "2025-01-10") + (
        "Written after Oskar asked for one page the setters can follow on wall 4. "
        "Written by Lena Brandt.\n\n## Schedule\n\n- Boulders reset every 3 weeks.\n"))
    v2 = note("gym/route-setting-v2.md", fm("Route setting plan v2", "2025-05-02") + (
        "Revision of the January plan. Changes: boulders reset faster, lead walls "
        "added.\n\n## Schedule\n\n- Boulders reset every 2 weeks.\n"
        "- Lead walls reset every 6 weeks.\n"))
    v3 = note("gym/route-setting-2025-10.md", fm("Route setting plan 2025-10", "2025-10-01")
              + ("Third revision: the setters now work on every wall.\n\n## Schedule\n\n"
                 "- Boulders reset every 2 weeks.\n- Lead walls reset every 8 weeks.\n"))
    c = compose("merge", v3, [v2, v1], now=NOW)
    for old in ("Revision of the January plan", "Changes: boulders", "Written after Oskar"):
        assert old not in c.text, old
        e = entry(c, old)
        assert e.status == "dropped" and "carry" in e.flips, (old, e.status)
    assert "Written by Lena Brandt." in c.text  # who wrote it is no history
    check_ledger(c)


def test_an_older_intro_counting_a_thing_anew_is_superseded():
    older = note("kennel/about.md", fm("Greenway Kennels", "2024-04-01") + (
        "Greenway Kennels, 24 indoor pens.\n\n## Hours\n\n- Drop-off from 7:30.\n"))
    newer = note("kennel/about-2025.md", fm("Greenway Kennels 2025", "2025-04-01") + (
        "The new wing opened in March, so there are now 30 pens.\n\n## Hours\n\n"
        "- Drop-off from 7:30.\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert "24 indoor pens" not in c.text
    assert entry(c, "24 indoor pens").status == "superseded"
    check_ledger(c)


def test_an_observation_restating_a_replaced_step_by_its_values_is_superseded():
    older = note("cinema/changeover.md", fm("Reel changeover", "2024-09-01") + (
        "## Steps\n\n1. The usher radios the projectionist on channel 4 when passing "
        "door P-7.\n2. The projectionist starts the second reel.\n\n## Observations\n\n"
        "- [radio] Changeover warning on channel 4 at P-7 #radio\n"))
    newer = note("cinema/changeover-2025.md", fm("Reel changeover 2025", "2025-09-01") + (
        "## Steps\n\n1. The usher radios the projectionist on talkgroup CINE-A when "
        "passing door P-7.\n"
        "2. The projectionist starts the second reel.\n"))
    for action in ("update", "merge"):
        c = compose(action, newer, [older], now=NOW)
        assert "channel 4" not in c.text, action
        assert entry(c, "[radio] Changeover warning").status == "superseded", action
        check_ledger(c)


def test_a_relation_to_a_thing_the_newest_names_otherwise_is_superseded():
    older = note("archery/practice.md", fm("Practice session", "2024-06-01") + (
        "## Steps\n\n1. Shoot six ends at the target butt on lane 3.\n\n## Relations\n\n"
        "- uses [[Target Butt Lane 3]]\n- part_of [[Club Handbook]]\n"))
    newer = note("archery/practice-2025.md", fm("Practice session 2025", "2025-06-01") + (
        "## Steps\n\n1. Shoot six ends at either target butt.\n\n## Relations\n\n"
        "- part_of [[Club Handbook]]\n"))
    for action in ("update", "merge"):
        c = compose(action, newer, [older], now=NOW)
        assert "Target Butt Lane 3" not in c.text, action
        assert entry(c, "[[Target Butt Lane 3]]").status == "superseded", action
        check_ledger(c)


def test_a_relation_to_a_thing_the_newest_names_in_other_words_is_still_carried():
    older = note("planetarium/show.md", fm("Evening show", "2024-06-01") + (
        "The show runs at 20:00.\n\n## Relations\n\n- uses [[West Dome Projector]]\n"))
    newer = note("planetarium/show-2025.md", fm("Evening show 2025", "2025-06-01") + (
        "The show runs at 20:30 on the projector in the west dome.\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert entry(c, "[[West Dome Projector]]").status == "carried"
    assert "- uses [[West Dome Projector]]" in c.text


def test_an_older_unit_naming_who_the_newest_leaves_unnamed_is_written_in_its_place():
    older = note("pharmacy/controlled-drugs.md", fm("Controlled drugs", "2024-02-01") + (
        "## Counts\n\n- Controlled drugs are counted every Friday by the duty pharmacist, "
        "Ines Duarte.\n- The register is kept for 2 years.\n"))
    newer = note("pharmacy/controlled-drugs-2025.md", fm("Controlled drugs 2025",
                                                          "2025-02-01") + (
        "## Counts\n\n- Controlled drugs are counted every Friday by the duty pharmacist.\n"
        "- The register is kept for 3 years.\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert "by the duty pharmacist, Ines Duarte." in c.text
    assert c.text.count("counted every Friday") == 1
    e = entry(c, "Ines Duarte")
    assert e.status == "carried" and "newer" in e.flips
    check_ledger(c)
    back = compose("merge", newer, [older], now=NOW, choices={e.key: "newer"})
    assert "Ines Duarte" not in back.text and back.text.count("counted every Friday") == 1
    # the newest names another pharmacist for that role: the older name is not written
    other = note("pharmacy/controlled-drugs-2025.md", fm("Controlled drugs 2025",
                                                          "2025-02-01") + (
        "Duty pharmacist: Tomas Reyes.\n\n## Counts\n\n"
        "- Controlled drugs are counted every Friday by the duty pharmacist.\n"))
    c2 = compose("merge", other, [older], now=NOW)
    assert "Ines Duarte" not in c2.text and c2.text.count("counted every Friday") == 1


def test_a_footnote_naming_more_replaces_the_newest_definition_of_its_id():
    older = note("hostel/house-rules.md", fm("House rules", "2024-05-01") + (
        "- Quiet hours from 23:00.[^desk]\n\n"
        "[^desk]: The night desk is run by Sven Aalto; call it on extension 9.\n"))
    newer = note("hostel/house-rules-2025.md", fm("House rules 2025", "2025-05-01") + (
        "- Quiet hours from 22:00.[^desk]\n\n[^desk]: Call the night desk on extension 9.\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert c.text.count("[^desk]:") == 1 and "Sven Aalto" in c.text
    assert "23:00" not in c.text
    check_ledger(c)


def test_a_value_the_newest_states_of_another_thing_does_not_make_an_older_fact_present():
    older = note("bowling/prices.md", fm("Lane prices", "2024-03-01") + (
        "## Prices\n\n- A lane costs 30 EUR per hour.\n"
        "- Shoes are free for children under 12.\n"))
    newer = note("bowling/prices-2025.md", fm("Lane prices 2025", "2025-03-01") + (
        "## Prices\n\n- A lane costs 34 EUR per hour.\n- Lane 12 is kept for parties.\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert "Shoes are free for children under 12." in c.text
    assert entry(c, "Shoes are free").status == "carried"
    assert "30 EUR" not in c.text
    check_ledger(c)


def test_lines_apart_by_a_hard_break_are_apart():
    older = note("rink/contacts.md", fm("Rink contacts", "2024-10-01") + (
        "Rink manager: Aino Berg  \nOffice hours: Mon-Fri 9:00-17:00\n\n"
        "## Sessions\n\n- Public skating from 14:00.\n"))
    newer = note("rink/contacts-2025.md", fm("Rink contacts 2025", "2025-10-01") + (
        "Rink manager: Aino Berg  \nBookings: desk@rink.example\n\n"
        "## Sessions\n\n- Public skating from 14:00.\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert "Office hours: Mon-Fri 9:00-17:00" in c.text
    assert c.text.count("Aino Berg") == 1
    check_ledger(c)


def test_a_rule_of_a_list_nothing_in_the_newest_speaks_to_is_carried_by_merge():
    older = note("fire/station-rules.md", fm("Station rules", "2024-01-15") + (
        "## Rules\n\n- Helmets are never hung on the engine mirrors.\n"
        "- Boots stand beside the bunker gear, toes out.\n- The bay door stays shut at "
        "night.\n"))
    newer = note("fire/station-rules-2025.md", fm("Station rules 2025", "2025-01-15") + (
        "## Rules\n\n- Boots stand next to the bunker gear with the toes out.\n"
        "- The bay door stays shut at night.\n- Crew check the breathing sets at 07:00.\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert "- Helmets are never hung on the engine mirrors." in c.text
    assert "toes out." not in c.text.replace("with the toes out.", "")  # no repeat
    assert entry(c, "Helmets").status == "carried"
    check_ledger(c)
    u = compose("update", newer, [older], now=NOW)
    assert "Helmets" not in u.text and "carry" in entry(u, "Helmets").flips


def test_a_footnote_whose_mark_is_not_written_is_held_back_and_goes_before_relations():
    older = note("hostel/breakfast.md", fm("Breakfast", "2024-05-01") + (
        "Breakfast is served from 7:00.[^late]\n\n## Relations\n\n- part_of [[Guest Guide]]\n"
        "- relates_to [[Lunch Menu]]\n\n"
        "[^late]: Late checkout guests can ask for a packed breakfast by 21:00.\n"))
    newer = note("hostel/breakfast-2025.md", fm("Breakfast 2025", "2025-05-01") + (
        "Breakfast is served from 7:30.\n\n## Relations\n\n- part_of [[Guest Guide]]\n"))
    c = compose("merge", newer, [older], now=NOW)
    e = entry(c, "[^late]: Late checkout")
    assert (e.status, e.held) == ("dropped", True)  # its sentence was superseded: an orphan
    assert "[^late]" not in c.text
    # the person carries it: it is the body's, written before the relations
    lines = compose("merge", newer, [older], now=NOW, choices={e.key: "carry"}
                    ).text.splitlines()
    at = next(k for k, ln in enumerate(lines) if ln.startswith("[^late]: Late checkout"))
    assert lines[at - 1] == "" and at < lines.index("## Relations")


def test_a_name_inside_a_compound_of_the_newest_is_stated():
    older = note("kennel/boarding.md", fm("Boarding terms", "2024-04-01") + (
        "The checklist the front desk works through for every dog arriving from outside "
        "the EU.\n\n## Fees\n\n- A night costs 28 EUR.\n"))
    newer = note("kennel/boarding-2025.md", fm("Boarding terms 2025", "2025-04-01") + (
        "Updated for the non-EU arrivals of the summer season. Owner: Petra Lund.\n\n"
        "## Fees\n\n- A night costs 31 EUR.\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert "from outside the EU" not in c.text
    assert entry(c, "from outside").status == "present"
