"""Older prose the newest replaced in meaning, with no shared value or cue word of the
older's own (issue 18, merge-K): a term's span of years is a value of the term ("Chair
for the 2023-2025 term" / "2025-2027"); a thing the newest says moved, or was replaced,
is no longer where an older unit puts it ("The catalogue moved to Koha" over "... kept
in a spreadsheet"); the note's byline is one at a time ("Written by A. Moss" / "Revised
by J. Park"). Each is superseded (a row the person can flip), and what else the older
note says of the thing is still carried."""

from __future__ import annotations

from review_app.core.merge.lexicon import ENGLISH
from review_app.core.merge.thing_values import other_value, thing_values
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def test_a_span_of_years_is_a_value_of_its_term() -> None:
    (old,) = thing_values("Chair for the 2023-2025 term.", ENGLISH)
    (new,) = thing_values("Chair for the 2025–27 term.", ENGLISH)
    assert (old.value, new.value) == ("2023-2025", "2025-2027")
    assert other_value(old, new)
    assert thing_values("Founded on 2011-12-05 by the vicar.", ENGLISH) == ()

    newer = dated("clubs/cricket-committee-2026.md", "Cricket club committee (2026)",
                  "cricket-committee-2026",
                  "Who runs the Ashby Road cricket club.\n\n## Officers\n\n"
                  "Priya Nair is Chair for the 2025-2027 term.\n"
                  "Nets open on Tuesday evenings from April.\n",
                  modified="2026-01-10")
    older = dated("clubs/cricket-committee.md", "Cricket club committee",
                  "cricket-committee",
                  "Who runs the Ashby Road cricket club.\n\n## Officers\n\n"
                  "Priya Nair is Chair for the 2023-2025 term.\n"
                  "The groundsman rolls the square every Friday at 18:00.\n",
                  modified="2024-05-02")
    c = compose("merge", newer, [older])
    check_ledger(c)
    assert "2023-2025" not in c.text
    e = entry(c, "2023-2025 term")
    assert e.status == "superseded" and "2025-2027" in (e.by_text or "")
    assert "rolls the square every Friday at 18:00" in c.text  # nothing replaced it


def test_a_thing_that_moved_is_no_longer_where_the_older_note_put_it() -> None:
    newer = dated("parish/archive-catalogue-2026.md", "Parish archive catalogue (2026)",
                  "archive-catalogue-2026",
                  "How the parish archive finds its registers.\n\n## Catalogue\n\n"
                  "The catalogue moved to Koha in 2025; volunteers search it from the "
                  "vestry laptop.\n\n## Handling\n\n"
                  "Registers are handled with cotton gloves.\n",
                  modified="2026-02-14")
    older = dated("parish/archive-catalogue.md", "Parish archive catalogue",
                  "archive-catalogue",
                  "How the parish archive finds its registers.\n\n## Catalogue\n\n"
                  "The catalogue lives in a spreadsheet on the churchwarden's PC.\n"
                  "The catalogue lists 1,140 registers and boxes.\n\n## Handling\n\n"
                  "Registers are handled with cotton gloves.\n",
                  modified="2024-09-01")
    c = compose("merge", newer, [older])
    check_ledger(c)
    assert "lives in a spreadsheet" not in c.text
    e = entry(c, "lives in a spreadsheet")
    assert e.status == "superseded" and "Koha" in (e.by_text or "") and e.flips
    assert "1,140 registers" in c.text  # the count still holds where the catalogue went


def test_a_replaced_thing_is_named_before_what_replaced_it() -> None:
    newer = dated("herbarium/mounting-2026.md", "Herbarium mounting guide (2026)",
                  "mounting-2026",
                  "How sheets are mounted in the county herbarium.\n\n## Mounting\n\n"
                  "We replaced the animal glue with linen tape in 2025.\n"
                  "Each sheet gets a barcode label, bottom right.\n",
                  modified="2026-03-03")
    older = dated("herbarium/mounting.md", "Herbarium mounting guide", "mounting",
                  "How sheets are mounted in the county herbarium.\n\n## Mounting\n\n"
                  "Specimens are fixed with animal glue on 300 gsm card.\n"
                  "Each sheet gets a barcode label, bottom right.\n",
                  modified="2024-03-03")
    c = compose("merge", newer, [older])
    check_ledger(c)
    e = entry(c, "animal glue")
    assert e.status != "carried" and "animal glue" not in c.text.split("replaced")[0]
    assert "300 gsm" in e.why or e.status == "dropped" and e.held, (e.status, e.why)


def test_the_byline_is_the_newest_one() -> None:
    newer = dated("darts/league-handbook-2026.md", "Darts league handbook (2026)",
                  "league-handbook-2026",
                  "Revised by Jun Park, March 2026.\n\nHow the Crown Lane darts league "
                  "runs.\n\n## Fixtures\n\nMatches start at 20:00 on Thursdays.\n",
                  modified="2026-03-20")
    older = dated("darts/league-handbook.md", "Darts league handbook", "league-handbook",
                  "Written by Alma Moss.\n\nHow the Crown Lane darts league runs.\n\n"
                  "## Fixtures\n\nMatches start at 20:00 on Thursdays.\n"
                  "Each team brings its own scorer and 2 spare sets of flights.\n",
                  modified="2023-06-01")
    c = compose("merge", newer, [older])
    check_ledger(c)
    assert "Written by Alma Moss" not in c.text
    e = entry(c, "Written by Alma Moss")
    assert e.status == "superseded" and "Jun Park" in (e.by_text or "") and e.flips
    assert "Each team brings its own scorer and 2 spare sets of flights." in c.text
