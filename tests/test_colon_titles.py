"""A frontmatter value holding ': ' unquoted (`title: Tryout Day: Running Order`, as agents
write notes directly) is invalid YAML, but its meaning is plain: the note is read with that
title rather than left out of the scan, where its duplicate was never found (score-U: an
expanded running order was no candidate of the short format it expands). Broken YAML of any
other kind is still a problem."""

from __future__ import annotations

from review_app.core.notes import Note, NoteProblem, parse_note

COLON_NOTE = b"""---
title: Summit Hut: Opening Weekend Plan
type: plan
tags: [opening, wardens]
modified: 2026-06-01
---

# Summit Hut: Opening Weekend Plan

The first wardens walk up on Friday and open the shutters.
"""


def test_an_unquoted_colon_in_a_value_is_read_as_the_writer_meant():
    note = parse_note("opening.md", COLON_NOTE)
    assert isinstance(note, Note)
    assert note.title == "Summit Hut: Opening Weekend Plan"
    assert note.type == "plan" and note.tags == ["opening", "wardens"]
    assert note.modified is not None and note.modified.year == 2026
    assert note.body.startswith("# Summit Hut")


def test_other_broken_yaml_stays_a_problem():
    for raw in (b"---\ntitle: A: b\ntags: [x: y\n---\nbody\n",
                b"---\ntitle: [unclosed\n---\nbody\n"):
        assert isinstance(parse_note("bad.md", raw), NoteProblem)
