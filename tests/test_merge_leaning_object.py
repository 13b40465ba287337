"""Issue 18, "a merged note reads as one note" (round 31, pass_leaning.refers_back): an
older "Do not offer it unprompted." or "Announce this in the preamble." stands for the
sentence before it; carried while that sentence was not (the newest dropped the
discount, or changed the frequency), it pointed at nothing or at the newest's line
("Do not offer it unprompted." under a pool note whose discount was gone, merge-BT; "a
temporary frequency ... Announce this in the preamble." under the restored one,
merge-BW). An instruction whose object is a bare pronoun or demonstrative, after "do
not", "never" or "always" too, leans on the sentence before it and is held back with
it; "Announce this year's results." names its own thing.
Domain: a hobby shop (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import entry, fm, merged, note

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = fm("Hobby shop counter notes", "2025-04-01") + (
    "## Counter\n\n"
    "Club members get 10% off paints until the end of March. Do not offer it unprompted.\n\n"
    "The glue cabinet key hangs in the office. Announce this in the staff chat.\n\n"
    "Announce this year's painting competition at the counter.\n")

NEWER = fm("Hobby shop counter notes 2026", "2026-04-01") + (
    "## Counter\n\n"
    "Club members no longer get a discount.\n"
    "The glue cabinet is now unlocked during opening hours.\n")


def test_an_instruction_whose_object_points_back_is_held_with_what_it_points_at():
    c = merged(note("hobby/counter-2026.md", NEWER), note("hobby/counter.md", OLDER), now=NOW)
    assert "Do not offer it unprompted." not in c.text  # failed before
    assert "Announce this in the staff chat." not in c.text  # failed before
    e = entry(c, "Do not offer it unprompted.")
    assert e.status == "dropped" and "carry" in e.flips, e
    assert "Announce this year's painting competition at the counter." in c.text
