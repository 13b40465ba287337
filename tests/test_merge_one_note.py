"""Merges that read as one note: a changed relation is one value, an added clause is
not lost, an added sentence joins its paragraph (real parser, real model).

Each case is a pair of real-looking notes (an older one and a later rewrite) in a
domain the demo and tests/data/rewrites do not cover.
"""

from __future__ import annotations

from helpers_merge import body, dated, note

from review_app.core.links import target_index
from review_app.core.merging import compose
from review_app.core.notes import Note


def pair(older_body: str, newer_body: str) -> tuple[Note, Note]:
    older = dated("volunteers/older.md", "Tomas Brandt", "volunteers/tomas", older_body,
                  modified="2025-02-03T10:00:00")
    newer = dated("volunteers/newer.md", "Tomas Brandt 2025", "volunteers/tomas-2025",
                  newer_body, modified="2025-08-20T16:30:00")
    return older, newer


def relations(text: str) -> list[str]:
    lines = body(text).splitlines()
    start = lines.index("## Relations")
    return [ln for ln in lines[start + 1:] if ln.startswith("- ")]


MOVED_OLD = """\
Tomas coordinates the Saturday volunteers at the Northside food bank. He has a van licence.

## Relations
- volunteers_at [[Northside food bank]]
- trained_by [[Greta Lund]]
"""
MOVED_NEW = """\
Since July Tomas coordinates the Saturday volunteers at the Riverside pantry. He has a van licence.

## Relations
- volunteers_at [[Riverside pantry]]
"""


def test_two_relations_of_one_type_stay_two_facts_without_the_text_saying_it_changed():
    # each note has one relates_to, to another note: two facts, both kept
    older, newer = pair(
        "Tomas drives the van on Saturdays.\n\n## Relations\n- relates_to [[Van rota]]\n",
        "Tomas drives the van on Saturdays.\n\n## Relations\n- relates_to [[Food safety course]]\n")
    composed = compose("merge", newer, [older])
    assert relations(composed.text) == ["- relates_to [[Food safety course]]",
                                        "- relates_to [[Van rota]]"]
    assert composed.superseded == []
    # the prose changed, but it names neither target: still two facts
    older, newer = pair(MOVED_OLD.replace("Northside food bank. He", "warehouse. He"),
                        MOVED_NEW.replace("Riverside pantry. He", "market hall. He"))
    composed = compose("merge", newer, [older])
    assert {"- volunteers_at [[Riverside pantry]]",
            "- volunteers_at [[Northside food bank]]"} <= set(relations(composed.text))
    # the newer text names both and restates the older whole: both hold
    older, newer = pair(
        "Tomas plans the shifts in the van rota.\n\n## Relations\n- uses [[Van rota]]\n",
        "Tomas plans the shifts in the van rota and the shift planner.\n\n## Relations\n"
        "- uses [[Shift planner]]\n")
    composed = compose("merge", newer, [older])
    assert set(relations(composed.text)) == {"- uses [[Shift planner]]", "- uses [[Van rota]]"}


def test_one_target_under_its_title_permalink_or_alias_is_one_relation():
    pantry = note("places/riverside-pantry.md", "---\ntitle: Riverside pantry\npermalink: "
                  "places/riverside-pantry\naliases:\n- Riverside food pantry\n---\n\n"
                  "# Riverside pantry\n\nOpen Saturdays 9-13.\n")
    older, newer = pair(
        "Tomas helps out on Saturdays.\n\n## Relations\n- volunteers_at [[Riverside food pantry]]"
        "\n- part_of [[volunteers/tomas-2025]]\n",
        "Tomas helps out on Saturdays.\n\n## Relations\n"
        "- volunteers_at [[places/riverside-pantry]]\n")
    composed = compose("merge", newer, [older], targets=target_index([pantry, older, newer]))
    # the alias and the permalink name one note; the link to the merged note itself goes
    assert relations(composed.text) == ["- volunteers_at [[places/riverside-pantry]]"]
    # without knowing the notes, the names still nest ("Riverside food pantry" holds
    # "riverside-pantry" and one word more) and each note holds one volunteers_at: one
    # relation in the newer note's words, the other form reported, never silently gone
    plain = compose("merge", newer, [older])
    assert relations(plain.text) == ["- volunteers_at [[places/riverside-pantry]]"]
    assert [(s.old.text, s.new.text) for s in plain.superseded] == [
        ("- volunteers_at [[Riverside food pantry]]",
         "- volunteers_at [[places/riverside-pantry]]")]
    # two names that do not nest are two targets
    older, newer = pair(
        "Tomas helps out on Saturdays.\n\n## Relations\n- volunteers_at [[Northside food bank]]\n",
        "Tomas helps out on Saturdays.\n\n## Relations\n- volunteers_at [[Riverside pantry]]\n")
    assert len(relations(compose("merge", newer, [older]).text)) == 2


def test_a_relation_to_a_note_merged_into_this_one_is_not_written():
    older, newer = pair("Tomas drives the van on Saturdays.\n",
                        "Tomas drives the van on Saturdays.\n\n## Relations\n"
                        "- supersedes [[Tomas Brandt]]\n- trained_by [[Greta Lund]]\n")
    for kept in (newer, older):  # whichever file is kept, the note would name itself
        composed = compose("merge", newer, [older], kept=kept)
        assert relations(composed.text) == ["- trained_by [[Greta Lund]]"]
    only = compose("merge", newer, [])  # nothing merged: the note is left as it is
    assert only.text == newer.text
