"""A procedure numbered on across sections is one procedure (procedures.numbered_on).
The newest wrote its closing steps under four headings numbered 1-9 on; the older
version's single list (its power-down order by hand, a withdrawn tank step, a paper
log) had no one newest block holding most of its steps, so it was written whole above
the newest's steps (merge-FC's studio closing routine). Domain: an tropical fish shop, which
no other merge test uses."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, dated, entry

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 7, 9, 0)

OLDER = """How to close the tropical fish shop at night.

1. Switch off the display lights on tanks 1 to 20 by hand, left to right.
2. Top up the quarantine tank from the RO water drum.
3. Feed the marine tanks their frozen mysis.
4. Write the till total in the paper day book under the counter.
5. Lock the front door and set the alarm.
"""

NEWEST = """How to close the tropical fish shop at night, since the lighting controller went in.

## Before the lights go
1. Feed the marine tanks their frozen mysis.
2. Enter the till total in the EPOS end-of-day screen.

## Lights
3. The lighting controller dims every display tank by itself at 19:30; check it has.

## Leaving
4. Lock the front door.
5. Set the alarm with your own code.
"""


def _merge(**kw):
    older = dated("fishshop/closing.md", "Closing the shop", "fishshop/closing", OLDER,
                  modified="2025-03-01")
    newest = dated("fishshop/closing-at-night.md", "Closing the shop at night",
                   "fishshop/closing-at-night", NEWEST, modified="2026-03-01")
    return compose("merge", newest, [older], kept=newest, now=NOW, **kw)


def test_an_older_list_is_not_written_beside_a_procedure_numbered_across_sections():
    c = _merge()
    assert "by hand, left to right" not in c.text, c.text  # failed before: written whole
    assert "paper day book" not in c.text, c.text
    for step in ("by hand, left to right", "paper day book"):
        e = entry(c, step)
        assert e.status in ("dropped", "superseded") and e.flips, e
    assert c.text.count("frozen mysis") == 1, c.text
    check_ledger(c)


def test_a_held_step_is_written_with_one_choice():
    e = entry(_merge(), "quarantine tank")
    assert e.status == "dropped" and e.flips == ("carry", "drop"), e
    c = _merge(choices={e.key: "carry"})
    assert "Top up the quarantine tank from the RO water drum." in c.text, c.text
    check_ledger(c)
