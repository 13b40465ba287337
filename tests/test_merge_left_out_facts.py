"""Issue 18, point 4 (merge17b): a still-true fact only an older unit states, that the
newest left out while rewording the rest, is carried, written whole in its aligned
section. Round 16's readers found such facts lost: a street address, a supplier's
contact person, a room's capacity. Each was held back ("carry?") for want of a rule
saying it names or counts something nothing in the newest speaks to:

- a number inside a name ("14 Foundry Street", "Unit 9") or a letter-prefixed code ("NE46")
  is an identifier like a phone number (alone_facts._named_numbers);
- a person named for a slot ("ask for Imogen Stride") whose name the newest never gives,
  when the unit that rewrote it names nobody else (older_only.unspoken, and
  pass_carry.named_alone: a firm both units name is no other person);
- a count ("seats 40 people") whose counted thing no newest unit speaks of or gives
  another number of (older_only.unspoken).

And what the newest changed or ended stays out: another house number, another count.
Domain: a hackerspace (no other test uses it); real parser, real model. The tests marked
so failed before the change."""

from __future__ import annotations

import datetime as dt

from helpers_merge import entry, fm, merged, note, section_of

NOW = dt.datetime(2026, 7, 1, 9, 0, 0)

OLDER = note("space/hackerspace-guide.md", fm("Hackerspace guide", "2025-04-01") + (
    "The Foundry hackerspace is a members' workshop run by volunteers.\n\n"
    "## Premises\n\n"
    "The space is in the old print works at 14 Foundry Street, Hexham NE46 3AB, above "
    "the bike shop. "
    "The main workshop seats 40 people and has a laser cutter.\n\n"
    "## Suppliers\n\n"
    "Plywood comes from Tyne Timber, where our contact is Imogen Stride. "
    "Our filament supplier is Spool Works; ask for Callum Reyes when ordering. "
    "Resin is bought in bulk twice a year.\n\n"
    "## Access\n\n"
    "Members get a key fob after their induction.\n"))

NEWER = note("space/hackerspace-handbook.md", fm("Hackerspace handbook", "2026-05-01") + (
    "The Foundry hackerspace is a members' workshop run by volunteers, open every "
    "evening since the spring of 2026.\n\n"
    "## Premises\n\n"
    "The space is in the old print works, above the bike shop. "
    "The main workshop has a laser cutter and a new dust extractor.\n\n"
    "## Suppliers\n\n"
    "Plywood is delivered by Tyne Timber. "
    "Filament is ordered from Spool Works. "
    "Resin is bought in bulk twice a year.\n\n"
    "## Access\n\n"
    "Members are given a key fob once they finish their induction.\n"))


def _composed(newer=NEWER):
    return merged(newer, OLDER, now=NOW)


def test_a_street_address_the_newest_left_out_is_written() -> None:  # failed before
    c = _composed()
    e = entry(c, "14 Foundry Street")
    assert e.status == "carried", e
    assert "14 Foundry Street, Hexham NE46 3AB" in c.text
    assert section_of(c.text, "14 Foundry Street") == "## Premises"


def test_a_contact_person_the_newest_left_out_is_written() -> None:  # failed before
    c = _composed()
    for name in ("Imogen Stride", "Callum Reyes"):
        e = entry(c, name)
        assert e.status == "carried", e
        assert section_of(c.text, name) == "## Suppliers"


def test_a_capacity_the_newest_left_out_is_written() -> None:  # failed before
    c = _composed()
    e = entry(c, "seats 40 people")
    assert e.status == "carried", e
    assert section_of(c.text, "seats 40 people") == "## Premises"


def test_what_the_newest_says_again_is_not_written_twice() -> None:
    c = _composed()
    assert c.text.count("Resin is bought in bulk") == 1
    assert "after their induction" not in c.text


def test_another_house_number_or_count_keeps_the_old_one_out() -> None:
    newer = note(NEWER.path, NEWER.text.replace(
        "the old print works, above", "the old print works at 22 Foundry Street, above"
    ).replace("The main workshop has", "The main workshop seats 55 people and has"))
    c = _composed(newer)
    assert "14 Foundry Street" not in c.text
    assert "40 people" not in c.text
    assert entry(c, "seats 40 people").status != "carried"


def test_a_person_the_newest_names_for_that_slot_keeps_the_old_one_out() -> None:
    newer = note(NEWER.path, NEWER.text.replace(
        "Plywood is delivered by Tyne Timber.",
        "Plywood is delivered by Tyne Timber, where our contact is Ravi Menon."))
    c = _composed(newer)
    assert "Imogen Stride" not in c.text
