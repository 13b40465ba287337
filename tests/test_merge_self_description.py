"""Issue 18, "a merged note reads as one note" (round 26, pass_lead): an older lead
sentence that names what its own note is ("Planning page for the club fly-in on
Saturday 20 July 2024.", "Internal contact sheet for teachers and office staff") is
that version's label. Its dates and names made it "a fact the newest lacks", so it was
written under the newest's own intro: two intros (merge-BB g01, g04, g05, g12, read as
"the intro stacks"). Where it gives nothing but its version's dates, the newest's
lead now supersedes it (a name only it gives is the note's scope, kept); a sentence stating a fact
of the subject ("Our lessons are held on the nursery slope") or telling one in a
clause ("..., which meets at the Snowdome") is no label. Domain: a ski school (no
other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merge import ENGLISH
from review_app.core.merge.other_value import describes_note
from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)


def test_what_reads_as_a_note_naming_itself():
    for text in ("Lesson booking sheet for the Alpine Edge ski school, winter 2024.",
                 "These are the slope rules for the Alpine Edge instructors, agreed on "
                 "3 November.", "Alpine Edge standard prices from 1 December 2023.",
                 "Revised price list from 1 May."):  # ("May" there is no modal)
        assert describes_note(text, ENGLISH), text
    for text in ("Our lessons for beginners are held on the nursery slope.",
                 "Prices rose by 5% in December.",
                 "Lesson booking sheet for the Alpine Edge club, which meets at the "
                 "Snowdome.",
                 # a past tense after its subject is a verb (merge-BC g05, round 26)
                 "Owner raised prices from 15 April to cover the lift pass increase."):
        assert not describes_note(text, ENGLISH), text


def test_an_older_version_s_name_for_its_note_is_no_second_intro():  # failed before
    older = note("ski/bookings-2024.md", fm("Lesson bookings", "2024-11-01") + (
        "Lesson booking sheet for the Alpine Edge ski school, agreed on 20 October. "
        "Groups are capped at eight skiers.\n\n## Prices\n\n- Group lesson: £35\n"))
    newer = note("ski/bookings-2025.md", fm("Alpine Edge lesson bookings", "2025-02-01") + (
        "Updated for the 2025 season after the instructors' meeting.\n\n"
        "## Prices\n\n- Group lesson: £38\n"))
    c = compose("merge", newer, [older], now=NOW)
    e = entry(c, "Lesson booking sheet for the Alpine Edge")
    assert e.status == "superseded" and e.flips == ("newer", "older"), e
    assert "Lesson booking sheet" not in c.text and "20 October" not in c.text
    # the sentence after it says a fact of its own: still carried
    assert entry(c, "Groups are capped at eight skiers").status == "carried"
    assert "capped at eight skiers" in c.text and "£35" not in c.text
    check_ledger(c)


def test_a_name_only_the_older_label_gives_is_kept_as_the_note_s_scope():
    # (readers count such a scope fact lost: test_merge_older_only, merge-AH)
    older = note("ski/slope-rules.md", fm("Slope rules", "2024-11-01") + (
        "Slope rules for the Alpine Edge instructors at Glenmore.\n\n"
        "## Rules\n\n- Helmets for every lesson.\n"))
    newer = note("ski/slope-rules-2025.md", fm("Slope rules 2025", "2025-11-01") + (
        "Revised after the instructors' meeting in October.\n\n"
        "## Rules\n\n- Helmets for every lesson.\n- Radios on from 08:30.\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert entry(c, "Alpine Edge instructors at Glenmore").status == "carried"
    assert "Glenmore" in c.text


def test_an_older_version_s_news_of_its_change_is_no_second_intro():
    """merge-BC g05: "Owner raised prices from 15 April to cover the water rate increase."
    (a middle version's news) stood under the newest's "New year prices, live from ...".
    (The code before passes too, where the noun test read it as a label by mistake.)"""
    older = note("ski/prices-2024.md", fm("Alpine Edge prices", "2024-11-01") + (
        "Manager raised lesson prices from 20 October to cover instructor pay. Groups are "
        "capped at eight skiers.\n\n## Prices\n\n- Group lesson: £35\n"))
    newer = note("ski/prices-2025.md", fm("Alpine Edge prices", "2025-02-01") + (
        "New season prices, live from Monday 3 February.\n\n## Prices\n\n- Group lesson: £38\n"))
    c = compose("merge", newer, [older], now=NOW)
    e = entry(c, "Manager raised lesson prices")
    assert e.status == "superseded", e
    assert "20 October" not in c.text and "capped at eight skiers" in c.text
    check_ledger(c)
