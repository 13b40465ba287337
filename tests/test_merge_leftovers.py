"""What is left of an older note's rewritten paragraph, or an older observation, that a
newer unit restates in other words: written once, in the newer words, the older
reported superseded (real parser, real model). The notes are a team offsite as two agent
sessions wrote it; no demo or tests/data text. The first two tests failed before the fix.
"""

from __future__ import annotations

from review_app.core.changed_claims import one_slot_reworded
from review_app.core.merging import compose, split_frontmatter
from review_app.core.notes import Note, parse_note
from review_app.core.units import Unit


def note(path: str, text: str) -> Note:
    result = parse_note(path, text.encode())
    assert isinstance(result, Note), result
    return result


def pair(older_body: str, newer_body: str) -> tuple[Note, Note]:
    older = note("events/offsite.md", "---\ntitle: Offsite\npermalink: events/offsite\n"
                 "created: 2025-05-02T09:00:00\nmodified: 2025-05-02T10:00:00\n---\n\n"
                 "# Offsite\n\n" + older_body)
    newer = note("events/offsite-2025-06-10.md", "---\ntitle: Offsite 2025-06-10\n"
                 "permalink: events/offsite-2025-06-10\ncreated: 2025-06-10T18:00:00\n"
                 "modified: 2025-06-10T18:30:00\n---\n\n# Offsite 2025-06-10\n\n" + newer_body)
    return older, newer


def body(text: str) -> str:
    return split_frontmatter(text)[1]


def superseded(composed) -> list[tuple[str, str]]:
    return [(s.old.text, s.new.text) for s in composed.superseded]


OLDER = ("## Venue\n\nWe booked the Harbour Inn in Whitby for two nights. The booking code is "
         "HI-7731. The venue is a short drive from Whitby station.\n\n"
         "## Observations\n- [access] The venue is a long taxi ride from the station #travel\n"
         "- [food] Dinner is served in the restaurant downstairs\n\n"
         "## Relations\n- stays_at [[Harbour Inn]]\n")
NEWER = ("## Venue\n\nWe moved to the Cliff Hotel in Whitby for two nights, booking CH-4410. "
         "It is right next to Whitby station. The Harbour Inn refunded the deposit.\n\n"
         "## Observations\n- [access] The venue is right next to the station #travel\n"
         "- [food] Dinner is served in the restaurant downstairs\n\n"
         "## Relations\n- stays_at [[Cliff Hotel]]\n")


def test_the_leftover_of_a_rewritten_paragraph_is_superseded_by_its_restatement():
    older, newer = pair(OLDER, NEWER)
    for kept in (newer, older):
        composed = compose("merge", newer, [older], kept=kept)
        text = body(composed.text)
        assert "short drive" not in text and "right next to Whitby station" in text, text
        assert ("The venue is a short drive from Whitby station.",
                "It is right next to Whitby station.") in superseded(composed)


def test_an_observation_with_one_slot_reworded_is_one_observation():
    older, newer = pair(OLDER, NEWER)
    for action in ("merge", "update"):
        composed = compose(action, newer, [older])
        text = body(composed.text)
        assert "long taxi ride" not in text, (action, text)
        assert "- [access] The venue is right next to the station #travel" in text
        assert ("- [access] The venue is a long taxi ride from the station #travel",
                "- [access] The venue is right next to the station #travel"
                ) in superseded(composed)


def test_a_leftover_with_a_fact_or_of_another_topic_stays():
    older, newer = pair(OLDER.replace("The venue is a short drive from Whitby station.",
                                      "Parking is free for guests. Breakfast starts at 7:30."),
                        NEWER)
    text = body(compose("merge", newer, [older]).text)
    assert "Parking is free for guests." in text and "7:30" in text, text


def test_one_slot_reworded_needs_one_frame_and_more_than_a_one_word_swap():
    def obs(text: str) -> Unit:
        return Unit("obs", text, f"- [food] {text}", 0, 0, 0, "x.md", category="food")

    assert one_slot_reworded(obs("The venue is a long taxi ride from the station"),
                             obs("The venue is right next to the station"))
    # one word swapped may be two items of a list; two spans changed is no one frame
    assert not one_slot_reworded(obs("The dinner menu has a vegan main course"),
                                 obs("The dinner menu has a fish main course"))
    assert not one_slot_reworded(obs("The venue is a long taxi ride from the old station"),
                                 obs("The venue is right next to the new station"))
