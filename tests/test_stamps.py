"""One stamp rule (core/stamps.py) for the kept file and the series cue, periods included:
a choir's rehearsal rota rewritten for the next term."""

from __future__ import annotations

from review_app.core import grouping, stamps
from review_app.core.grouping import build_groups, choose_kept
from review_app.core.notes import Note, parse_note
from review_app.core.strategies import Candidate, series
from review_app.core.strategies.series import series_cue


def note(path: str, title: str, body: str, *, created: str, modified: str) -> Note:
    text = f"---\ntitle: {title}\ncreated: {created}\nmodified: {modified}\n---\n{body}\n"
    parsed = parse_note(path, text.encode(), mtime=0.0)
    assert isinstance(parsed, Note)
    return parsed


AUTUMN = note("choir/rehearsal-rota-autumn.md", "Rehearsal rota - autumn term",
              "Sopranos set out chairs; altos make tea. Rehearsals Tuesdays 19:30.",
              created="2025-08-30", modified="2025-09-02")
SPRING = note("choir/rehearsal-rota-spring-2026.md", "Rehearsal rota - spring term 2026",
              "Tenors set out chairs; basses make tea. Rehearsals Tuesdays 19:45.",
              created="2025-12-20", modified="2026-01-04")


def test_periods_are_stamps_and_common_words_are_not():
    for title in ("Rehearsal rota - autumn term", "Concert plan spring 2026", "Rota term 2",
                  "Budget Q3", "Fall 2025 auditions", "Sectional notes (Sept 2025)",
                  "Robe inventory rev 3", "Hymn list v2", "Hymn list 2025-11-02"):
        assert stamps.has_stamp(title), title
    for title in ("Fall protection on the choir risers", "May we sing in the nave",
                  "Rehearsal rota", "Robe inventory"):
        assert not stamps.has_stamp(title), title
    # a revision number is not read out of a date ("rev 2025-07" is the date)
    assert stamps.stamped("Robe inventory rev 2025-07") == ("robe inventory rev", ("202507",))


def test_one_rule_for_kept_file_and_series():
    assert grouping.has_stamp is stamps.has_stamp
    assert series.stamped is stamps.stamped and series.unstamped is stamps.unstamped


def test_every_title_stamped_keeps_the_newest_notes_file():
    kept, why = choose_kept([AUTUMN, SPRING], {AUTUMN.path: 1, SPRING.path: 1})
    assert kept is SPRING
    assert why.startswith("every title carries a stamp; newer:")
    # with no links the stamps decide nothing: the body written's file, by its own reason
    kept, why = choose_kept([AUTUMN, SPRING])
    assert kept is SPRING and why.startswith("newer:"), why
    # the same through grouping, whichever note anchors
    pair = sorted([AUTUMN.path, SPRING.path])
    notes = {AUTUMN.path: AUTUMN, SPRING.path: SPRING}
    [group] = build_groups([Candidate(*pair, 0.9)], notes, 0.5,
                           lambda a, b: Candidate(a.path, b.path, 0.9))
    assert group.kept == SPRING.path and group.canonical == SPRING.path


def test_an_unstamped_title_is_kept_over_stamped_ones_linked_to_alike():
    plain = note("choir/rehearsal-rota.md", "Rehearsal rota", "Chairs and tea by section.",
                 created="2025-01-10", modified="2025-01-12")
    alike = {n.path: 1 for n in (SPRING, plain, AUTUMN)}
    kept, why = choose_kept([SPRING, plain, AUTUMN], alike)
    assert kept is plain and "no date or version stamp" in why
    # nothing links to any: no established name, the body written's file is kept
    kept, why = choose_kept([SPRING, plain, AUTUMN])
    assert kept is SPRING and why.startswith("newer:"), why


def test_series_by_period_and_a_copy_that_adds_a_stamp():
    # autumn vs spring term: the next member of a series (counts against a duplicate)
    assert series_cue(AUTUMN, SPRING).series
    # a season both titles share, one adding a year: an agent's dated copy, no series
    a = note("choir/summer-tour.md", "Summer tour plan", "Coach leaves 07:00.",
             created="2025-03-01", modified="2025-03-01")
    b = note("choir/summer-tour-2026.md", "Summer tour plan 2026", "Coach leaves 07:30.",
             created="2026-03-01", modified="2026-03-01")
    assert not series_cue(a, b).series
