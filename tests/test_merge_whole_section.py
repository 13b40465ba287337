"""Issue 18, "every fact once, in the section where it belongs" (round 25): an older
section the newest states none of was headed on its own by its author. It keeps its
heading unless its content is clearly one newest section's (Thresholds.place_margin_whole):
merge-AW's blind reader called a "## Rules" paragraph on key holders written under
"## Roles" (it names the same people) and rescue rules written under "## Timing"
misplaced. A section whose lines are partly stated by the newest is placed line by line
as before (test_merge_own_meaning_home). Domain: a tea room (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note, section_of

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

RULES = ("Only the manager and the baker hold keys. Staff take a 30-minute break after four "
         "hours. Whoever closes counts the £100 till float and switches off the water urn.")

OLDER = note("tearoom/hours-and-staff.md", fm("Tea room hours and staff", "2025-03-01") + (
    "How the Willow tea room runs.\n\n"
    "## Staff\n\n- Manager: Priya Shah\n- Baker: Tom Ellery\n- Weekend server: Ana Lopes\n\n"
    "## Hours\n\n- Wednesday to Sunday: 10:00 to 16:00\n- Monday and Tuesday: closed\n\n"
    f"## Rules\n\n{RULES}\n"))

NEWER = note("tearoom/hours-and-staff-2026.md",
             fm("Tea room hours and staff 2026", "2026-02-10") + (
    "How the Willow tea room runs from February.\n\n"
    "## Staff\n\n| Role | Person |\n|---|---|\n| Manager | Priya Shah |\n| Baker | Tom Ellery |\n"
    "| Weekend server | Jun Park |\n\nJun Park joined as weekend server in January.\n\n"
    "## Hours\n\n- Wednesday to Sunday: 10:00 to 17:00\n- Monday and Tuesday: closed\n"))


def test_a_section_the_newest_left_out_keeps_its_heading():  # failed before
    c = compose("merge", NEWER, [OLDER], now=NOW)
    for line in ("the baker hold keys", "30-minute break", "£100 till float"):
        assert entry(c, line).status == "carried", line
        assert section_of(c.text, line) == "## Rules", line
    assert c.text.count("## Rules") == 1
    # the newest's values stand; the older server and closing time are not written
    assert "Ana Lopes" not in c.text and "16:00" not in c.text
    check_ledger(c)
