"""Issue 18 item 2 (m22f): an older heading saying the newest heading's words is that
section, whatever punctuation sits on them: its still-true lines go there, never under
the older heading again beside it ("## Red flags — refer to ENT, do not book into the
clinic" was written right under the newest's "## Refer to ENT instead (red flags)": the
words "(red", "flags)" and "ENT," did not match, dev merge-AK g13). Domain: a hydroponic
growing unit (no other test uses it); real parser, real model. Failed before
pass_sections read headings as words."""

from __future__ import annotations

import datetime as dt

from helpers_merge import merged, note, section_of

NOW = dt.datetime(2026, 6, 1, 12, 0, 0)

OLDER = note("hydro/nutrient-faults.md", (
    "---\ntitle: Nutrient faults\nmodified: 2025-02-01\n---\n\n# Nutrient faults\n\n"
    "What to do when the lettuce rafts look wrong.\n\n"
    "## Stop signs — ring the grower, do not book the packers in\n"
    "- Brown slimy roots\n- Leaf tips burnt on every raft\n"
    "- Water temperature above 24 °C\n- Pump not running\n\n"
    "Write each one in the logbook with the date and raft number, and tell Tomasz "
    "Wierzba on 07700 900771.\n\n"
    "## Daily checks\n- EC 1.6 mS/cm\n- pH 5.8\n"))

NEWER = note("hydro/nutrient-faults-2026.md", (
    "---\ntitle: Nutrient faults (2026)\nmodified: 2026-03-01\n---\n\n"
    "# Nutrient faults (2026)\n\nWhat to do when the lettuce rafts look wrong.\n\n"
    "## Ring the grower instead (stop signs)\n"
    "- Brown, slimy roots\n- Burnt leaf tips on every raft\n"
    "- Water temperature above 24 °C\n- Pump not running\n\n"
    "## Daily checks\n- EC 1.4 mS/cm\n- pH 5.8\n"))


def test_an_older_heading_saying_the_newest_headings_words_is_that_section():
    c = merged(NEWER, OLDER, now=NOW)
    assert "07700 900771" in c.text
    assert "## Stop signs" not in c.text
    assert section_of(c.text, "07700 900771") == "## Ring the grower instead (stop signs)"
