"""Round 43: what a reader of a merged chain meets, and a flip that did nothing. Older
steps carried into a section of the newest are numbered on without the gap a step left
behind ("1. ... 3." reads as a list missing a step), as they already were under a heading
of their own, and one step alone is written as an item. A role held by someone named in
brackets ("The professional (currently Tom Reyes)") or taken in a clause ("Kate Lowe, who
took over as treasurer") is read as a role that changed hands. And the person's "older"
choice on a line a newer older version superseded (v2's "Dave Hollins moved to the
Manchester branch" over v1's "our rep is Dave Hollins") writes it; before, the preview
offered the flip and nothing changed. Domains no other merge test uses (a taxidermy
studio, a synchronised swimming squad, a real tennis club)."""

from __future__ import annotations

import datetime as dt
import re

from helpers_merge import dated

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 6, 9, 0, 0)
LEDGER = "Every specimen is logged in the paper ledger kept beside the chest freezer."
REP = "Glass eyes come from Oakley Supplies; our rep is Dave Hollins, 07700 900123."

INTAKE_V1 = f"""How specimens come into the Fenwick taxidermy studio.

## Records

{LEDGER}

## Suppliers

{REP}
"""
INTAKE_V2 = """How specimens come in. Dave Hollins moved to the Manchester branch in May. \
Specimens are now logged in the online register instead of the paper ledger.

## Booking in

- Bag and label each specimen with the finder's name and the date.
"""
INTAKE_V3 = """Specimen intake at the Fenwick taxidermy studio.

## Intake

- Bag and label every specimen: finder's name, date, where it was found.
- Salvage licences are checked by Nadia Brook before work starts.
"""
SQUAD_V1 = """Training for the Kestrel synchronised swimming squad.

## Before training

1. Hair up in a gelatine bun; gelatine is £3 a packet from Coach Mei.
2. Nose clips on before the first lift.
3. Competition costumes are ordered from Splashline, order code KS-24.
"""
SQUAD_V2 = """Squad training at Kestrel.

## Before training

The squad trains at Millbrook Leisure Centre on Tuesday evenings.

## Poolside

Arrive 30 minutes early for land drills on poolside. Nose clips go on before any lift.
"""


def _chain(*texts: str, **kw):
    """Merge versions v1..vN of one note (oldest first), kept in the newest's file."""
    notes = [dated(f"studio/v{i}.md", f"Specimen intake v{i}", f"studio/v{i}", text,
                   modified=f"202{i + 1}-05-01") for i, text in enumerate(texts, 1)]
    return compose("merge", notes[-1], notes[-2::-1], kept=notes[-1], now=NOW, **kw)


def _entry(composed, start: str):
    return next(e for e in composed.ledger.entries if e.text.startswith(start))



def test_the_older_choice_on_a_line_a_newer_older_version_ended_writes_it():
    first = _chain(INTAKE_V1, INTAKE_V2, INTAKE_V3)
    rep = _entry(first, "Glass eyes come from")
    assert rep.status == "superseded" and "older" in rep.flips and REP not in first.text
    assert "Dave Hollins moved" in (rep.by_text or "")  # v2's line, not the newest's
    again = _chain(INTAKE_V1, INTAKE_V2, INTAKE_V3, choices={rep.key: "older"})
    assert REP in again.text and again.text.count("Oakley Supplies") == 1


def test_guards_from_review_a_newer_older_versions_instead_of_ends_no_earlier_line():
    """Tried this round and withdrawn after two reviews: v2's "instead of the paper
    ledger" ending v1's lines that name the ledger ended lines about other things
    ("Junior coaching is held at the Crown" under "Adult coaching is now held at the
    library instead of the Crown") and standing arrangements changed for a while."""
    assert LEDGER in _chain(INTAKE_V1, INTAKE_V2, INTAKE_V3).text

def _squad(**kw):
    notes = [dated(f"squad/v{i}.md", f"Squad training v{i}", f"squad/v{i}", text,
                   modified=f"202{i + 2}-05-01")
             for i, text in enumerate((SQUAD_V1, SQUAD_V2), 1)]
    return compose("merge", notes[1], [notes[0]], kept=notes[1], now=NOW, **kw)


def test_older_steps_carried_into_a_section_of_the_newest_are_numbered_without_a_gap():
    composed = _squad()
    assert _entry(composed, "2. Nose clips").status == "dropped"  # the newest says it
    section = composed.text.split("## Before training\n", 1)[1].split("## Poolside", 1)[0]
    assert re.findall(r"(?m)^(\d+)\. ", section) == ["1", "2"], section
    assert "2. Competition costumes are ordered from Splashline, order code KS-24." in section
    assert section.index("Millbrook Leisure Centre") < section.index("1. Hair up")


def test_a_step_the_person_carries_back_takes_its_place_in_the_numbering():
    first = _squad()
    again = _squad(choices={_entry(first, "2. Nose clips").key: "carry"})
    section = again.text.split("## Before training\n", 1)[1].split("## Poolside", 1)[0]
    assert re.findall(r"(?m)^(\d+)\. ", section) == ["1", "2", "3"], section
    assert "2. Nose clips on before the first lift." in section


def test_one_older_step_alone_is_written_as_an_item_not_as_a_stray_number():
    """ "3. Log the order in the purchases spreadsheet" alone under a heading reads as a list
    that lost two steps (a reader's complaint on a fresh set)."""
    v1 = ("Training for the Kestrel synchronised swimming squad.\n\n## Before training\n\n"
          "1. Nose clips on before the first lift.\n"
          "2. Competition costumes are ordered from Splashline, order code KS-24.\n")
    notes = [dated(f"squad/v{i}.md", f"Squad training v{i}", f"squad/v{i}", text,
                   modified=f"202{i + 2}-05-01") for i, text in enumerate((v1, SQUAD_V2), 1)]
    composed = compose("merge", notes[1], [notes[0]], kept=notes[1], now=NOW)
    section = composed.text.split("## Before training\n", 1)[1].split("## Poolside", 1)[0]
    assert "- Competition costumes are ordered from Splashline, order code KS-24." in section
    assert not re.findall(r"(?m)^\d+\. ", section), section


def test_a_lone_step_a_version_names_by_number_keeps_its_number():
    v1 = ("Training for the Kestrel synchronised swimming squad.\n\n## Before training\n\n"
          "1. Nose clips on before the first lift.\n"
          "2. Competition costumes are ordered from Splashline, order code KS-24.\n\n"
          "Repeat step 2 before every gala.\n")
    notes = [dated(f"squad/v{i}.md", f"Squad training v{i}", f"squad/v{i}", text,
                   modified=f"202{i + 2}-05-01") for i, text in enumerate((v1, SQUAD_V2), 1)]
    composed = compose("merge", notes[1], [notes[0]], kept=notes[1], now=NOW)
    assert "2. Competition costumes are ordered from Splashline" in composed.text


COURT_V1 = """The Priory Street real tennis club: who does what.

## Workshop

The professional (currently Tom Reyes) restrings rackets in the workshop on Fridays.

## Money

The treasurer, Owen Pike, counts the bar takings after every home match.
"""
COURT_V2 = """Who does what at the Priory Street real tennis club.

## Lessons

- Professional: Ana Ruiz
- Lessons on weekday mornings, £35 an hour.

## Money

Subscriptions are due in January.

## Committee

Kate Lowe, who took over as treasurer in March, chairs the finance group.
"""


def _court():
    notes = [dated(f"tennis/v{i}.md", f"Club roles v{i}", f"tennis/v{i}", text,
                   modified=f"202{i + 2}-05-01")
             for i, text in enumerate((COURT_V1, COURT_V2), 1)]
    return compose("merge", notes[1], [notes[0]], kept=notes[1], now=NOW)


def test_a_role_named_in_brackets_or_taken_over_in_a_clause_has_changed_hands():
    """ "The professional (currently Tom Reyes)" is the role "Professional: Ana Ruiz" fills;
    "The treasurer, Owen Pike," the one "Kate Lowe, who took over as treasurer" took."""
    composed = _court()
    for start in ("The professional (currently Tom Reyes)", "The treasurer, Owen Pike"):
        e = _entry(composed, start)
        assert e.status == "superseded" and "older" in e.flips, e
        assert "another person in that role" in e.why
        assert start not in composed.text


def test_a_bracket_of_a_count_or_a_place_is_no_role():
    from review_app.core.merge.lexicon import ENGLISH
    from review_app.core.merge.roles import holders

    def heads(text: str) -> dict[str, str]:
        return {h.name: h.head for h in holders(text, ENGLISH, True)}

    assert heads("Margaret Ellery (chair) opens the meeting.")["margaret ellery"] == "chair"
    assert heads("| 8-inch Dobsonian (x2) | Most popular |").get("dobsonian") != "x2"
    assert heads("Day 2: Fort William (overnight in Fort William).").get("fort william") \
        != "overnight"
    # a copula alone still needs a phrase of two words: "Sam is away" names no role
    assert heads("Sam Hale is away on Mondays.")["sam hale"] != "away"


def test_guards_from_review_steps_a_version_names_by_number_keep_their_numbers():
    v1 = SQUAD_V1.replace("3. Competition costumes", "3. Competition costumes") + (
        "4. Warm up with 400 m of easy front crawl.\n\n## Juniors\n\n"
        "Juniors skip step 3 until their first gala.\n")
    notes = [dated(f"squad/v{i}.md", f"Squad training v{i}", f"squad/v{i}", text,
                   modified=f"202{i + 2}-05-01") for i, text in enumerate((v1, SQUAD_V2), 1)]
    text = compose("merge", notes[1], [notes[0]], kept=notes[1], now=NOW).text
    assert "3. Competition costumes are ordered from Splashline" in text
    assert "4. Warm up with 400 m of easy front crawl." in text


def test_guards_from_review_another_bodys_role_or_a_shared_one_changes_no_hands():
    from review_app.core.merge.lexicon import ENGLISH
    from review_app.core.merge.roles import replaced

    newest = ["- Treasurer: Kate Lowe", "- Co-chair: Ana Ruiz"]
    assert replaced("Owen Pike, who serves as treasurer of the county league, checks our "
                    "accounts each April.", newest, ENGLISH) is None
    assert replaced("Tom Reyes, who serves as co-chair, runs the spring open day.",
                    newest, ENGLISH) is None
    assert replaced("Owen Pike, who serves as treasurer, checks our accounts each April.",
                    newest, ENGLISH) == 0


def test_guards_from_review_a_past_or_one_of_many_holders_is_no_role_that_changed_hands():
    from review_app.core.merge.lexicon import ENGLISH
    from review_app.core.merge.roles import replaced

    newest = ["- Captain: Ben Tull", "- Coach: Ben Tull"]
    for line in ("Tom Reyes (captain 2019-2022) keeps the trophy cabinet.",
                 "Ana Ruiz, who became a coach in 2019, runs the junior sessions.",
                 "Ana Ruiz (coaches) runs the junior sessions on Saturdays."):
        assert replaced(line, newest, ENGLISH) is None, line


def test_guards_from_review_steps_named_by_an_ordinal_or_going_on_keep_their_numbers():
    v1 = SQUAD_V1 + ("4. If the pool is cold, go back to the third step and add a cap.\n")
    notes = [dated(f"squad/v{i}.md", f"Squad training v{i}", f"squad/v{i}", text,
                   modified=f"202{i + 2}-05-01") for i, text in enumerate((v1, SQUAD_V2), 1)]
    text = compose("merge", notes[1], [notes[0]], kept=notes[1], now=NOW).text
    assert "3. Competition costumes are ordered from Splashline" in text
    lone = SQUAD_V1.replace("3. Competition costumes are ordered from Splashline, order code "
                            "KS-24.", "3. Then order the competition costume from Splashline.")
    lone = lone.replace("1. Hair up in a gelatine bun; gelatine is £3 a packet from Coach "
                        "Mei.", "1. Nose clips ready in the kit bag.")
    notes = [dated(f"squad/v{i}.md", f"Squad training v{i}", f"squad/v{i}", text,
                   modified=f"202{i + 2}-05-01") for i, text in enumerate((lone, SQUAD_V2), 1)]
    text = compose("merge", notes[1], [notes[0]], kept=notes[1], now=NOW).text
    assert "Then order the competition costume from Splashline." in text
    assert "- Then order" not in text


def test_a_year_or_a_count_after_rule_or_point_names_no_step():
    """A held-out set's "Rules 2023" and "one point per frame" kept two carried lists at
    "3. ... 5." (the first version of the by-number check read them as step names)."""
    v1 = SQUAD_V1 + ("\n## Scoring\n\nJudges give one point per clean lift, as in the "
                     "Rules 2023 handbook.\n")
    notes = [dated(f"squad/v{i}.md", f"Squad training v{i}", f"squad/v{i}", text,
                   modified=f"202{i + 2}-05-01") for i, text in enumerate((v1, SQUAD_V2), 1)]
    text = compose("merge", notes[1], [notes[0]], kept=notes[1], now=NOW).text
    section = text.split("## Before training\n", 1)[1].split("## Poolside", 1)[0]
    assert re.findall(r"(?m)^(\d+)\. ", section) == ["1", "2"], section


def test_an_older_intro_naming_the_roles_old_holder_is_not_carried_back_for_its_date():
    """A held-out set's "The treasurer, Helen Marsh, confirmed these figures at the
    committee meeting on 29 August." was read as the treasurer's role changing hands,
    then carried back as an intro fact the newest's intro lacks (its date)."""
    v1 = ("This note records what the Priory Street real tennis club charges as of "
          "September 2023. The treasurer, Owen Pike, confirmed these figures at the "
          "committee meeting on 29 August.\n\n## Fees\n\nFull members pay £420 a year.\n")
    v2 = ("Fees at the Priory Street real tennis club from March 2024. Questions about "
          "fees go to Kate Lowe, who took over as treasurer at the AGM.\n\n## Fees\n\n"
          "Full members pay £450 a year.\n")
    old, new = (dated(f"tennis/fees-{k}.md", f"Club fees {k}", f"tennis/fees-{k}", text,
                      modified=when)
                for k, text, when in ((1, v1, "2023-09-05"), (2, v2, "2024-03-01")))
    composed = compose("merge", new, [old], kept=new, now=NOW)
    e = _entry(composed, "The treasurer, Owen Pike, confirmed")
    assert e.status == "superseded" and "another person in that role" in e.why, e
    assert "confirmed these figures" not in composed.text


def test_guards_from_review_an_old_holders_intro_with_a_number_still_needed_is_carried():
    v2 = ("Fees at the Priory Street real tennis club from March 2024. Questions about "
          "fees go to Kate Lowe, who took over as treasurer at the AGM.\n\n## Fees\n\n"
          "Full members pay £450 a year.\n")
    for line in ("Fee payments go to the treasurer, Owen Pike, by cheque or on 01632 960 118 "
                 "(the club office).",
                 "The treasurer, Owen Pike, says the next fee review is on 12 September 2027."):
        v1 = ("This note records what the Priory Street real tennis club charges as of "
              f"September 2023. {line}\n\n## Fees\n\nFull members pay £420 a year.\n")
        old, new = (dated(f"tennis/fees-{k}.md", f"Club fees {k}", f"tennis/fees-{k}", text,
                          modified=when)
                    for k, text, when in ((1, v1, "2023-09-05"), (2, v2, "2024-03-01")))
        assert line in compose("merge", new, [old], kept=new, now=NOW).text, line


def test_guards_from_review_a_step_named_by_a_word_or_with_a_letter_keeps_its_number():
    for note in ("Juniors may skip step three unless a judge asks.",
                 "Step 3a applies to juniors only.", "Juniors skip step 3, unless asked."):
        v1 = SQUAD_V1 + f"\n## Notes\n\n{note}\n"
        notes = [dated(f"squad/v{i}.md", f"Squad training v{i}", f"squad/v{i}", text,
                       modified=f"202{i + 2}-05-01")
                 for i, text in enumerate((v1, SQUAD_V2), 1)]
        text = compose("merge", notes[1], [notes[0]], kept=notes[1], now=NOW).text
        section = text.split("## Before training\n", 1)[1].split("## Poolside", 1)[0]
        assert re.findall(r"(?m)^(\d+)\. ", section) == ["1", "3"], (note, section)
