"""Opening hours are a slot per day, however they are written (issue 18: nothing
stale stated as current; schedule.py, pass_said_over): "Mon-Fri 09:00-17:00" under
"Weekdays from nine until half past five" gives Monday to Friday another span and is
not written; "Saturdays we open at eight and close at two" gives Saturday 08:00-14:00
as "Sat 08:00-14:00" does. A span the newest also gives those days, a slot another
clause qualifies ("Summer: ..." against the newest's winter hours) or a note with
two sets of hours for one day stay as they were. merge-BY g05 and merge-CB g13 kept
the older weekday hours beside the newest's in words. Domain: a laser clinic, which
no other test uses."""

from __future__ import annotations

from review_app.core.merge import ENGLISH
from review_app.core.merge.schedule import slots
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def _spans(text: str) -> set[tuple[tuple[str, ...], str, str]]:
    return {(tuple(sorted(d[:3] for d in s.days)), f"{s.start // 60}:{s.start % 60:02d}",
             f"{s.end // 60}:{s.end % 60:02d}") for s in slots(text, ENGLISH)}


def test_hours_read_however_written() -> None:  # failed before (no schedule module)
    weekdays = ("fri", "mon", "thu", "tue", "wed")
    assert _spans("- Mon-Fri 09:00-17:00") == {(weekdays, "9:00", "17:00")}
    assert _spans("Weekdays from nine until half past five.") == {(weekdays, "9:00", "17:30")}
    assert _spans("Saturdays we open at eight and close at two.") == {(("sat",), "8:00", "14:00")}
    assert _spans("Open Mon-Fri 08:00-17:30 and Sat 08:00-14:00.") == {
        (weekdays, "8:00", "17:30"), (("sat",), "8:00", "14:00")}
    assert _spans("Friday and Saturday: 12:00-23:00") == {(("fri", "sat"), "12:00", "23:00")}
    assert _spans("Open from half seven until quarter to six, Monday to Friday.") == {
        (weekdays, "7:30", "17:45")}
    assert _spans("Consultations take 2 to 3 weeks to book, Saturdays included.") == set()


def _clinic(older_hours: str, newest_hours: str):
    older = dated("laser-clinic/hours.md", "Clinic hours", "clinic-hours",
                  f"## Hours\n{older_hours}\n\n## Contact\n- Reception: 01632 960 555\n",
                  modified="2025-02-01")
    newest = dated("laser-clinic/hours-2025.md", "Clinic hours 2025", "clinic-hours-2025",
                   f"## Hours\n{newest_hours}\n\n## Contact\n- Reception: 01632 960 555\n",
                   modified="2025-09-01")
    return compose("merge", newest, [older])


def test_older_hours_go_under_the_newest_hours_in_words() -> None:  # failed before
    composed = _clinic("- Mon-Fri 09:00-17:00\n- Sat 09:00-12:00 (laser only)",
                       "Weekdays from nine until half past five. On Saturdays we open at "
                       "nine and close at noon for laser treatments.")
    assert entry(composed, "Mon-Fri 09:00-17:00").status == "superseded"
    assert "09:00-17:00" not in composed.text
    check_ledger(composed)


def test_hours_of_another_qualified_slot_stay() -> None:
    composed = _clinic("- Summer late opening: Thursday 09:00-20:00",
                       "Thursday 09:00-17:00. Ring reception for evening slots.")
    assert entry(composed, "Summer late opening").status != "superseded" or \
        entry(composed, "Summer late opening").why != "the newest gives those days other hours"
