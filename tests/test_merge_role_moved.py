"""A person moved to another role (issue 18, round 23 STALE): an older roster line
("Trimmer: Ines Moreau, also keeps the felt stock book") is not written beside a newest
roster naming the same person under another label ("Head blocker: Ines Moreau") when the
newest roster gives the older label nobody; it is a row the person can flip. Guard: a
newest roster still naming someone under the older label keeps the older line's
verdict to the other rules (two roles can be one person's). Domain: a hat maker's
workshop (no other test uses it); real parser, real model. The first test failed
before the change."""

from __future__ import annotations

from helpers_merge import dated, entry, merged

OLDER = dated("hats/workroom-roster.md", "Workroom roster", "workroom-roster", (
    "Who does what in the hat workroom.\n\n"
    "## Roster\n\n"
    "- Head blocker: Tom Achebe\n"
    "- Trimmer: Ines Moreau, also keeps the felt stock book\n"), modified="2025-05-01")


def _newer(extra: str = ""):  # noqa: ANN202
    return dated("hats/workroom-roster-2026.md", "Workroom roster 2026", "workroom-roster-2026", (
        "Who does what in the hat workroom, after Tom retired.\n\n"
        "## Roster\n\n"
        f"- Head blocker: Ines Moreau\n{extra}"), modified="2026-02-01")


def test_an_older_role_of_a_person_the_newest_moved_is_not_written() -> None:
    out = merged(_newer(), OLDER)
    e = entry(out, "Trimmer: Ines Moreau")
    assert e.status in ("superseded", "dropped"), e.why
    assert "Trimmer: Ines Moreau" not in out.text
    assert e.flips, "the person can flip it"


def test_a_role_the_newest_roster_still_fills_is_left_to_the_other_rules() -> None:
    out = merged(_newer("- Trimmer: Ines Moreau\n"), OLDER)
    assert "the newest gives this person another role" not in entry(
        out, "Trimmer: Ines Moreau").why
