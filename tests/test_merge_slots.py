"""An older observation whose slot (category and tag) the newest fills with its own line
is held back for the person (pass_slots): before, "[dropoff] Parents drop off at the car
park gate" was carried beside the newest's "Drop-off at the Nature Hut from 8:45", so
the note gave two places to leave a child. Each newest line answers one older line of
the slot: the slot's other older lines and other slots' lines are carried as before.
Domain: a forest school."""

from __future__ import annotations

import pytest
from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

OLDER = note("forest/sessions.md", fm("Forest school sessions", "2024-09-02") + """\
Weekly sessions in Alder Wood for children aged 4 to 11.

## Observations

- [meeting] Parents drop off at the car park gate #dropoff
- [meeting] Late arrivals ring the group mobile on 07700 900 311 #dropoff
- [safety] The fire circle is lit only with two adults present #fire
- [kit] Wellies and a waterproof every week #kit
- [meeting] Sessions end with a story at the log seats
""")

NEWEST = note("forest/sessions-2025.md", fm("Forest school sessions 2025", "2025-09-01") + """\
Weekly sessions in Alder Wood for children aged 4 to 11, now on Saturdays too.

## Observations

- [meeting] Drop-off at the Nature Hut from 8:45 #dropoff
- [kit] Wellies and a waterproof every week, a warm hat in winter #kit
- [meeting] Parents collect from the Nature Hut at 12:30
""")


@pytest.mark.parametrize("action", ["update", "merge"])
def test_an_observation_whose_slot_the_newest_fills_is_asked(action):
    c = compose(action, NEWEST, [OLDER])
    check_ledger(c)
    gate = entry(c, "car park gate")
    assert gate.status == "dropped" and gate.held, gate
    assert gate.flips == ("carry", "drop")
    assert "Nature Hut from 8:45" in gate.why, gate.why
    assert "car park gate" not in c.text
    # one newest line answers one older line: the slot's other line is carried
    assert entry(c, "07700 900 311").status == "carried"
    assert "07700 900 311" in c.text
    # another slot, and an untagged line of a shared category, are no one's older value
    assert entry(c, "fire circle").status == "carried"
    assert entry(c, "story at the log seats").status == "carried"


def test_the_person_carries_a_held_slot_line():
    held = entry(compose("update", NEWEST, [OLDER]), "car park gate")
    c = compose("update", NEWEST, [OLDER], choices={held.key: "carry"})
    check_ledger(c)
    assert entry(c, "car park gate").status == "carried"
    assert "- [meeting] Parents drop off at the car park gate #dropoff" in c.text


def test_a_choice_on_a_held_line_moves_no_hold_to_another():
    """The person's answer uses up the newest line's share: before, carrying (or
    dropping) the gate line held the mobile number in its place (review of round 53)."""
    held = entry(compose("update", NEWEST, [OLDER]), "car park gate")
    for choice in ("carry", "drop"):
        c = compose("update", NEWEST, [OLDER], choices={held.key: choice})
        assert entry(c, "07700 900 311").status == "carried", choice
        assert "07700 900 311" in c.text


SUBJECT_OLDER = note("forest/suppliers.md", fm("Forest school suppliers", "2024-05-01") + """\
## Observations

- [fact] Bark chips come from Hollin Tree Surgeons, 01632 960 144 #suppliers
- [fact] Invoices go to accounts@hollin.example, paid within 30 days #suppliers
- [fact] First aid kits restocked by St Cuthbert's each March #suppliers
""")

SUBJECT_NEWEST = note("forest/suppliers-2025.md", fm("Forest school suppliers 2025",
                                                      "2025-05-01") + """\
## Observations

- [fact] Firewood is now delivered by Dunmoor Logs #suppliers
- [fact] Tarps bought from Camp Kit Direct #suppliers
- [fact] Tool sharpening by Edge & Co twice a year #suppliers
""")


def test_a_tag_on_every_line_names_no_slot():
    """A tag most of a note's observations carry is its subject, not one thing of it:
    the older supplier lines are no older values of the newest's other suppliers (review
    of round 53: "#acme" on every line held back the client's contact and invoice
    address)."""
    c = compose("merge", SUBJECT_NEWEST, [SUBJECT_OLDER])
    check_ledger(c)
    for fragment in ("Hollin Tree Surgeons", "accounts@hollin.example"):
        assert entry(c, fragment).status == "carried", entry(c, fragment)
        assert fragment in c.text
