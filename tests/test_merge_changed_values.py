"""A rewrite that rewords a claim AND changes its value: the newer value is written once,
the older one reported as superseded, never stated beside it (real parser, real model).

The notes are a community garden's handbook as two agent sessions wrote it; no demo or
tests/data text. Each test failed before the fix it names.
"""

from __future__ import annotations

from helpers_merge import body, dated, note, superseded

from review_app.core.merging import compose, split_frontmatter
from review_app.core.notes import Note
from review_app.core.units import split_sentences


def pair(older_body: str, newer_body: str) -> tuple[Note, Note]:
    older = dated("garden/handbook.md", "Garden handbook", "garden/handbook", older_body,
                  created="2024-03-02T09:00:00", modified="2024-03-02T10:00:00")
    newer = dated("garden/garden_handbook_2025.md", "garden_handbook_2025",
                  "garden/garden-handbook-2025", newer_body, created="2025-04-11T18:00:00",
                  modified="2025-04-11T18:30:00")
    return older, newer


def test_a_reworded_sentence_with_a_changed_amount_states_only_the_newer():
    older, newer = pair(
        "Members share the tools in the shed. The annual plot fee is GBP 45 and is due on "
        "March 1.\n",
        "Members share the tools in the shed. Plot fees went up to GBP 60 a year, still due "
        "on March 1.\n")
    for kept in (newer, older):  # the preview's and apply's text, whichever file is kept
        composed = compose("merge", newer, [older], kept=kept)
        text = body(composed.text)
        assert "GBP 60" in text and "GBP 45" not in text
        assert superseded(composed) == [(
            "The annual plot fee is GBP 45 and is due on March 1.",
            "Plot fees went up to GBP 60 a year, still due on March 1.")]


def test_a_reworded_observation_with_a_changed_number_is_one_observation():
    older, newer = pair(
        "## Observations\n- [rule] Hoses may run for 20 minutes per plot\n"
        "- [fact] Rainwater butts hold 200 litres each #water\n",
        "## Observations\n- [rule] Watering with a hose is capped at 15 minutes a plot #water\n"
        "- [fact] Rainwater butts hold 200 litres each #water\n")
    composed = compose("merge", newer, [older])
    obs = [ln for ln in body(composed.text).splitlines() if ln.startswith("- [")]
    assert obs == ["- [rule] Watering with a hose is capped at 15 minutes a plot #water",
                   "- [fact] Rainwater butts hold 200 litres each #water"]
    assert superseded(composed) == [(
        "- [rule] Hoses may run for 20 minutes per plot",
        "- [rule] Watering with a hose is capped at 15 minutes a plot #water")]
    # update keeps every observation of the older note unless the newer states it anew
    updated = compose("update", newer, [older])
    assert "20 minutes" not in updated.text and "15 minutes" in updated.text


def test_two_claims_on_one_topic_with_other_values_both_stay():
    # Mutual nearest and both with numbers, but not one claim (cosine ~0.5): both hold.
    older, newer = pair(
        "The shed is locked at dusk. Backups of the plot register run nightly at 02:00 and "
        "are kept for 30 days.\n",
        "The shed is locked at dusk. Logs of the gate sensor are rotated weekly and kept "
        "for 90 days.\n")
    composed = compose("merge", newer, [older])
    text = body(composed.text)
    assert "kept for 30 days" in text and "kept for 90 days" in text
    assert composed.superseded == []


def test_a_unit_of_measure_ends_a_sentence_but_an_initial_does_not():
    assert split_sentences("Seedlings stay at 18 °C. Cuttings root in a week.") == [
        "Seedlings stay at 18 °C.", "Cuttings root in a week."]
    assert split_sentences("The pump draws 12 V. It runs off the solar panel.") == [
        "The pump draws 12 V.", "It runs off the solar panel."]
    assert split_sentences("Ask J. Evans for the key. She has it.") == [
        "Ask J. Evans for the key.", "She has it."]
    # so a sentence after "°C." is its own unit and a rewrite of it is found
    older, newer = pair(
        "The greenhouse heater keeps it at 8 °C. Seed trays sit on the left bench.\n",
        "Seed trays go on the left-hand bench. The greenhouse heater holds it at 8 °C.\n")
    text = body(compose("merge", newer, [older]).text)
    assert text.count("8 °C") == 1 and text.lower().count("bench") == 1, text


def test_one_relation_whose_target_names_nest_is_one_relation_in_the_newer_words():
    older, newer = pair(
        "Seeds are ordered in January.\n\n## Relations\n- buys_from [[Kings Seeds]]\n"
        "- relates_to [[Allotment society]]\n",
        "Seeds are ordered in January.\n\n## Relations\n- buys_from [[Kings Seeds Direct]]\n"
        "- relates_to [[Allotment society]]\n")
    composed = compose("merge", newer, [older])
    rels = [ln for ln in body(composed.text).splitlines() if ln.startswith("- ")]
    assert rels == ["- buys_from [[Kings Seeds Direct]]", "- relates_to [[Allotment society]]"]
    assert superseded(composed) == [("- buys_from [[Kings Seeds]]",
                                     "- buys_from [[Kings Seeds Direct]]")]
    # "&" and "and" are one name
    older, newer = (note(n.path, n.text.replace("Kings Seeds Direct", "Marsh & Daughters")
                         .replace("Kings Seeds", "Marsh and Daughters")) for n in (older, newer))
    rels = [ln for ln in body(compose("merge", newer, [older]).text).splitlines()
            if ln.startswith("- buys_from")]
    assert rels == ["- buys_from [[Marsh & Daughters]]"]


def test_the_kept_file_keeps_its_created_date():
    older, newer = pair("Seeds are ordered in January.\n", "Seeds are ordered in January.\n")
    head, _ = split_frontmatter(compose("merge", newer, [older], kept=older).text)
    assert "created: 2024-03-02T09:00:00" in head and "2025-04-11T18:00:00" not in head
    head, _ = split_frontmatter(compose("merge", newer, [older]).text)
    assert "created: 2025-04-11T18:00:00" in head


def test_a_reword_that_only_adds_a_link_links_the_name_instead_of_repeating_itself():
    older, newer = pair(
        "Tools are lent out by [[Harrow Road Allotments]] every Saturday morning. Gloves are "
        "not lent.\n",
        "Every Saturday morning Harrow Road Allotments lends out tools. Gloves are not lent."
        "\n")
    for action in ("merge", "update"):
        composed = compose(action, newer, [older])
        text = body(composed.text)
        assert text.count("Saturday") == 1, text  # said once
        assert "Every Saturday morning [[Harrow Road Allotments]] lends out tools." in text
        assert composed.dropped == [] and composed.added == []


def test_an_older_sentence_joining_two_claims_the_newer_states_apart_is_not_written():
    older, newer = pair(
        "The greenhouse is shared by six plots. The watering rota is kept by Ruth Evans, and "
        "the tomato beds are fed every 10 days.\n",
        "The greenhouse is shared by six plots. Tomato beds get a feed every 10 days. "
        "Ruth Evans keeps the watering rota.\n")
    composed = compose("merge", newer, [older])
    text = body(composed.text)
    assert text.count("rota") == 1 and text.count("10 days") == 1, text
    # one of the claims changed value: the joined sentence is reported superseded
    older = note(older.path, older.text.replace("every 10 days", "every 14 days"))
    composed = compose("merge", newer, [older])
    text = body(composed.text)
    assert "14 days" not in text and text.count("rota") == 1, text
    assert superseded(composed) == [(
        "The watering rota is kept by Ruth Evans, and the tomato beds are fed every 14 days.",
        "Tomato beds get a feed every 10 days.")]


def test_a_renamed_section_whose_other_units_are_new_is_still_one_section():
    older, newer = pair(
        "Plots are inspected in June.\n\n## Tools\n\nThe strimmer is kept in locker 3. "
        "Members sharpen the loppers themselves. Wheelbarrows go back to the shed by dusk.\n",
        "Plots are inspected in June.\n\n## Equipment\n\nThe strimmer now lives in locker 5. "
        "Hoses are coiled on the wall reel after use.\n")
    text = body(compose("merge", newer, [older]).text)
    assert "## Tools" not in text and text.count("## Equipment") == 1, text
    equipment = text.split("## Equipment", 1)[1]
    assert "loppers" in equipment and "Wheelbarrows" in equipment and "locker 3" not in text


def test_a_reversed_decision_states_only_the_newer_one():
    older, newer = pair(
        "## Decisions\n\nWe decided to keep the Sunday work party, because it is the only "
        "time the pensioners on the waiting list can help with the heavy digging. Compost is "
        "collected on Wednesdays.\n",
        "## Decisions\n\nWe dropped the Sunday work party: only four people came in May, and "
        "the committee would rather hold a monthly clean-up after the AGM. Compost is "
        "collected on Wednesdays.\n")
    composed = compose("merge", newer, [older])
    text = body(composed.text)
    assert "keep the Sunday work party" not in text and text.count("Compost") == 1, text
    assert superseded(composed) == [(
        "We decided to keep the Sunday work party, because it is the only time the pensioners"
        " on the waiting list can help with the heavy digging.", "We dropped the Sunday work "
        "party: only four people came in May, and the committee would rather hold a monthly "
        "clean-up after the AGM.")]
    # the same main claim with another reason is not a reversal: both reasons stay
    older = note(older.path, older.text.replace("We decided to keep", "We dropped"))
    text = body(compose("merge", newer, [older]).text)
    assert "heavy digging" in text and "only four people" in text, text


def test_an_open_problem_the_newer_note_says_is_fixed_is_reported_superseded():
    older, newer = pair(
        "## Known problems\n\n- The greenhouse vent opener sticks on cold mornings\n"
        "- Slugs eat the lettuce seedlings\n",
        "## Known problems\n\n- The greenhouse vent opener that stuck on cold mornings was "
        "fixed in March\n- Slugs eat the lettuce seedlings\n")
    composed = compose("merge", newer, [older])
    text = body(composed.text)
    assert "was fixed in March" in text and "sticks on cold mornings" not in text
    assert superseded(composed) == [(
        "- The greenhouse vent opener sticks on cold mornings",
        "- The greenhouse vent opener that stuck on cold mornings was fixed in March")]


def test_two_rules_about_one_thing_both_stay_whichever_note_is_the_base():
    # Shared subject words (tools, members, desk), two different rules: neither ends nor
    # rewords the other, so both are written and nothing is reported superseded.
    rule_a = "- Members return borrowed tools to the front desk after each Sunday workshop."
    rule_b = ("- Tools of members who cancelled their plot are collected from the tool shed "
              "by the desk volunteers.")
    older, newer = pair(f"## Tools\n{rule_a}\n- The shed code is on the notice board.\n",
                        f"## Tools\n{rule_b}\n- The shed code is on the notice board.\n")
    for base, other in ((newer, older), (older, newer)):
        composed = compose("merge", base, [other])
        written = body(composed.text)
        assert rule_a in written and rule_b in written, (base.path, written)
        assert superseded(composed) == []


def test_one_word_swapped_is_never_dropped_unsaid():
    # Same words but one ("loam" / "clay"): a changed value (or two items); the newer is
    # written and the older reported, whichever note is the base, never kept silently.
    old_obs, new_obs = ("- [soil] The raised beds are filled with loam #beds",
                        "- [soil] The raised beds are filled with clay #beds")
    older, newer = pair(f"## Observations\n{old_obs}\n", f"## Observations\n{new_obs}\n")
    for base, other in ((newer, older), (older, newer)):
        composed = compose("merge", base, [other])
        written = body(composed.text)
        assert new_obs in written and old_obs not in written, (base.path, written)
        assert superseded(composed) == [(old_obs, new_obs)]
