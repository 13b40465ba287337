"""Review of round 14 (placement; pass_leaning.refers_back): one answered sentence of
an older catch-all section does not move its unrelated facts under the newest's
section, and a hyphenated compound ("She-oak") or an inverted existential ("Is there
...?") is no pointer back, so a still-true fact is not held back; a kept title naming
a year later than the newest note's date is not stale. Domain: a cheese cave's
affinage rules."""

from __future__ import annotations

import pytest
from helpers_merge import check_ledger, dated, entry

from review_app.core.merging import compose


def _section(text: str, heading: str) -> str:
    return text.split(heading, 1)[1].split("\n## ", 1)[0]


def test_one_answered_sentence_does_not_home_a_catch_all_section():
    old = dated("cave/rules.md", "Cave rules", "cave/rules", """Rules for the Hollins cheese cave.

## General

Humidity is held at 92% with a cold-mist unit.

The fire exit is at the north door and is checked every Monday.

Visitors sign the hygiene sheet and wear blue overshoes.

Deliveries of raw milk arrive at 6 am from Brook Farm.
""", modified="2025-01-01")
    new = dated("cave/rules-new.md", "Cave rules revised", "cave/rules-new", """Rules for \
the Hollins cheese cave, revised.

## Moisture

Humidity is held at 94% with a cold-mist unit.

## Rind washing

Rinds are washed with 4% brine every 4 days.
""", modified="2025-06-01")
    out = compose("merge", new, [old], kept=new)
    assert entry(out, "Humidity is held at 92%").status == "superseded"
    moisture = _section(out.text, "## Moisture")
    assert "fire exit" not in moisture and "overshoes" not in moisture
    assert "## General" in out.text
    general = _section(out.text, "## General")
    for fact in ("The fire exit is at the north door", "Visitors sign the hygiene sheet",
                 "Deliveries of raw milk arrive at 6 am"):
        assert fact in general
    check_ledger(out)


@pytest.mark.parametrize("text", [
    "She-oak timber racks hold the blue wheels.",
    "He-goat milk is never used in the tomme.",
    "Is there a spare brush in the cave?",
])
def test_a_compound_or_an_inverted_existential_does_not_point_back(text: str):
    from review_app.core.merge import ENGLISH
    from review_app.core.merge.pass_leaning import refers_back

    assert refers_back(text, ENGLISH) is False


def test_a_still_true_sentence_after_a_replaced_one_is_carried_not_held_back():
    old = dated("cave/shelves.md", "Cave shelving", "cave/shelves", """Shelving in the cave.

## Shelving

Wheels mature on spruce boards at 11 C. She-oak timber racks hold the blue wheels.
""", modified="2025-01-01")
    new = dated("cave/shelves-new.md", "Cave shelving revised", "cave/shelves-new", """\
Shelving in the cave, revised.

## Shelving

Wheels mature on spruce boards at 12 C.
""", modified="2025-06-01")
    out = compose("merge", new, [old], kept=new)
    e = entry(out, "She-oak timber racks")
    assert e.status == "carried" and not e.held
    assert "She-oak timber racks hold the blue wheels." in out.text
    check_ledger(out)


@pytest.mark.parametrize("kept_title,written", [
    # a year later than the newest note's date names a coming issue, not an older one
    ("Affinage Plan 2027", "Affinage Plan 2027"),
    # an earlier year (or the newest's own) still gives way
    ("Affinage Plan 2025", "Cave Handbook"),
    ("Affinage Plan 2026", "Cave Handbook"),
])
def test_a_kept_title_naming_a_coming_year_is_not_stale(kept_title: str, written: str):
    import datetime as dt

    from review_app.core.notes import parse_note

    kept = dated("cave/plan.md", kept_title, "cave/plan",
                 "Wheels are turned every 4 days.\n", modified="2026-01-10")
    base = dated("cave/handbook.md", "Cave Handbook", "cave/handbook",
                 "Wheels are turned every 3 days.\n", modified="2026-03-05")
    for action in ("update", "merge"):
        out = compose(action, base, [kept], kept=kept, now=dt.datetime(2026, 3, 6, 9, 0))
        note = parse_note(kept.path, out.text.encode())
        assert note.title == written  # type: ignore[union-attr]
        assert f"\n# {written}\n" in out.text


def test_a_link_written_as_inline_code_is_not_rewritten():
    from helpers_merge import note

    from review_app.core.merging import link_mapping, retitled_mapping, rewrite_links_text

    old = note("cave/rules-2025.md", "---\ntitle: Cave Rules 2025\npermalink: cave/rules-2025\n"
               "---\n\n# Cave Rules 2025\n\nWheels are turned every 4 days.\n")
    gone = note("cave/handbook.md", "---\ntitle: Cave Handbook\npermalink: cave/handbook\n"
                "---\n\n# Cave Handbook\n\nWheels are turned every 3 days.\n")
    mapping = retitled_mapping(link_mapping({gone.path: gone}, {gone.path: old}), old,
                               "Cave Handbook 2026")
    text = ("---\ntitle: Wiki how-to\n---\n\n# Wiki how-to\n\n"
            "Link it as `[[Cave Rules 2025]]` or ``[[Cave Handbook]]``: see [[Cave Rules 2025]]"
            " and [[Cave Handbook|the handbook]], `memory://cave/handbook` aside.\n")
    out, count = rewrite_links_text(text, mapping)
    assert count == 2
    assert ("Link it as `[[Cave Rules 2025]]` or ``[[Cave Handbook]]``: see "
            "[[Cave Handbook 2026]] and [[Cave Handbook 2026|the handbook]]"
            ", `memory://cave/handbook` aside.") in out
