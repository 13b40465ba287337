"""A rule stays in the body (issue 18, round 23 LOST): an older body section's rule
without a value ("Anyone entering the vat room must wear a respirator.") that its note's
carried observation summarises ("[safety] Respirator on in the vat room") is carried
in the body too, not only as the observation: a reader of the body would never meet
it. Domain: a textile dye works (no other test uses it); real parser,
real model. The first test failed before the change."""

from __future__ import annotations

from helpers_merge import dated, entry, merged, section_of

NEWER = dated("dyeworks/vat-room-procedure-2026.md", "Vat room procedure 2026",
              "vat-room-procedure-2026", (
                  "How the indigo vats are run, rewritten after the spring audit.\n\n"
                  "## Running a vat\n\n"
                  "Vats are fed with fresh indigo every Monday and skimmed daily.\n\n"
                  "## Safety\n\n"
                  "Spills are mopped at once with the blue mops.\n\n"
                  "## Observations\n\n"
                  "- [process] Vats fed every Monday #vats\n"), modified="2026-04-02")

OLDER = dated("dyeworks/vat-room.md", "Vat room", "vat-room", (
    "How the indigo vats are run.\n\n"
    "## Running a vat\n\n"
    "Vats are fed with fresh indigo every Monday.\n\n"
    "## Safety\n\n"
    "Anyone entering the vat room must wear a respirator.\n\n"
    "## Observations\n\n"
    "- [safety] Respirator on in the vat room #safety\n"), modified="2025-02-10")


def test_a_body_rule_its_observation_summarises_stays_in_the_body() -> None:
    out = merged(NEWER, OLDER)
    e = entry(out, "Anyone entering the vat room")
    assert e.status == "carried", e.why
    assert section_of(out.text, "Anyone entering the vat room") == "## Safety"
    assert "- [safety] Respirator on in the vat room #safety" in out.text
