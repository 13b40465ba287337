"""A procedure whose steps are numbered headings is a procedure (procedures.heading_steps).
The newest wrote its set-up as sections "## 1. ..." to "## 4. ..."; the older version's
numbered list of the same steps, reworded past any item-to-item match, found no newest
list holding them, so its steps were written beside the newest's sections: the paper
register the tablet replaced, an old door, a person who left (merge-FB's pre-sailing
checks, merge-EX's volunteer onboarding). Domain: a touring community cinema, which no
other merge test uses."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, dated, entry

from review_app.core.merge.document import parse
from review_app.core.merge.procedures import heading_steps
from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 7, 9, 0)

OLDER = """Setting up a mobile cinema screening in a village hall.

## Set-up
1. **Unloading.** Two of the crew bring the projector cases in through the side entrance.
2. **Tickets.** Tick off ticket holders on the paper guest list by the hall door.
3. **Fire check.** Check the fire exits are unlocked and clear before anyone is let in.
4. **Screen.** Put the screen up on the stage, well away from the kitchen hatch.
5. **Briefing.** Pat, the duty manager, talks the crew through the evening.
"""

NEWEST = """Setting up a mobile cinema screening, as we run them since the new van.

## 1. Unload
The van now carries the projector, the sound desk and the screen; unload the screen first.

## 2. Tickets
Guests check in on the tablet at the door; nothing is ticked off on paper any more.

## 3. Screen
Put the screen up in front of the stage so the front rows can see over the heads.

## 4. Crew briefing
Kofi, the duty manager since May, briefs the crew at 18:30 before doors open.

## After the film
Pack the screen last.
"""


def _merge(**kw):
    older = dated("cinema/screening-setup.md", "Screening set-up", "cinema/screening-setup",
                  OLDER, modified="2025-02-01")
    newest = dated("cinema/mobile-screening-runbook.md", "Mobile screening runbook",
                   "cinema/mobile-screening-runbook", NEWEST, modified="2026-02-01")
    return compose("merge", newest, [older], kept=newest, now=NOW, **kw)


def test_numbered_headings_are_the_steps_of_one_procedure():
    doc = parse("x.md", NEWEST)
    titles = [doc.sections[k].title for k in heading_steps(doc)]
    assert titles == ["1. Unload", "2. Tickets", "3. Screen", "4. Crew briefing"], titles
    # two numbered headings, or numbers that do not run on, are no procedure
    for text in ("## 1. One\nx\n## 2. Two\ny\n", "## 1. One\nx\n## 3. Three\ny\n## 4. F\nz\n",
                 "## 1 March\nx\n## 2 March\ny\n## 3 March\nz\n"):
        assert heading_steps(parse("y.md", text)) == [], text


def test_an_older_list_of_the_same_steps_is_not_written_beside_them():
    c = _merge()
    for old in ("paper guest list by the hall door", "side entrance", "kitchen hatch",
                "Pat, the duty manager"):
        assert old not in c.text, (old, c.text)  # failed before: written as steps
    for old in ("side entrance", "kitchen hatch", "Pat, the duty manager"):
        e = entry(c, old)
        assert e.status == "dropped" and e.flips == ("carry", "drop"), e
        assert "headings '1. Unload' to '4. Crew briefing'" in e.why, e.why
    check_ledger(c)


def test_a_step_nothing_in_the_newest_speaks_of_is_carried_after_the_procedure():
    c = _merge()
    e = entry(c, "fire exits")
    assert e.status == "carried" and e.flips == ("carry", "drop"), e
    step4 = c.text.split("## 4. Crew briefing")[1].split("## After the film")[0]
    # a labelled list of its own, not a sentence running on in step 4's paragraph
    assert "\n- **Fire check.** Check the fire exits are unlocked" in step4, c.text
    dropped = _merge(choices={e.key: "drop"})
    assert "fire exits" not in dropped.text, dropped.text
    check_ledger(c)
    check_ledger(dropped)


def test_a_held_step_is_written_with_one_choice():
    e = entry(_merge(), "side entrance")
    c = _merge(choices={e.key: "carry"})
    assert "side entrance" in c.text.split("## 4. Crew briefing")[1], c.text
    check_ledger(c)


TROUBLESHOOTING = """
## Troubleshooting
1. If the projector shows no picture, swap the HDMI cable for the spare in the blue case.
2. If the sound hums, plug the sound desk into the same socket strip as the projector.
3. If the screen will not stay up, the left leg clamp needs the 10 mm spanner.
4. If a guest is not on the list, call the box office on 01632 960123.
"""


def test_another_list_of_the_older_note_is_no_older_version_of_the_steps():
    older = dated("cinema/screening-setup.md", "Screening set-up", "cinema/screening-setup",
                  OLDER + TROUBLESHOOTING, modified="2025-02-01")
    newest = dated("cinema/mobile-screening-runbook.md", "Mobile screening runbook",
                   "cinema/mobile-screening-runbook", NEWEST, modified="2026-02-01")
    c = compose("merge", newest, [older], kept=newest, now=NOW)
    for fact in ("spare in the blue case", "10 mm spanner", "01632 960123"):
        e = entry(c, fact)
        assert "headings" not in e.why, e  # failed on the first version: all dropped
        assert fact in c.text, (fact, c.text)
    check_ledger(c)


def test_numbered_sections_of_a_record_are_no_procedure_for_an_older_list():
    """An adversarial review's case (a database decision record, outside the cinema)."""
    older = dated("adr/postgres.md", "Why PostgreSQL", "adr/postgres",
                  """Why we chose PostgreSQL for the orders service.

## Risks we accepted
1. The orders table will pass 500 million rows by 2027 and will need partitioning by month.
2. Only Ravi and Mei know how to run a failover of the database by hand.
3. The reporting queries lock the orders table; they must run on the read replica.
4. The database licence-free choice means no vendor support contract if the cluster fails.
""", modified="2025-02-01")
    newest = dated("adr/postgres-record.md", "PostgreSQL decision record",
                   "adr/postgres-record", """Why we chose PostgreSQL for the orders service.

## 1. Context
The orders service outgrew the document store; joins across orders and customers were slow.

## 2. Options
We looked at PostgreSQL, MySQL and a managed document database.

## 3. Decision
PostgreSQL 16 on the managed cloud service, with one read replica for reporting.

## 4. Consequences
The team learns SQL migrations; the failover is handled by the cloud service.
""", modified="2026-02-01")
    c = compose("merge", newest, [older], kept=newest, now=NOW)
    for fact in ("500 million rows", "lock the orders table", "no vendor support contract"):
        e = entry(c, fact)
        assert "headings" not in e.why, e  # failed on the first version: held after them
        assert fact in c.text.split("## Risks we accepted")[1], (fact, c.text)
    check_ledger(c)


def test_a_carried_step_goes_after_the_last_steps_text_not_on_its_list_or_under_its_subsection():
    """A review's cases: the last step ends with a list of briefing topics, then a
    subsection with the contacts table; the carried step went on the list (a briefing
    topic) or under the subsection (a contact)."""
    last = """## 4. Crew briefing
Kofi, the duty manager since May, briefs the crew at 18:30 before doors open on:
- the film's running time and the interval
- who sells the ice creams

### Who to call
| Role | Name | Phone |
| --- | --- | --- |
| Duty manager | Kofi | 07700 900111 |

## After the film
"""
    newest = dated("cinema/mobile-screening-runbook.md", "Mobile screening runbook",
                   "cinema/mobile-screening-runbook",
                   NEWEST.split("## 4. Crew briefing")[0] + last + "Pack the screen last.\n",
                   modified="2026-02-01")
    older = dated("cinema/screening-setup.md", "Screening set-up", "cinema/screening-setup",
                  OLDER, modified="2025-02-01")
    c = compose("merge", newest, [older], kept=newest, now=NOW)
    assert entry(c, "fire exits").status == "carried", entry(c, "fire exits")
    step4 = c.text.split("## 4. Crew briefing")[1]
    own, sub = step4.split("### Who to call")
    assert "- who sells the ice creams\n\n" in own, c.text  # not a third briefing topic
    assert "\n- **Fire check.** Check the fire exits" in own, c.text
    assert "fire exits" not in sub, c.text
    check_ledger(c)


def test_open_questions_about_the_steps_are_no_older_version_of_them():
    """A review's case: questions landing on the steps in their order."""
    older = dated("cinema/projector-review.md", "Projector review", "cinema/projector-review",
                  """Why we chose a laser projector for the touring cinema.

## Open questions from the review
1. The lamp projector was dim in halls with skylights; did we measure it? Ines has the readings.
2. Did we look at hiring properly? Tom priced a hired projector for a season in March.
3. Who owns the lens alignment once the crew stops using the lamp projector?
""", modified="2025-02-01")
    newest = dated("cinema/projector-decision.md", "Projector decision",
                   "cinema/projector-decision", """Why we chose a laser projector.

## 1. Context
The lamp projector was too dim in halls with skylights.

## 2. Options
We looked at a new lamp projector, a laser projector and a hired one per show.

## 3. Decision
A laser projector bought with the village grant.

## 4. Consequences
The crew learns the new menu; the supplier aligns the lens on tour.
""", modified="2026-02-01")
    c = compose("merge", newest, [older], kept=newest, now=NOW)
    for fact in ("Ines has the readings", "for a season in March", "Who owns the lens"):
        e = entry(c, fact)
        assert "headings" not in e.why, e  # the rules for any older list decide
    check_ledger(c)
