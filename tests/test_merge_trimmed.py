"""A carried older sentence with a clause about a person the newest says left is
written without that clause (pass_trimmed; issue 18 item 4): the address and phone it
holds are still true, the person is not; the person's "carry" restores it whole."""

from __future__ import annotations

from helpers_merge import check_ledger, dated, entry

from review_app.core.merge.compose import compose
from review_app.core.merge.ended import ended
from review_app.core.merge.lexicon import ENGLISH
from review_app.core.merge.pass_trimmed import trimmed

OLD = dated("climbing/first-aid-draft.md", "Wall first aid (draft)", "climbing/first-aid-draft",
            "## Injuries\n"
            "Every instructor holds a first aid certificate renewed every 3 years. Injuries "
            "beyond a sprain go to the Holloway Road minor injuries unit (52 Holloway Road, "
            "phone 020 7946 0311); call ahead through Marek, and the wall pays the taxi.\n",
            modified="2025-02-01")
NEW = dated("climbing/first-aid.md", "Wall first aid", "climbing/first-aid",
            "Priya Shah took over as first aid lead when Marek left in March.\n\n"
            "## Injuries\n"
            "Every instructor holds a first aid certificate renewed every 2 years. Priya "
            "calls ahead; the wall pays the taxi.\n",
            modified="2025-06-01")
WHOLE = ("Injuries beyond a sprain go to the Holloway Road minor injuries unit (52 Holloway "
         "Road, phone 020 7946 0311); call ahead through Marek, and the wall pays the taxi.")
# (without "the wall pays the taxi" too: the newest says it, so written again it repeats)
CUT = ("Injuries beyond a sprain go to the Holloway Road minor injuries unit (52 Holloway "
       "Road, phone 020 7946 0311).")


def test_stale_clause_cut_and_flip_restores_whole() -> None:
    c = compose("merge", NEW, [OLD])
    e = entry(c, "Holloway Road")
    assert e.status == "carried" and e.written == CUT, (e.status, e.written)
    assert CUT in c.text and "Marek, and" not in c.text
    assert "call ahead through Marek" in e.why  # the ledger names what was cut
    check_ledger(c)
    whole = compose("merge", NEW, [OLD], choices={e.key: "carry"})
    assert WHOLE in whole.text
    dropped = compose("merge", NEW, [OLD], choices={e.key: "drop"})
    assert "Holloway Road" not in dropped.text


def test_first_clause_never_cut() -> None:
    ends = list(ended("Priya took over when Marek left in March.", ENGLISH))
    assert trimmed("Marek books the unit (phone 020 7946 0311); the wall pays.", ends) is None
    assert trimmed("The unit is on 020 7946 0311; ask Marek.", ends) == (
        "The unit is on 020 7946 0311.", "ask Marek")


def test_the_row_shows_what_is_written_and_what_was_cut() -> None:
    from review_app.tui.widgets.merge_view import row_text

    e = entry(compose("merge", NEW, [OLD]), "Holloway Road")
    shown = row_text(e, {e.source: "a"}).plain
    assert CUT in shown and "written without 'call ahead through Marek'" in shown


BOILER_OLD = dated("climbing/boiler.md", "Wall boiler servicing", "climbing/boiler",
                   "## Servicing\nThe boiler is serviced every spring. Breakdowns go to "
                   "Fenwick Heating (Unit 4, Mill Lane, phone 01632 960 555); the call-out "
                   "charge is £60.\n", modified="2025-01-01")
BOILER_NEW = dated("climbing/boiler-2025.md", "Wall boiler servicing 2025",
                   "climbing/boiler-2025",
                   "## Servicing\nThe boiler is serviced every spring. The call-out charge "
                   "is now £75.\n", modified="2025-08-01")
HEATING = "Breakdowns go to Fenwick Heating (Unit 4, Mill Lane, phone 01632 960 555)."


def test_a_clause_with_another_value_is_cut_and_the_phone_kept() -> None:
    c = compose("merge", BOILER_NEW, [BOILER_OLD])
    e = entry(c, "Fenwick Heating")
    assert e.status == "carried" and e.written == HEATING, (e.status, e.why)
    assert HEATING in c.text and "£60" not in c.text
    assert "written without 'the call-out charge is £60'" in e.why
    check_ledger(c)
    whole = compose("merge", BOILER_NEW, [BOILER_OLD], choices={e.key: "carry"})
    assert e.text in whole.text and entry(whole, "Fenwick").chosen
    dropped = compose("merge", BOILER_NEW, [BOILER_OLD], choices={e.key: "drop"})
    assert "Fenwick" not in dropped.text
