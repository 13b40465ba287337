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
