"""Issue 18, items 3 and 4 (round 24): an older numbered procedure carried whole, under
its own heading (the newest has no version of it), is judged step by step like any
carried line: a step the newest gives another value of is superseded, not written
beside it, and the steps left are numbered on without the gap ("1. ... 3. ... 4."
read as a list missing a step). Domain: a tannery (no other test uses it); real
parser, real model."""

from __future__ import annotations

import datetime as dt
import re

from helpers_merge import body, check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = note("tannery/finishing.md", fm("Hide finishing", "2025-02-01") + (
    "How the Brookside tannery finishes a vegetable-tanned hide.\n\n"
    "## Drum dyeing\n\n"
    "1. Weigh the hides and log the batch number.\n"
    "2. Heat the dye drum to 40 °C before the hides go in.\n"
    "3. Run the drum for 90 minutes.\n"
    "4. Hang the hides in the drying loft, grain side out.\n\n"
    "## Stock\n\n- Mimosa extract comes from Tanex, account TX-2291.\n"))

NEWER = note("tannery/finishing-2026.md", fm("Hide finishing 2026", "2026-03-01") + (
    "How the Brookside tannery finishes a vegetable-tanned hide, from March 2026.\n\n"
    "## Oiling\n\n- Oil the flesh side with neatsfoot oil after drying.\n"
    "- Buff the grain with the felt wheel.\n\n"
    "## Drum settings\n\n| Process | Drum temperature | Time |\n|---|---|---|\n"
    "| Dyeing | 45 °C | 90 min |\n| Fatliquoring | 50 °C | 40 min |\n"))


def test_a_carried_procedure_drops_the_step_the_newest_changed_and_closes_up():  # failed before
    c = compose("merge", NEWER, [OLDER], now=NOW)
    e = entry(c, "Heat the dye drum to 40")
    assert e.status == "superseded" and "45 °C" in (e.by_text or ""), e  # by the row
    text = body(c.text)
    assert "40 °C" not in text
    section = text.split("## Drum dyeing\n\n", 1)[1].split("\n\n", 1)[0]
    assert re.findall(r"(?m)^(\d+)\. ", section) == ["1", "2", "3"], section
    assert "2. Run the drum for 90 minutes." in section
    check_ledger(c)
