"""Round 42: two repeats a reader meets in merged notes. An older sentence with no
fact the newest lacks that says again one clause of a longer newest sentence ("Get
checked by the safety officer ..." / "...; the safety officer tests new and re-engined
models") is held back, as one near a whole newest sentence is. And a section the
newest dropped that two older versions both have ("## Safety and tides" of v2,
"## Safety" of v1) is one section: compared as one and written once, under the newer
heading. Domains no other merge test uses (a pétanque club, rock pool rambles)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import dated

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 6, 9, 0, 0)
CLUB = "Abbey Green Pétanque Club: playing rules"


def _merged(older: tuple[str, str, str], newer: tuple[str, str, str], **kw):
    """Merge two versions, each (slug, title, text): the older of 2023, the newer of
    2025, kept in the newer's file."""
    old, new = (dated(f"{slug}.md", title, slug, text, modified=when)
                for (slug, title, text), when in ((older, "2023-04-02"), (newer, "2025-03-01")))
    return compose("merge", new, [old], kept=new, now=NOW, **kw)

CLUB_OLD = """# Club rules

Rules for playing on the Abbey Green terrain.

## On the terrain

Boules must weigh 650 to 800 grams. Get checked by the equipment officer before playing
with a new or second-hand set.

## Boules

Bring your own boules if you have them; the club box has six spare sets for beginners.
"""

CLUB_NEW = """# Abbey Green Pétanque Club: playing rules

How we play at the Abbey Green terrain from the 2025 season.

## On the terrain

Boules must weigh 650 to 800 grams; the equipment officer tests new and second-hand
sets.

## Boules

Bring your own boules if you have them.
"""


def _club(**kw):
    return _merged(("petanque/club-rules", "Club rules", CLUB_OLD),
                   ("petanque/playing-rules", CLUB, CLUB_NEW), **kw)


def test_an_older_sentence_saying_one_clause_of_a_newest_sentence_again_is_held_back():
    composed = _club()
    assert "Get checked by the equipment officer" not in composed.text
    held = next(e for e in composed.ledger.entries if e.text.startswith("Get checked"))
    assert held.status == "dropped" and held.held  # a row the person can flip to carry
    assert "the equipment officer tests new and second-hand sets" in held.why
    # what the older note says that the newest does not is still written
    assert "six spare sets for beginners" in composed.text


def test_the_held_back_clause_repeat_is_written_when_the_person_carries_it():
    first = _club()
    key = next(e.key for e in first.ledger.entries if e.text.startswith("Get checked"))
    again = _club(choices={key: "carry"})
    assert "Get checked by the equipment officer before playing" in again.text


RAMBLES_V1 = """# Rock pool rambles

Guided rock pool walks on Penhallow beach for families.

## When we meet

Rambles start at the slipway car park two hours before low tide.

## Safety

Wear shoes that grip on the rocks; bare feet are not allowed.
Everyone must stay below the cliff line and keep away from the seaweed-covered ledges.
"""

RAMBLES_V2 = """# Penhallow rock pool rambles

Guided rock pool walks on Penhallow beach, for families and schools.

## When we meet

Rambles start at the slipway car park ninety minutes before low tide, and last about an hour.

## Safety and tides

Shoes with grip are a must: nobody goes on the rocks barefoot.
The leader carries a first aid kit and a radio.
"""

RAMBLES_V3 = """# Penhallow rock pool rambles 2025

Guided rock pool walks on Penhallow beach for families, schools and holiday groups.

## Meeting point and times

Rambles start at the lifeguard hut ninety minutes before low tide, and last about an hour.
Booking is through the Penhallow Marine Group website; each ramble takes up to 20 people.

## Looking after the animals

Put every stone back the way you found it, and never take a creature home.
"""


def _rambles():
    v1 = dated("rockpools/rambles.md", "Rock pool rambles", "rockpools/rambles", RAMBLES_V1,
               modified="2022-05-01")
    v2 = dated("rockpools/penhallow-rambles.md", "Penhallow rock pool rambles",
               "rockpools/penhallow-rambles", RAMBLES_V2, modified="2023-06-01")
    v3 = dated("rockpools/penhallow-rambles-2025.md", "Penhallow rock pool rambles 2025",
               "rockpools/penhallow-rambles-2025", RAMBLES_V3, modified="2025-04-01")
    return compose("merge", v3, [v2, v1], kept=v3, now=NOW)


def test_a_section_two_older_versions_have_and_the_newest_dropped_is_written_once():
    text = _rambles().text
    assert text.count("## Safety") == 1 and "## Safety and tides" in text
    section = text.split("## Safety and tides", 1)[1].split("\n## ", 1)[0]
    # v1's fact nobody newer states is written in v2's section, under v2's heading
    assert "stay below the cliff line" in section
    assert "first aid kit and a radio" in section


def test_an_older_version_saying_again_what_a_newer_one_carried_there_is_held_back():
    composed = _rambles()
    assert "bare feet are not allowed" not in composed.text
    held = next(e for e in composed.ledger.entries if "bare feet" in e.text)
    assert held.status == "dropped" and held.held
    assert "rockpools/penhallow-rambles.md" in held.why


TERRAIN_OLD = """# Club rules

## On the terrain

Boules must weigh 650 to 800 grams. Volunteers top up the gravel each spring; the
equipment officer tests new and second-hand sets.
"""

TERRAIN_NEW = """# Abbey Green Pétanque Club: playing rules

## On the terrain

Boules must weigh 650 to 800 grams; the equipment officer tests new and second-hand
sets.
"""


def test_a_sentence_with_a_clause_the_newest_lacks_is_not_held_for_its_other_clause():
    composed = _merged(("petanque/club-rules", "Club rules", TERRAIN_OLD),
                       ("petanque/playing-rules", CLUB, TERRAIN_NEW))
    # one clause says again what the newest says, the other is the older note's own
    assert "Volunteers top up the gravel each spring" in composed.text


def _three(v1: str, v2: str, v3: str):
    notes = [dated(f"club/v{i}.md", f"Club notes v{i}", f"club/v{i}", text,
                   modified=f"202{i + 1}-05-01") for i, text in enumerate((v1, v2, v3), 1)]
    return compose("merge", notes[2], [notes[1], notes[0]], kept=notes[2], now=NOW)


def test_guards_from_review_a_narrower_older_heading_is_a_section_of_its_own():
    """"## Fees for juniors" (v1) is not v2's "## Fees": its lines hold for juniors; and
    "## Disabled access" is not "## Access" (a review finding: the juniors' half fee was
    held back as v2's way of saying "Adult membership is paid each April")."""
    newest = "# Club notes\n\n## Courts\n\nFour courts, floodlit until 10pm.\n"
    v2 = ("# Club notes\n\n## Courts\n\nFour courts.\n\n## Fees\n\n"
          "Adult membership is paid each April.\n\n## Access\n\n"
          "The entrance is on Mill Lane. Members park in the rear car park.\n")
    v1 = ("# Club notes\n\n## Courts\n\nThree courts.\n\n## Fees for juniors\n\n"
          "Juniors pay half the adult fee. Coaching on Saturday mornings is free.\n\n"
          "## Disabled access\n\nWheelchair users park in the two bays by the side door.\n")
    text = _three(v1, v2, newest).text
    assert "## Fees for juniors" in text and "Juniors pay half the adult fee." in text
    juniors = text.split("## Fees for juniors", 1)[1].split("\n## ", 1)[0]
    assert "Coaching on Saturday mornings is free." in juniors
    assert "## Disabled access" in text and "two bays by the side door" in text


def test_guards_from_review_a_clause_with_another_condition_or_time_is_no_repeat():
    """"The bonfire is never lit on windy days." is not the newest's "the bonfire is
    lit only on Saturdays", nor "Hoses may be used in the morning when the pond is low"
    its "hoses may be used in the evening" (a review finding: each was held back)."""
    text = _merged(("garden/rules", "Garden rules",
                    "# Garden rules\n\n## Rules\n\nThe bonfire is never lit on windy days.\n"
                    "Hoses may be used in the morning when the pond is low.\n"),
                   ("garden/rules-2025", "Community garden rules",
                    "# Community garden rules\n\n## Rules\n\nPlots are given out in March; "
                    "the bonfire is lit only on Saturdays.\nEvery plot holder keeps their own "
                    "tools in the locked shed by the gate; hoses may be used in the evening.\n"),
                   ).text
    assert "never lit on windy days" in text
    assert "in the morning when the pond is low" in text


def test_guards_from_second_review_a_narrower_newer_heading_takes_no_broader_section():
    """v1's "## Parking" is not v2's "## Parking for visitors": the members' free
    parking is no visitors' rule (a second review's finding: it was held back as v2's way
    of saying "Visitors pay two pounds to park in the front car park")."""
    newest = "# Club notes\n\n## Courts\n\nFour courts, floodlit until 10pm.\n"
    v2 = ("# Club notes\n\n## Courts\n\nFour courts.\n\n## Parking for visitors\n\n"
          "Visitors pay two pounds to park in the front car park. Visitors must display "
          "a permit from reception.\n")
    v1 = ("# Club notes\n\n## Courts\n\nThree courts.\n\n## Parking\n\n"
          "Members park free in the rear car park. The car park gate is locked at 11pm.\n")
    text = _three(v1, v2, newest).text
    assert "Members park free in the rear car park." in text
    parking = text.split("\n## Parking\n", 1)[1].split("\n## ", 1)[0]
    assert "The car park gate is locked at 11pm." in parking


def test_guards_from_second_review_a_clause_for_other_people_or_one_more_is_no_repeat():
    """A rule for juniors is not the newest's rule for adults, and "also tests sets
    borrowed from other clubs" adds to "tests new and second-hand sets" (a second
    review's findings: each was held back as said in part)."""
    assert "Juniors must be signed in by a parent" in _merged(
        ("range/rules", "Range rules",
         "# Range rules\n\n## Rules\n\nJuniors must be signed in by a parent before "
         "shooting.\nThe club is run by volunteers.\n"),
        ("range/rules-2025", "Rifle range rules",
         "# Rifle range rules\n\n## Rules\n\nThe clubhouse opens at weekends. The range "
         "opens at 6pm on Tuesdays; adults must be signed in by a committee member before "
         "shooting.\nThe club is run by volunteers.\n")).text
    assert "also tests sets borrowed from other clubs" in _merged(
        ("petanque/club-rules", "Club rules",
         "# Club rules\n\n## Rules\n\nThe equipment officer also tests sets borrowed from "
         "other clubs.\nThe club is run by volunteers.\n"),
        ("petanque/playing-rules", CLUB,
         f"# {CLUB}\n\n## Rules\n\nThe clubhouse opens at weekends. Boules must weigh 650 to "
         "800 grams; the equipment officer tests new and second-hand sets.\nThe club is run "
         "by volunteers.\n")).text


def test_guards_from_third_review_headings_of_before_and_after_are_two_sections():
    """v1's "## After the dive" is not v2's "## Before the dive" (a third review's
    finding: logging the dive was written under "Before the dive")."""
    newest = "# Dive trips\n\n## Getting there\n\nMeet at the pier car park at 08:00.\n"
    v2 = ("# Dive trips\n\n## Getting there\n\nMeet at the pier.\n\n## Before the dive\n\n"
          "Check your buddy's air and weights on the boat.\nRinse your mask with fresh water "
          "from the blue bucket.\n")
    v1 = ("# Dive trips\n\n## Getting there\n\nMeet at the slipway.\n\n## After the dive\n\n"
          "Log the dive with your buddy in the club book.\nRinse your regulator with fresh "
          "water from the blue bucket.\n")
    text = _three(v1, v2, newest).text
    after = text.split("## After the dive", 1)[1].split("\n## ", 1)[0]
    assert "Log the dive with your buddy in the club book." in after
