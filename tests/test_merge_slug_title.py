"""The written note's H1 names its title (issue 18, round 23 OTHER): an agent's note
whose frontmatter title is its slug ("bell_tuning_procedure_2026") and whose H1 is the
same words ("# Bell Tuning Procedure 2026") names one title; when the kept file's title
is written, the H1 follows it instead of contradicting the frontmatter. Guard: an H1
naming something else is the writer's own and stays. Domain: a bell foundry (no other
test uses it); real parser. The first test failed before the change."""

from __future__ import annotations

from helpers_merge import check_ledger, note

from review_app.core.merging import compose
from review_app.core.notes import parse_note

NEWER = note("foundry/bell_tuning_procedure_2026.md", (
    "---\ntitle: bell_tuning_procedure_2026\nmodified: 2026-02-11\n---\n\n"
    "# Bell Tuning Procedure 2026\n\n"
    "Bells are tuned on the vertical lathe to within 2 cents of the strike note.\n"))

KEPT = note("foundry/bell-tuning-procedure.md", (
    "---\ntitle: Bell tuning procedure\nmodified: 2025-01-05\n---\n\n"
    "# Bell tuning procedure\n\n"
    "Bells are tuned on the vertical lathe to within 5 cents of the strike note.\n"))


def test_a_slug_titles_h1_follows_the_written_title() -> None:
    for action in ("merge", "update"):
        out = compose(action, NEWER, [KEPT], kept=KEPT)
        check_ledger(out)
        parsed = parse_note(KEPT.path, out.text.encode())
        assert parsed.title == "Bell tuning procedure", action  # type: ignore[union-attr]
        assert "\n# Bell tuning procedure\n" in out.text, action
        assert "# Bell Tuning Procedure 2026" not in out.text, action


def test_an_h1_naming_something_else_stays() -> None:
    own = note("foundry/bell_tuning_procedure_2026.md", NEWER.text.replace(
        "# Bell Tuning Procedure 2026", "# Tuning the treble bells"))
    out = compose("merge", own, [KEPT], kept=KEPT)
    assert "\n# Tuning the treble bells\n" in out.text
