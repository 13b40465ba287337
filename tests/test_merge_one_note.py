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


def test_a_changed_relation_writes_the_newer_target_and_reports_the_older():
    older, newer = pair(MOVED_OLD, MOVED_NEW)
    for canonical, others in ((newer, [older]), (older, [newer])):
        for action in ("merge", "update"):
            composed = compose(action, canonical, others)
            assert relations(composed.text) == [
                "- volunteers_at [[Riverside pantry]]", "- trained_by [[Greta Lund]]"] or (
                relations(composed.text) == [
                    "- trained_by [[Greta Lund]]", "- volunteers_at [[Riverside pantry]]"])
            assert "Northside" not in body(composed.text), (action, canonical.path)
            assert ("- volunteers_at [[Northside food bank]]",
                    "- volunteers_at [[Riverside pantry]]") in {
                (s.old.text, s.new.text) for s in composed.superseded}


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


def test_an_added_clause_is_written_when_newer_and_reported_when_older():
    older, newer = pair("Membership fees are paid by bank transfer. Receipts go to the "
                        "treasurer.\n",
                        "Membership fees are paid yearly by bank transfer. Receipts go to the "
                        "treasurer.\n")
    composed = compose("merge", older, [newer])  # the newer note adds "yearly"
    assert "Membership fees are paid yearly by bank transfer." in composed.text
    assert body(composed.text).count("Membership fees") == 1
    # the older note has the clause: the newer wording stays, the clause is reported
    older2, newer2 = pair(newer.body.split("\n\n", 1)[1], older.body.split("\n\n", 1)[1])
    composed = compose("merge", newer2, [older2])
    assert body(composed.text).count("Membership fees") == 1
    assert "Membership fees are paid yearly by bank transfer." in {
        u.text for u in composed.dropped}
    # an added negation is another claim: the newer one is written
    older3, newer3 = pair("Volunteers are insured by the club.\n",
                          "Volunteers are not insured by the club.\n")
    composed = compose("merge", older3, [newer3])
    assert "Volunteers are not insured by the club." in composed.text
    assert "Volunteers are insured" not in composed.text
    assert [s.old.text for s in composed.superseded] == ["Volunteers are insured by the club."]


def test_an_added_sentence_joins_the_paragraph_of_the_sentence_it_follows():
    older, newer = pair(
        "Tomas coordinates the Saturday volunteers. He keeps the spare keys to the cold room. "
        "He has a van licence.\n\nHe prefers calls to messages.\n",
        "Tomas coordinates the volunteers on Saturdays. He has a van licence.\n\n"
        "He prefers calls to messages.\n")
    composed = compose("merge", newer, [older])
    paragraphs = [p.strip() for p in body(composed.text).split("\n\n") if p.strip()]
    assert paragraphs[1] == ("Tomas coordinates the volunteers on Saturdays. He keeps the spare "
                             "keys to the cold room. He has a van licence.")
    assert paragraphs[2] == "He prefers calls to messages."
    assert len(paragraphs) == 3
    # first in its paragraph: it goes before the sentence it precedes there
    older, newer = pair("He keeps the spare keys to the cold room. He has a van licence.\n",
                        "Tomas coordinates the volunteers on Saturdays. He has a van licence.\n")
    paragraphs = [p.strip() for p in body(compose("merge", newer, [older]).text).split("\n\n")
                  if p.strip()]
    assert paragraphs[1:] == ["Tomas coordinates the volunteers on Saturdays. He keeps the "
                              "spare keys to the cold room. He has a van licence."]


def test_a_relation_to_a_note_merged_into_this_one_is_not_written():
    older, newer = pair("Tomas drives the van on Saturdays.\n",
                        "Tomas drives the van on Saturdays.\n\n## Relations\n"
                        "- supersedes [[Tomas Brandt]]\n- trained_by [[Greta Lund]]\n")
    for kept in (newer, older):  # whichever file is kept, the note would name itself
        composed = compose("merge", newer, [older], kept=kept)
        assert relations(composed.text) == ["- trained_by [[Greta Lund]]"]
    only = compose("merge", newer, [])  # nothing merged: the note is left as it is
    assert only.text == newer.text


def test_an_open_item_a_newer_note_says_is_over_is_not_written_as_open():
    older, newer = pair(
        "## Known problems\n\n- The projector in room B12 flickers during lectures.\n"
        "- Quiz 2 answers are not yet uploaded to the course page.\n",
        "## Known problems\n\n- Facilities replaced the flickering projector in room B12 "
        "in October.\n- The course page times out on Monday mornings.\n")
    for canonical, others in ((newer, [older]), (older, [newer])):
        composed = compose("merge", canonical, others)
        text = body(composed.text)
        assert "flickers during lectures" not in text
        assert "Facilities replaced the flickering projector in room B12 in October." in text
        # another problem on the same page is another fact, kept
        assert "Quiz 2 answers are not yet uploaded" in text
        assert "The course page times out on Monday mornings." in text
        assert ("- The projector in room B12 flickers during lectures.",
                older.path) in {(s.old.text, s.old.source) for s in composed.superseded}
    # an older observation of the problem is not written as current either
    older = note(older.path, older.text + "\n## Observations\n"
                 "- [problem] The B12 projector flickers during lectures #rooms\n"
                 "- [fact] Quiz 2 counts for 10% of the grade\n")
    composed = compose("merge", newer, [older])
    assert "[problem]" not in composed.text and "- [fact] Quiz 2 counts" in composed.text
    assert "- [problem] The B12 projector flickers during lectures #rooms" in {
        s.old.text for s in composed.superseded}


def test_a_newer_text_naming_the_old_value_too_still_changes_the_relation():
    older, newer = pair(
        "## Club roles\n\n- Greta Lund is the treasurer and keeps the club's accounts.\n\n"
        "## Relations\n- treasurer [[Greta Lund]]\n",
        "## Club roles\n\n- Omar Haddad is the treasurer and keeps the club's accounts since "
        "the spring, when Greta Lund stepped down.\n\n## Relations\n- treasurer [[Omar Haddad]]\n")
    composed = compose("merge", newer, [older])
    assert relations(composed.text) == ["- treasurer [[Omar Haddad]]"]
    assert "Greta Lund is the treasurer" not in composed.text
    olds = {s.old.text for s in composed.superseded}
    assert {"- treasurer [[Greta Lund]]",
            "- Greta Lund is the treasurer and keeps the club's accounts."} <= olds
