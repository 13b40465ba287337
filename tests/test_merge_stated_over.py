"""Issue 18, tenth round: an older unit stating an old value as current beside the
newest unit that replaces it (pass_said_over with ended.py, thing_values.py, roles via
ended's handovers, other_value.reframed). The rule (issue item 4): an older unit is
carried only when it states a fact no unit of the newest states AND no unit of the
newest states another value for that thing or says it is over.

- The newest says the thing is over in words, with "we" as its subject ("We no longer
  shock-dose ... on a fixed weekly schedule"; "We no longer run a Sunday collection"):
  the thing is named after the cue, up to the words that say when or how.
- Another value in another shape or section: an intro's surcharge against a table row
  of another section; an observation's interval against "every Friday" (a frequency
  is a value of the interval).
- A handover: "X took over D from Y" ends Y's holding of D.
- Framing of the older period: "Fees for the 2025 season" under the newest's title
  "Pitch fees 2026" (dropped, carried back with one flip); "set at the October board
  meeting" beside "Revised at the March board meeting".
Each superseded unit keeps its flip, and what no newest unit speaks to is still carried.
Domains: a swimming pool's water care, a laundry, a translation agency, a weather
station, a theatre wardrobe and a campsite (no other merge test uses them); every test
fails on the engine before this round.
"""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)

POOL_OLD = note("pool/water-care.md", fm("Water care", "2025-01-12") + (
    "How the Riverside swimming pool keeps its water clean.\n\n## Dosing\n\n"
    "We still shock-dose the main pool every 7 days, Sunday night between 22:00 and "
    "02:00.\n\nThe learner pool is topped up with 4 m3 of fresh water each week.\n\n"
    "## Observations\n\n- [dosing] We shock-dose the main pool every Sunday night, "
    "after the last swim #water\n- [granules] We shock-dose with Chlor-Shock granules "
    "from Aquachem #water\n- [testing] Free chlorine is tested at 06:30 with the "
    "Palintest kit #water\n"))

POOL_NEW = note("pool/water-care-2025-11.md", fm("Water care (Nov 2025)", "2025-11-03") + (
    "How the Riverside swimming pool keeps its water clean.\n\n## Dosing\n\n"
    "We no longer shock-dose the pools on a fixed weekly schedule; we shock-dose when "
    "combined chlorine reads above 0.5 mg/l.\n\n## Observations\n\n"
    "- [chlorine] Combined chlorine is logged every two hours #water\n"))


def test_a_thing_the_newest_says_we_no_longer_do_is_over_with_the_details_older_units_add():
    for action in ("merge", "update"):
        c = compose(action, POOL_NEW, [POOL_OLD], now=NOW)
        # update writes the newest's prose: only the observation is judged there
        for fragment in ("We still shock-dose the main pool every 7 days",
                         "We shock-dose the main pool every Sunday night")[
                             action == "update":]:
            e = entry(c, fragment)
            assert e.status == "superseded", (action, e)
            assert "no longer shock-dose" in (e.by_text or "")
            assert e.flips == ("newer", "older")
        assert "every 7 days" not in c.text and "every Sunday" not in c.text, action
        # what the newest does not speak to is still carried: the granules (only the
        # fixed schedule is over), the tests, the learner pool's top-up
        for fragment in ("Chlor-Shock granules", "tested at 06:30 with the Palintest kit"
                         ) + (("topped up with 4 m3",) if action == "merge" else ()):
            assert entry(c, fragment).status == "carried", (action, fragment)
        check_ledger(c)


LAUNDRY_OLD = note("laundry/collections.md", fm("Collections", "2025-03-02") + (
    "Bright Linen Laundry collects from hotels and clinics in the town centre.\n\n"
    "## Collections\n\nWeekday collections run from 07:00 to 10:00.\n\n"
    "There is also a Sunday collection at 09:00 for hotel clients; call by Saturday "
    "16:00 to book it.\n"))

LAUNDRY_NEW = note("laundry/collections-2025-10.md", fm("Collections (Oct 2025)", "2025-10-20") + (
    "Bright Linen Laundry collects from hotels and clinics in the town centre.\n\n"
    "## Collections\n\nWeekday collections are made by our own vans. We no longer run a "
    "Sunday collection.\n"))


def test_a_service_the_newest_no_longer_runs_is_not_carried_back_with_its_details():
    c = compose("merge", LAUNDRY_NEW, [LAUNDRY_OLD], now=NOW)
    e = entry(c, "There is also a Sunday collection at 09:00")
    # superseded by the unit that says it is over, or held back for the person (the
    # newest gives no other value of its hours): either way not written as current
    assert e.status in ("superseded", "dropped"), e
    assert "no longer run" in (e.by_text or e.why), e
    assert "09:00" not in c.text
    # the weekday collections are another thing: still carried
    assert entry(c, "Weekday collections run from 07:00 to 10:00").status == "carried"
    flip = "older" if e.status == "superseded" else "carry"
    assert flip in e.flips
    kept = compose("merge", LAUNDRY_NEW, [LAUNDRY_OLD], now=NOW, choices={e.key: flip})
    assert "There is also a Sunday collection at 09:00" in kept.text
    check_ledger(c)


AGENCY_OLD = note("translation/services.md", fm("Services", "2025-02-10") + (
    "Lumen Translations works for publishers and law firms. Clients can ask for express "
    "translation, which adds a 30% surcharge and guarantees delivery within 24 hours. "
    "Certified copies cost EUR 25 per page.\n\n## Languages\n\n"
    "German, French and Polish, both ways.\n"))

AGENCY_NEW = note("translation/services-2025-09.md", fm("Services (Sept 2025)", "2025-09-15") + (
    "Lumen Translations works for publishers and law firms.\n\n## Languages\n\n"
    "German, French and Polish, both ways.\n\n## Turnaround\n\n"
    "| Service | Surcharge | Delivery |\n|---|---|---|\n"
    "| Standard | none | 5 working days |\n| Express | +45% | 2 working days |\n"))


def test_an_intro_value_the_newest_gives_anew_in_a_table_of_another_section_is_superseded():
    c = compose("merge", AGENCY_NEW, [AGENCY_OLD], now=NOW)
    e = entry(c, "adds a 30% surcharge")
    assert e.status == "superseded" and "45%" in (e.by_text or ""), e
    assert e.flips == ("newer", "older")
    assert "30%" not in c.text
    assert entry(c, "Certified copies cost EUR 25 per page").status == "carried"
    check_ledger(c)


STATION_OLD = note("weather/station-care.md", fm("Station care", "2025-04-01") + (
    "Care of the Hollin Fell weather station.\n\n## Instruments\n\n"
    "The anemometer sits 10 m above the ground.\n\n## Observations\n\n"
    "- [interval] Clean the rain gauge funnel every 14 days #gauge\n"
    "- [power] The logger runs on a 12 V battery #power\n"))

STATION_NEW = note("weather/station-care-2025-10.md", fm(
    "Station care (Oct 2025)", "2025-10-06") + (
    "Care of the Hollin Fell weather station.\n\n## Instruments\n\n"
    "The anemometer sits 10 m above the ground. Clean the rain gauge funnel every "
    "Friday afternoon.\n"))


def test_an_older_interval_is_superseded_by_the_newest_frequency_of_the_same_task():
    for action in ("merge", "update"):
        c = compose(action, STATION_NEW, [STATION_OLD], now=NOW)
        e = entry(c, "every 14 days")
        assert e.status == "superseded" and "every Friday" in (e.by_text or ""), (action, e)
        assert "every 14 days" not in c.text
        assert entry(c, "12 V battery").status == "carried", action
        check_ledger(c)


WARDROBE_OLD = note("theatre/wardrobe-repairs.md", fm("Wardrobe repairs", "2025-01-20") + (
    "How costume repairs are booked at the Albany Playhouse.\n\n## Booking\n\n"
    "Repairs are booked on the wardrobe board by Wednesday noon.\n\n"
    "Responsible: Tomas Lindqvist (cutter).\n\nDyeing is done by Priya Nair on Fridays.\n"))

WARDROBE_NEW = note("theatre/wardrobe-repairs-2025-09.md", fm(
    "Wardrobe repairs (Sept 2025)", "2025-09-08") + (
    "How costume repairs are booked at the Albany Playhouse.\n\n## Booking\n\n"
    "Repairs are booked on the wardrobe board by Wednesday noon. Ines Carvalho took "
    "over costume repairs from Tomas Lindqvist in May.\n"))


def test_a_handover_the_newest_states_ends_the_older_holder():
    c = compose("merge", WARDROBE_NEW, [WARDROBE_OLD], now=NOW)
    e = entry(c, "Responsible: Tomas Lindqvist")
    assert e.status == "superseded" and "Ines Carvalho" in (e.by_text or ""), e
    assert "Responsible: Tomas Lindqvist" not in c.text
    assert entry(c, "Dyeing is done by Priya Nair").status == "carried"
    check_ledger(c)


CAMP_OLD = note("campsite/fees.md", fm("Pitch fees", "2025-02-14") + (
    "Fees for the 2025 season, as posted at the reception hut.\n\n## Fees\n\n"
    "- Tent pitch: EUR 18 a night\n- Electric hook-up: EUR 5 a night\n\nThese fees were "
    "set at the October board meeting. Quiet hours run from 22:00 to "
    "07:00.\n"))

CAMP_NEW = note("campsite/fees-2026.md", fm("Pitch fees 2026", "2026-01-30") + (
    "Fees agreed with the parish council.\n\n## Fees\n\n"
    "- Tent pitch: EUR 20 a night\n- Electric hook-up: EUR 6 a night\n\nRevised at the "
    "March board meeting.\n"))


def test_an_older_intro_framing_its_own_period_is_not_carried_beside_the_newest_period():
    c = compose("merge", CAMP_NEW, [CAMP_OLD], now=NOW)
    # the newest names its year only in its title: the older intro framed its period
    season = entry(c, "Fees for the 2025 season")
    assert season.status == "dropped" and "Pitch fees 2026" in season.why, season
    assert season.flips == ("carry", "drop")
    meeting = entry(c, "set at the October board meeting")
    assert meeting.status == "superseded" and "March" in (meeting.by_text or ""), meeting
    assert meeting.flips == ("newer", "older")
    assert "2025 season" not in c.text and "October" not in c.text
    assert entry(c, "Quiet hours run from 22:00").status == "carried"
    check_ledger(c)
    kept = compose("merge", CAMP_NEW, [CAMP_OLD], now=NOW, choices={season.key: "carry"})
    assert "Fees for the 2025 season, as posted at the reception hut." in kept.text
