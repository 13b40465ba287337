"""Opening hours are a slot per day, however they are written (issue 18: nothing
stale stated as current; schedule.py, pass_said_over): "Mon-Fri 09:00-17:00" under
"Weekdays from nine until half past five" gives Monday to Friday another span and is
not written. Two slots are one only when qualified alike (a season, a service, an
evening, a heading: "## Café" hours are not the "## Shop" hours); a line with a day
the newest gives no hours keeps them all; a closure, a price or a count in words is
no span. merge-BY g05 kept "Mon-Fri 09:00-17:00" under "## Opening hours" beside the
newest's "## When we're open: Weekdays from nine until half past five". Domain: a
laser clinic, which no other test uses."""

from __future__ import annotations

from review_app.core.merge import ENGLISH
from review_app.core.merge.schedule import slots
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry

WEEKDAYS = ("fri", "mon", "thu", "tue", "wed")


def _spans(text: str) -> set[tuple[tuple[str, ...], str, str]]:
    return {(tuple(sorted(d[:3] for d in s.days)), f"{s.start // 60}:{s.start % 60:02d}",
             f"{s.end // 60}:{s.end % 60:02d}") for s in slots(text, ENGLISH)}


def test_hours_read_however_written() -> None:  # failed before (no schedule module)
    assert _spans("- Mon-Fri 09:00-17:00") == {(WEEKDAYS, "9:00", "17:00")}
    assert _spans("Weekdays from nine until half past five.") == {(WEEKDAYS, "9:00", "17:30")}
    assert _spans("Saturdays we open at eight and close at two.") == {(("sat",), "8:00", "14:00")}
    assert _spans("Open Mon-Fri 08:00-17:30 and Sat 08:00-14:00.") == {
        (WEEKDAYS, "8:00", "17:30"), (("sat",), "8:00", "14:00")}
    assert _spans("Saturday and Sunday 10:00-16:00") == {(("sat", "sun"), "10:00", "16:00")}
    assert _spans("Mon, Wed, Fri 10:00-12:00") == {(("fri", "mon", "wed"), "10:00", "12:00")}
    assert _spans("Monday through Friday 09:00-17:00") == {(WEEKDAYS, "9:00", "17:00")}
    assert _spans("Fri 18:00-02:00") == {(("fri",), "18:00", "26:00")}  # past midnight


def test_what_is_no_span_of_opening_hours() -> None:
    assert _spans("Closed 13:00-14:00 weekdays for lunch.") == set()
    assert _spans("Saturday: £9.50-£12.00") == set()
    assert _spans("Closed Sat 12.05-15.05") == set()
    assert _spans("Saturdays: two to three volunteers.") == set()
    assert _spans("SATs 16:00-17:00") == set()


def _clinic(older_hours: str, newest_hours: str, *, older_heading: str = "Hours",
            newest_heading: str = "Hours"):
    older = dated("laser-clinic/hours.md", "Clinic hours", "clinic-hours",
                  f"## {older_heading}\n{older_hours}\n\n## Contact\n"
                  "- Reception: 01632 960 555\n", modified="2025-02-01")
    newest = dated("laser-clinic/hours-2025.md", "Clinic hours 2025", "clinic-hours-2025",
                   f"## {newest_heading}\n{newest_hours}\n\n## Contact\n"
                   "- Reception: 01632 960 555\n", modified="2025-09-01")
    return compose("merge", newest, [older])


def test_older_hours_go_under_the_newest_hours_in_words() -> None:  # failed before
    composed = _clinic("- Mon-Fri 09:00-17:00",
                       "Weekdays from nine until half past five.",
                       older_heading="Opening hours", newest_heading="When we're open")
    assert entry(composed, "Mon-Fri 09:00-17:00").status == "superseded"
    assert "09:00-17:00" not in composed.text
    check_ledger(composed)


def test_hours_qualified_otherwise_or_with_a_day_left_stay() -> None:
    composed = _clinic("- Mon-Fri 09:00-17:00, Sat 10:00-12:00\n"
                       "- Thursday evening opening 17:00-20:00\n"
                       "- May-September: Sat 10:00-16:00",
                       "Weekdays from nine until half past five.")
    for line in ("Sat 10:00-12:00", "evening opening", "May-September"):
        assert entry(composed, line).why != "the newest gives those days other hours", line
    older = dated("laser-clinic/cafe.md", "Clinic and cafe", "clinic-and-cafe",
                  "## Clinic\n- Mon-Fri 09:00-17:00\n\n## Café\n- Mon-Fri 08:00-16:00\n",
                  modified="2025-02-01")
    newest = dated("laser-clinic/cafe-2025.md", "Clinic 2025", "clinic-2025",
                   "## Clinic\nWeekdays from nine until half past five.\n",
                   modified="2025-09-01")
    composed = compose("merge", newest, [older])
    assert entry(composed, "Mon-Fri 08:00-16:00").why != "the newest gives those days other hours"
    assert entry(composed, "Mon-Fri 09:00-17:00").status == "superseded"
    check_ledger(composed)


def test_a_lead_sentence_or_an_evening_start_qualifies_the_hours() -> None:  # a review's
    # repros: shorter hours for August do not replace the regular ones, and "from six
    # until midnight" may start in the evening, so it decides nothing
    composed = _clinic("- Mon-Fri 09:00-17:00",
                       "During August we keep shorter hours. Weekdays 10:00-15:00.")
    assert entry(composed, "Mon-Fri 09:00-17:00").why != "the newest gives those days other hours"
    composed = _clinic("- Fri 18:00-24:00", "Fridays from six until midnight.")
    assert entry(composed, "Fri 18:00-24:00").why != "the newest gives those days other hours"
    assert _spans("Weekdays 9:30am-5:30pm.") == {(WEEKDAYS, "9:30", "17:30")}
