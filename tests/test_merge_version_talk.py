"""version_talk (merge): an older version's sentences about that version (what changed
in it, who it is for, what it came after, what it covers) and its reasons for a change
are that version's moment, not a fact of now: reported dropped, never written; a fact
only such a sentence states is still carried."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import dated, entry, merged


def _rounds() -> tuple:
    newer = dated("window-cleaning/round-plan-2026.md", "Round plan (Apr 2026)",
                  "round-plan-2026",
                  "Current plan for the town round. Kasia Nowak leads the van crew and "
                  "books repeat customers.\n\n"
                  "## Order of the day\n\n1. Load the water-fed poles and the pure-water tank.\n"
                  "2. Start at the High Street shops by 7:30.\n"
                  "3. Houses on Mill Lane after the shops.\n\n"
                  "The pure-water tank holds 650 litres.\n\n"
                  "## Payment\n\nCustomers pay by card reader or bank transfer.\n",
                  modified="2026-04-02")
    v2 = dated("window-cleaning/round-plan-v2.md", "Round plan v2", "round-plan-v2",
               "Reworked after the ladder inspection in March. The main change is that the "
               "poles go on the van first. This note is what Kasia gives to new crew. "
               "We moved the shop start earlier so the pavements are clear. "
               "We switched our pure-water filters to Clearflow Supplies, account CF-7731.\n\n"
               "## Order of the day\n\n1. Load the water-fed poles and the tank.\n"
               "2. Start at the High Street shops by 8:00.\n"
               "3. Houses on Mill Lane after the shops.\n\n"
               "## Payment\n\nCustomers pay by card reader or bank transfer. "
               "We consulted Kasia Nowak in February. The change of squeegee rubbers "
               "happens every month. The current tank version holds 650 litres. Crews said "
               "the ladders were slow, so v2 puts the poles first. We have also added a "
               "Saturday round because customers asked for one. The card reader runs "
               "firmware v3. We bought the van in 2019.\n",
               modified="2025-03-20")
    v1 = dated("window-cleaning/round-plan.md", "Round plan", "round-plan",
               "How we plan and order the town round. 07700 900461.\n\n"
               "## Order of the day\n\n1. Load the ladders.\n2. Shops by 8:00.\n",
               modified="2024-05-01")
    return newer, v2, v1


def test_an_older_version_s_talk_about_itself_is_reported_not_written() -> None:
    newer, v2, v1 = _rounds()
    composed = merged(newer, v2, v1)
    text = composed.text
    for fragment in ("The main change is", "This note is what", "We moved the shop start",
                     "Reworked after the ladder", "How we plan and order",
                     "We consulted Kasia", "so v2 puts the poles", "We have also added"):
        assert fragment not in text, fragment
        e = entry(composed, fragment)
        assert e.status == "dropped" and e.why.startswith("about an older version"), (
            fragment, e.status, e.why)
        assert "carry" in e.flips  # the person can write it back
    # the newest's intro is the note's intro, as it wrote it
    assert "Current plan for the town round." in text


def test_a_fact_only_such_a_sentence_states_is_still_carried() -> None:
    newer, v2, v1 = _rounds()
    composed = merged(newer, v2, v1)
    # first person and a change, but the supplier and account are facts the newest lacks
    assert "Clearflow Supplies" in composed.text and "CF-7731" in composed.text
    # a sentence of no words (a number alone) is read, not mistaken
    assert "07700 900461" in composed.text
    # a year makes a dated record, a fact; a month alone is the older moment
    assert "We bought the van in 2019." in composed.text
    # "the change of squeegee rubbers" is the subject's fact, not the note's revision
    # nor is "the current tank version": "version" is the note's only after "this"
    # nor is a version the group's titles do not carry ("firmware v3")
    for fragment in ("The change of squeegee", "The current tank version", "firmware v3"):
        assert not entry(composed, fragment).why.startswith("about an older version")


def test_the_person_can_write_it_back() -> None:
    newer, v2, v1 = _rounds()
    first = compose("merge", newer, [v2, v1])
    e = entry(first, "The main change is")
    again = compose("merge", newer, [v2, v1], choices={e.key: "carry"})
    assert "The main change is that the poles go on the van first." in again.text
