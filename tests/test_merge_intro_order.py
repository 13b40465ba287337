"""What the note is comes first (issue 18, round 23 MISPLACED): an older intro's line
saying what the note is ("How we cast and tune bells at Whitfield Foundry.") is written
before the newest's intro paragraph when that paragraph opens with its version's
occasion ("Revised after the March pour."), not stacked under it. Guard: under a newest
intro that opens by saying what the note is, the carried line follows it as before.
Domain: a bell foundry's casting log (no other merge test uses it); real parser, real
model. The first test failed before the change."""

from __future__ import annotations

from helpers_merge import dated, merged

OLDER = dated("foundry/casting.md", "Casting", "casting", (
    "How we cast and tune bells at Whitfield Foundry.\n\n"
    "## Moulds\n\n"
    "Loam moulds dry for 10 days before a pour.\n"), modified="2025-06-01")


def _newer(intro: str):  # noqa: ANN202
    return dated("foundry/casting-2026.md", "Casting 2026", "casting-2026", (
        f"{intro}\n\n"
        "## Moulds\n\n"
        "Loam moulds dry for 12 days before a pour.\n"), modified="2026-03-20")


def test_the_notes_subject_goes_before_the_newest_versions_occasion() -> None:
    out = merged(_newer("Revised after the March pour. The drying time went up."), OLDER)
    subject = out.text.index("How we cast and tune bells at Whitfield Foundry.")
    occasion = out.text.index("Revised after the March pour.")
    assert subject < occasion, out.text


def test_under_a_newest_intro_saying_what_it_is_the_carried_line_follows() -> None:
    out = merged(_newer("Casting notes for the bell foundry, kept by the pour team."), OLDER)
    assert out.text.index("Casting notes for the bell foundry") < out.text.index(
        "How we cast and tune bells at Whitfield Foundry."), out.text
