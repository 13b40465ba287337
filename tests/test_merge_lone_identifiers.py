"""Issue 18 item 4 (m22f): a contact's phone number or an order reference that only an
older note gives, and that no newest unit gives another of, is carried: a newest unit
rewording the thing nearby (a schedule line, a packing-list row) never answers a number
that names something. Before this, said_in_frame superseded "Bottling engineer: Priya
Nandakumar, 07700 900512." by a schedule observation, and alone_facts took an order
reference "HP-40213" for another value of a row's count "1" (dev merge-AK g02, g09).
Domain: a kombucha brewery (no other test uses it); real parser, real model. Both tests
failed before the change."""

from __future__ import annotations

import datetime as dt

from helpers_merge import entry, fm, merged, note

NOW = dt.datetime(2026, 5, 1, 12, 0, 0)

V1 = note("brew/bottling-schedule.md", fm("Bottling schedule for ferment tanks", "2025-03-01") + (
    "The tank room holds tanks T1 to T4 behind the brewhouse. Both lines run from the "
    "filler in the bottling room.\n\n"
    "## Bottling line (tanks T1 and T2)\n- Start time: 07:00\n- Run time: 30 min\n"
    "- Days: every day\n\n"
    "## Who to call\n"
    "Bottling engineer: Priya Nandakumar, 07700 900512. She set up the filler and "
    "still has the wiring diagram.\n\n"
    "## Observations\n"
    "- [schedule] Bottling run time 30 min at 07:00 #bottling\n"
    "- [contact] Priya Nandakumar is the bottling engineer #contacts\n"))

V3 = note("brew/bottling-schedule-2026.md", fm("Bottling schedule (updated Mar 2026)",
                                                "2026-03-01") + (
    "Current settings for the tank room, T1 to T4. Nothing about the layout has changed.\n\n"
    "## Bottling zones (tanks T1 and T2)\n- Start time: 06:30\n- Run time: 40 min\n"
    "- Days: every day\n\n"
    "## Maintenance\n- Rinse the filler heads after every run.\n\n"
    "## Observations\n"
    "- [schedule] Morning bottling run 40 min at 06:30 in spring #bottling\n"))


def test_an_engineers_phone_only_an_older_note_gives_is_carried():
    c = merged(V3, V1, now=NOW)
    e = entry(c, "Bottling engineer: Priya Nandakumar, 07700 900512.")
    assert e.status == "carried", e
    assert "07700 900512" in c.text
    # the old run time stays superseded
    assert "30 min" not in c.text


KIT_OLD = note("brew/market-kit.md", fm("Market kit", "2025-04-01") + (
    "What goes to the Saturday market.\n\n## Checklist\n"
    "- [ ] Gazebo, 3 x 3 m, green (Hartwell Canopies, order ref HP-40213 if a pole bends)\n"
    "- [ ] Tasting cups, 200\n- [ ] Float: £50 in coins\n"))

KIT_NEW = note("brew/market-kit-2026.md", fm("Market kit (2026)", "2026-04-01") + (
    "What goes to the Saturday market, by box.\n\n## Boxes\n"
    "| Item | Count | Box |\n|---|---|---|\n"
    "| Gazebo 3 x 3 m, green, with weights | 1 | Long bag |\n"
    "| Tasting cups | 300 | Box A |\n| Float | £80 | Cash tin |\n"))


def test_an_order_reference_is_no_other_value_of_a_rows_count():
    c = merged(KIT_NEW, KIT_OLD, now=NOW)
    e = entry(c, "order ref HP-40213")
    assert e.status == "carried", e
    assert "HP-40213" in c.text
    # the old counts stay superseded
    assert entry(c, "Tasting cups, 200").status != "carried"
    assert "£50" not in c.text
