"""An older list item or step that a newer note, in another section, names as over
("We cancelled the campus bus tour: ..."): it is not added back to the newer list but
reported superseded (real parser, real model). The notes are a school open day as two
agent sessions wrote it; no demo or tests/data text. The first test failed before the fix.
"""

from __future__ import annotations

from review_app.core.changed_claims import item_head, says_over
from review_app.core.merging import compose, split_frontmatter
from review_app.core.notes import Note, parse_note


def note(path: str, text: str) -> Note:
    result = parse_note(path, text.encode())
    assert isinstance(result, Note), result
    return result


def pair(older_body: str, newer_body: str) -> tuple[Note, Note]:
    older = note("school/open-day.md", "---\ntitle: Open day\npermalink: school/open-day\n"
                 "created: 2025-01-12T09:00:00\nmodified: 2025-01-12T10:00:00\n---\n\n"
                 "# Open day\n\n" + older_body)
    newer = note("school/open-day-2025-03-01.md", "---\ntitle: Open day 2025-03-01\n"
                 "permalink: school/open-day-2025-03-01\ncreated: 2025-03-01T18:00:00\n"
                 "modified: 2025-03-01T18:30:00\n---\n\n# Open day 2025-03-01\n\n" + newer_body)
    return older, newer


def body(text: str) -> str:
    return split_frontmatter(text)[1]


OLDER = ("## Schedule\n\n1. Welcome talk in the main hall\n2. Campus bus tour, about forty "
         "minutes\n3. Lunch in the canteen\n4. Questions with the head teacher\n")
NEWER = ("## Programme\n\n1. Welcome talk in the main hall\n2. Lunch in the canteen\n"
         "3. Questions with the head teacher\n\n## Changes\n\nWe cancelled the campus bus "
         "tour: the bus company doubled its price. Parents can walk the grounds with the "
         "prefects instead.\n")


def test_an_item_the_newer_note_names_as_over_is_not_added_back():
    older, newer = pair(OLDER, NEWER)
    for kept in (newer, older):
        composed = compose("merge", newer, [older], kept=kept)
        text = body(composed.text)
        assert "Campus bus tour, about forty minutes" not in text, text
        assert "1. Welcome talk in the main hall\n2. Lunch in the canteen\n" in text
        assert [(s.old.text, s.new.text) for s in composed.superseded] == [(
            "2. Campus bus tour, about forty minutes", "We cancelled the campus bus tour: "
            "the bus company doubled its price.")]


def test_an_item_stays_where_the_newer_note_names_it_only_in_part_or_as_a_rule():
    for said in ("We cancelled the bus: the company doubled its price.",
                 "The campus bus tour is cancelled every year when it rains."):
        older, newer = pair(OLDER, NEWER.replace(
            "We cancelled the campus bus tour: the bus company doubled its price.", said))
        text = body(compose("merge", newer, [older]).text)
        assert "Campus bus tour, about forty minutes" in text, (said, text)


def test_an_item_head_is_its_leading_content_words():
    assert item_head("Campus bus tour, about forty minutes") == ("campus", "bus", "tour")
    assert item_head("Take-home exercise on a dbt model") == ("take", "home", "exercise")
    assert item_head("Lunch in the canteen") == ()  # one word says too little
    assert says_over("We dropped the campus bus tour; parents walk", ("campus", "bus", "tour"))
    assert not says_over("We kept the campus bus tour", ("campus", "bus", "tour"))
