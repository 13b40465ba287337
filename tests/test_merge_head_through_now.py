"""Issue 18, "newer values replacing older ones" only for the same thing (round 31,
facts.value_head): "- Extra rollaway bed $25 per night." is no older value of "- Queen
room is now $129 per night.", though both are a sum per night; the newest's "is now"
hid its head ("Queen room"), so the rollaway bed's price was superseded and lost
(merge-BT). What a line gives a value of reads through "is now" and "is still"; a line
whose head is the same thing ("Adult ticket is £12" / "Adult ticket is now £15") is
still its older value.
Domain: a canal museum (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import entry, fm, merged, note

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = fm("Canal museum admission", "2025-03-01") + (
    "## Tickets\n\n"
    "- Adult ticket is £12 per visit.\n"
    "- Canal boat trip £6 per visit.\n"
    "- Groups of 10 or more book through the office.\n")

NEWER = fm("Canal museum admission 2026", "2026-03-01") + (
    "## Tickets\n\n"
    "- Adult ticket is now £15 per visit.\n"
    "- Child ticket is still £7 per visit.\n")


def test_a_price_of_another_thing_is_carried_and_the_same_things_is_replaced():
    c = merged(note("museum/admission-2026.md", NEWER), note("museum/admission.md", OLDER), now=NOW)
    assert "- Canal boat trip £6 per visit." in c.text  # failed before
    e = entry(c, "Adult ticket is £12")
    assert e.status == "superseded" and "£15" in (e.by_text or ""), e
    assert "£12" not in c.text


def test_fee_charge_and_price_name_one_thing():
    """Read through "is now", "Call-out fee is now £95" heads "call-out fee": a fee, a
    charge and a price name one thing (Lexicon.price_nouns), so "Call-out charge £85"
    is still its older value, not a fact to carry beside it."""
    older = fm("Canal museum boat hire", "2025-03-01") + "- Skipper charge £85 per trip.\n"
    newer = fm("Canal museum boat hire 2026", "2026-03-01") + "- Skipper fee is now £95 per trip.\n"
    c = merged(note("museum/boats-2026.md", newer), note("museum/boats.md", older), now=NOW)
    e = entry(c, "Skipper charge £85")
    assert e.status == "superseded" and "£95" in (e.by_text or ""), e
