"""Round 41: an older intro saying when or by whom its version was agreed ("Agreed at the
March 2024 committee meeting.", "These are the bin rules as agreed at the October 2023
meeting.") tells that version's moment, not a fact of now: merge leaves it out (reported
dropped, flippable) while the older note's still-true facts are carried. A domain no
other merge test uses (a tenants' and residents' association)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import dated

from review_app.core.merge.lexicon import Lexicon
from review_app.core.merge.version_talk import AGREED, only_dated, version_talk
from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 6, 9, 0, 0)

OLDER = """# Bins and recycling

These are the estate's bin rules as agreed at the October 2023 residents' meeting. Agreed by
the committee on 12 October 2023.

## Collection

General waste goes out on Tuesday night for Wednesday collection. Bulky items are booked
through the council for £25 a load, and the caretaker, Dennis Oyelaran, keeps the bin
store key.
"""

NEWER = """# Bins and recycling on the Larkhill estate

How rubbish and recycling work on the estate this year.

## Collection

General waste goes out on Tuesday night for Wednesday collection. Recycling is collected
every other Friday from the blue bins by each stairwell.
"""


def _merge() -> tuple[str, object]:
    older = dated("tara/bins-2023.md", "Bin Rules", "tara/bins-2023", OLDER,
                  modified="2023-10-20")
    newer = dated("tara/bins-and-recycling.md", "Bins and recycling on the Larkhill estate",
                  "tara/bins-and-recycling", NEWER, modified="2025-09-01")
    composed = compose("merge", newer, [older], kept=newer, now=NOW)
    return composed.text, composed


def test_an_older_intro_saying_when_its_version_was_agreed_is_not_written():
    text, composed = _merge()
    assert "as agreed at the October 2023" not in text
    assert "Agreed by the committee on 12 October 2023" not in text
    # the older note's still-true facts are carried
    assert "£25 a load" in text and "Dennis Oyelaran" in text
    dropped = [e for e in composed.ledger.entries
               if e.status == "dropped" and "agreed" in e.text.lower()]
    assert len(dropped) == 2 and all("agreed" in e.why for e in dropped)


def test_what_reads_as_a_version_agreed_and_what_does_not():
    lx = Lexicon()
    for said in ("Agreed at the January 2024 committee meeting.",
                 "Updated for the 2023-24 season.",
                 "These rules were agreed at the Thursday session on 4 May.",
                 "This is the running order the committee agreed in June.",
                 "This is the procedure agreed by the committee."):
        assert version_talk(said, lx, True) == AGREED, said
    # a rule of now, a label, a dated fact, and anything outside an intro
    for said in ("This form must be approved by the treasurer.",
                 "This form is approved by the treasurer before payment.",
                 "Accepted cards: Visa and Mastercard since March 2024."):
        assert version_talk(said, lx, True) != AGREED, said
    assert version_talk("Agreed at the January 2024 committee meeting.", lx, False) is None


def test_only_a_version_s_own_dates_and_decision_are_excused():
    lx = Lexicon()
    text = "Adopted by the committee on 5 September 2022."
    assert only_dated({"n:2022", "n:5", "name:september", "decision:x"}, text, lx)
    # an amount, a name, or a number that is no day of a named month is still a fact
    assert not only_dated({"n:2022", "n:£30"}, "Agreed in 2022: £30 a year.", lx)
    assert not only_dated({"name:ellis", "name:march"},
                          "Agreed in March, with Rob Ellis confirming.", lx)
    assert not only_dated({"n:5", "n:2022"}, "Agreed in 2022 for 5 stairwells.", lx)


# Round 41, second landing: an undated kept title the newest renamed under a dated name.

BINS_OLD = ("General waste goes out on Tuesday night.\n\n"
            "Bulky items are booked through the council.\n")
BINS_NEW = "General waste goes out on Tuesday night.\n\nRecycling goes out every other Friday.\n"


def _title(old_title: str, new_title: str) -> tuple[str, object]:
    kept = dated("tara/bin-rules.md", old_title, "tara/bin-rules", BINS_OLD,
                 modified="2024-02-01")
    base = dated("tara/waste-2025.md", new_title, "tara/waste-2025", BINS_NEW,
                 modified="2025-09-14")
    out = compose("merge", base, [kept], kept=kept, now=NOW)
    return out.text, out.ledger.title


def test_a_dated_name_the_newest_renamed_the_note_to_is_written():
    """"Bin Rules" / "Waste and Recycling Guide 2025": each has a word the other lacks once
    the year is out, so the newest author renamed the note; the kept file's path and
    permalink stay, and the ledger says "title: OLD -> NEW" (apply rewrites the links)."""
    text, title = _title("Bin Rules", "Waste and Recycling Guide 2025")
    assert "\ntitle: Waste and Recycling Guide 2025\n" in text
    assert text.count("\n# Waste and Recycling Guide 2025\n") == 1
    assert "permalink: tara/bin-rules\n" in text
    assert title == ("Bin Rules", "Waste and Recycling Guide 2025")


def test_a_dated_copy_or_a_dated_revision_keeps_the_established_name():
    for new_title in ("Bin rules summary 2025-09",  # an agent's dated copy: the name's words
                      "Waste collection notes 2025-06",  # the month it was written
                      "Waste and Recycling Guide (v2)"):  # a revision
        text, title = _title("Bin Rules", new_title)
        assert "\ntitle: Bin Rules\n" in text, new_title
        assert title is None, new_title
    # a kept title with a year of its own is judged by the stale-stamp rule, as before
    text, _ = _title("Bin Rules 2026", "Waste and Recycling Guide 2025")
    assert "\ntitle: Bin Rules 2026\n" in text


def test_guards_from_review_a_part_of_the_year_or_a_shared_title_is_no_rename():
    """A season, month or holiday in the newest title names a part of the year, maybe a
    narrower note's ("Christmas Opening Times 2024" over the one "Opening Hours" page);
    and a kept title another note shares is left alone (its links cannot all follow)."""
    for new_title in ("Christmas Waste Collections 2024", "Waste Collections Summer 2025",
                      "Waste Committee Minutes March 2025"):
        text, title = _title("Bin Rules", new_title)
        assert "\ntitle: Bin Rules\n" in text and title is None, new_title
    from review_app.core.links import target_index

    kept = dated("tara/bin-rules.md", "Bin Rules", "tara/bin-rules", BINS_OLD,
                 modified="2024-02-01")
    base = dated("tara/waste-2025.md", "Waste and Recycling Guide 2025", "tara/waste-2025",
                 BINS_NEW, modified="2025-09-14")
    other = dated("shop/bin-rules.md", "Bin Rules", "shop/bin-rules", "Shop bins.\n",
                  modified="2024-05-01")
    shared = target_index([kept, base, other])
    out = compose("merge", base, [kept], kept=kept, now=NOW, targets=shared)
    assert "\ntitle: Bin Rules\n" in out.text
    alone = target_index([kept, base])
    out = compose("merge", base, [kept], kept=kept, now=NOW, targets=alone)
    assert "\ntitle: Waste and Recycling Guide 2025\n" in out.text


def _house_rules_merged(said: str) -> str:
    """An older "House Rules" note whose intro is `said`, merged into a newest note that
    says the same rule under another intro."""
    older = dated("tara/rules-2024.md", "House Rules", "tara/rules-2024",
                  f"# House Rules\n\n{said}\n\n## Noise\n\nQuiet after 11pm.\n",
                  modified="2024-06-01")
    newer = dated("tara/living-here.md", "Living on the Larkhill estate", "tara/living-here",
                  "How the estate runs day to day.\n\n## Noise\n\nQuiet after 11pm.\n",
                  modified="2025-06-01")
    return compose("merge", newer, [older], kept=newer, now=NOW).text


def test_guards_from_review_an_approval_saying_more_is_kept():
    """What follows an approval ("... and they apply until the lease ends in 2027", "...
    and is reviewed every January", "...; since then every change needs two
    approvals") is a fact of now: the sentence is carried."""
    for said in ("These are the house rules as agreed with the landlord and they apply "
                 "until the lease ends in 2027.",
                 "This policy was approved by the committee in May 2024 and is reviewed "
                 "every January.",
                 "Adopted in March 2024 after the flood; since then every repair needs two "
                 "quotes."):
        text = _house_rules_merged(said)
        assert said.split(" ")[3] in text and said[-20:] in text, said


def test_guards_from_second_review_a_dated_record_of_one_occasion_is_no_rename():
    """A dated title naming the record of one occasion ("Safeguarding Review 2025", "Fee
    Increase 2025", "Fete Planning 2027") or a part of the year in other words ("Kit for
    Half-term 2025", "Rehearsals Ramadan 2025") is that occasion's note, not the standing
    note's new name."""
    for new_title in ("Waste Review 2025", "Bin Charge Increase 2025",
                      "Recycling Planning 2027", "Bins for Half-term 2025",
                      "Bin Collections Ramadan 2025"):
        text, title = _title("Bin Rules", new_title)
        assert "\ntitle: Bin Rules\n" in text and title is None, new_title


def test_guards_from_second_review_an_approval_with_its_term_or_decision_is_kept():
    """A term after the approval ("for use through December 2026", "as a condition of
    cover"), what was decided ("to stop taking cash"), and a year after the note was
    written ("This note records that the lease runs until 2027") are facts of now."""
    for said in ("Agreed at the January 2024 committee meeting for use through December "
                 "2026.",
                 "Agreed in 2024 with the insurer as a condition of cover.",
                 "Decided at the March 2024 meeting to stop taking cash.",
                 "This note records that the hall lease runs until 2027."):
        text = _house_rules_merged(said)
        assert said[-25:] in text, said
