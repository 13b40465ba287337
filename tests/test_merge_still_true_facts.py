"""Issue 18, point 4 (merge16a): a still-true fact only an older unit states is
written, not lost. When the newest rewrote an older unit without a number that names
something (a phone number, an account code: older_only.identifiers, by the number's
shape) and no newest unit gives another of that shape, the older unit is carried: a
changed number gives the new one, a dropped quantity ("the £15 late fee") is often one
the newest ended, so that stays held back for the person. An older intro sentence the
newest's intro took over that gives a value the newest states nowhere, of no measure
that intro gives another value of ("capacity 310 litres"), is carried too
(alone_facts._intro_fact). Domain: a perfume studio (no other test uses it); real
parser, real model. The tests marked so failed before the change."""

from __future__ import annotations

import datetime as dt

from helpers_merge import entry, fm, merged, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 6, 1, 12, 0, 0)

OLDER = note("perfume/studio-running-notes.md", fm("Studio Running Notes", "2025-02-01") + (
    "Running notes for the Larkspur perfume studio (blending vat capacity 310 litres).\n\n"
    "## Keys and alarms\n\n"
    "The alarm company is Vigil Alarms. The studio keys are kept in the key safe by "
    "the loading door.\n\n"
    "## Useful contacts\n\n"
    "- Alarm company: Vigil Alarms, out-of-hours line 0800 555 0199\n"
    "- Glass supplier: Brightwell Glass, Leeds\n\n"
    "## Membership\n\n"
    "Members who pay late are charged a £15 late fee and lose their bench booking.\n"))

NEWER = note("perfume/studio-handbook.md", fm("Studio Handbook", "2026-03-01") + (
    "Running notes for the Larkspur perfume studio after the spring refit of the "
    "blending room in March 2026.\n\n"
    "## Keys and alarms\n\n"
    "Vigil Alarms still monitors the alarm. Since the refit the keys are in a digital "
    "key cabinet, and each member has a personal PIN.\n\n"
    "## Useful contacts\n\n"
    "- Alarm company: Vigil Alarms, who now monitor the studio around the clock\n"
    "- Glass supplier: Brightwell Glass, Leeds\n\n"
    "## Membership\n\n"
    "The late fee has been abolished; members who pay late lose their bench booking.\n"))


def _composed():
    return merged(NEWER, OLDER, now=NOW)


def test_a_number_naming_something_the_newest_dropped_is_written() -> None:  # failed before
    c = _composed()
    e = entry(c, "0800 555 0199")
    assert e.status == "carried", e
    assert "0800 555 0199" in c.text


def test_a_quantity_the_newest_dropped_is_not_written() -> None:
    c = _composed()
    assert entry(c, "£15 late fee").status != "carried"
    assert "£15" not in c.text


def test_an_older_intro_value_the_newest_intro_lacks_is_written() -> None:  # failed before
    c = _composed()
    e = entry(c, "capacity 310 litres")
    assert e.status == "carried", e
    assert "310 litres" in c.text


def test_the_number_of_a_replaced_company_is_not_written() -> None:
    # another alarm company: the old one's line is no longer the studio's
    newer = note(NEWER.path, NEWER.text.replace(
        "Vigil Alarms, who now monitor", "Sentinel Security, who now monitor").replace(
        "Vigil Alarms still monitors", "Sentinel Security monitors"))
    c = compose("merge", newer, [OLDER], now=NOW)
    assert entry(c, "0800 555 0199").status != "carried"
    assert "0800 555 0199" not in c.text


def test_an_older_intro_value_the_newest_gives_anew_elsewhere_is_not_written() -> None:
    # the newest's body gives another number of what it measures: an old value
    newer = note(NEWER.path, NEWER.text.replace(
        "## Membership", "## Blending room\n\nThe blending vat now holds 350 litres.\n\n"
        "## Membership"))
    c = compose("merge", newer, [OLDER], now=NOW)
    assert entry(c, "capacity 310 litres").status != "carried"
    assert "310 litres" not in c.text
