"""Issue 18, "one intro" (round 32, Lexicon.self_description_nouns): an older
version's lead naming what its note is and when ("Rota for September to December
2025.") is that version's name, not a fact of the subject; beside the newest's lead
it read as a stale second intro above the new table (merge-BY's instructor rota).
"Rota", "roster", "register", "inventory", "menu" and "tariff" name notes as
"schedule" and "price list" do.
Domain: a coach hire firm (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import entry, fm, merged, note

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = fm("Driver rota - autumn", "2025-09-01") + (
    "Rota for September to December 2025.\n\n"
    "## Drivers\n\n- Mo Khan: school runs, Monday to Friday\n")

NEWER = fm("Driver rota 2026", "2026-01-05") + (
    "Covers January to April 2026; Mo is on days only.\n\n"
    "## Drivers\n\n- Mo Khan: school runs, Monday to Friday\n- Ed Vale: airport runs\n")


def test_an_older_lead_naming_its_rota_and_period_is_that_versions_name():
    c = merged(note("coaches/rota-2026.md", NEWER), note("coaches/rota.md", OLDER), now=NOW)
    assert "September to December 2025" not in c.text  # failed before: carried
    e = entry(c, "Rota for September")
    assert e.status == "superseded" and "older" in e.flips
