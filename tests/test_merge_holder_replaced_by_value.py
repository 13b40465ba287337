"""Whom the newest replaced in a role is gone from the note even where the verdict that
saw it was "another value": an older observation "[contact] Rhys Pugh handles
facilities problems" superseded by "[contact] Nia Bevan is the facilities contact"
means Rhys no longer holds it, so an older line having him do the job ("Rhys Pugh
(facilities) signs for it ...") is superseded by what replaced him, not carried beside
Nia (merge-ER: a hot yoga studio's old facilities man, phone and all, written after the
new one). Someone else in another role is still carried. Domain: a cobbler's shop."""

from __future__ import annotations

import datetime as dt

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry

NOW = dt.datetime(2026, 10, 1, 9, 0)

NEWEST = """The checklist whoever opens the cobbler's works through.

## Before opening

- [ ] Arrive 30 minutes before opening.
- [ ] Finishing machine on; brushes spun up for five minutes.
- [ ] Heel press at 6 bar.

## Safety limits

The extractor runs whenever solvent glue is open, and the glue store stays shut.

## Who to call

Facilities is now Nia Bevan, 07700 900577.
Call her if the press trips or anything electrical looks wrong.

## Observations

- [safety] Extractor on whenever glue is open #safety
- [contact] Nia Bevan is the facilities contact #facilities
"""
OLDER = """How to open the cobbler's each morning. Whoever opens signs the sheet when done.

## Opening steps

1. Arrive 45 minutes before opening.
2. Switch on the finishing machine and let the brushes spin up.
3. Set the heel press to 5 bar.

## During the day

- Keep the extractor running while solvent glue is open.
- The first aid kit is in the tin under the counter.

## Deliveries

Leather comes from Tanner & Gray on Tuesdays.
Rhys Pugh (facilities) signs for it and stores it in the back room, 07700 900281.
Gwen Ellis keeps the leather samples in the front drawer.

## Observations

- [safety] Extractor on while glue is open #safety
- [contact] Rhys Pugh handles facilities problems #facilities
"""


def test_a_holder_replaced_for_another_value_is_gone_from_the_older_prose():
    newer = dated("cobbler/opening-2026.md", "Opening and safety checklist", "opening-2026",
                  NEWEST, modified="2026-04-01")
    older = dated("cobbler/opening.md", "Opening procedure", "opening", OLDER,
                  modified="2024-04-01")
    c = compose("merge", newer, [older], now=NOW)
    obs = entry(c, "Rhys Pugh handles facilities")
    assert obs.status == "superseded" and obs.why != "the newest names another person in " \
        "that role", obs  # (the case: a verdict of another value)
    signs = entry(c, "Rhys Pugh (facilities) signs for it")
    assert signs.status == "superseded" and "Nia Bevan" in signs.by_text, signs
    assert "Rhys" not in c.text and "900281" not in c.text
    # another person in another role is still carried
    assert "Gwen Ellis keeps the leather samples in the front drawer." in c.text
    check_ledger(c)


GUARD_NEWEST = """Who looks after the cobbler's shop.

## Who to call

Facilities is now Nia Bevan, 07700 900577. Call her if the press trips.

## Observations

- [contact] Nia Bevan is the facilities contact #facilities
- [venue] Corn Exchange is the Saturday market venue #market
"""
GUARD_OLDER = """Who looks after the cobbler's shop.

## Training

Rhys Pugh runs the first aid training every March.

## Storage

Market Hall lets us keep the spare lasts in its basement for free.

## Observations

- [contact] Rhys Pugh handles facilities problems #facilities
- [venue] Market Hall hosts the Saturday market #market
"""


def test_a_replaced_holder_keeps_the_other_jobs_older_lines_give_them():
    """An adversarial review: losing the facilities role says nothing of the first aid
    training Rhys runs, and moving the market says nothing of Market Hall's basement.
    Only a line saying the words of the slot both filled is over."""
    newer = dated("cobbler/who-2026.md", "Who looks after the shop", "who-2026",
                  GUARD_NEWEST, modified="2026-04-01")
    older = dated("cobbler/who.md", "Who looks after the shop (old)", "who", GUARD_OLDER,
                  modified="2024-04-01")
    c = compose("merge", newer, [older], now=NOW)
    assert "Rhys Pugh runs the first aid training every March." in c.text
    assert "Market Hall lets us keep the spare lasts in its basement for free." in c.text
    check_ledger(c)
