"""A handover told from the old holder's side ("Priya has handed the Saturday rota over to
Dan Hughes") ends the old holder's hold on what changed hands, as "Dan Hughes took over
the Saturday rota from Priya" does (ended.py, Lexicon.handed_cues); and told by a version
between the newest and the oldest, it speaks for the oldest too (pass_said_over). Before,
the oldest's "[people] Priya Shah runs the Saturday rota" was written as current beside
the newest naming Dan (merge-EZ's rider induction, with "Maya has handed onboarding over
to Tomasz Wren"). Domain: a toy library, which no other merge test uses."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, dated, entry

from review_app.core.merge.ended import ended
from review_app.core.merge.lexicon import ENGLISH
from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 7, 9, 0)

V1 = """How the Saturday lending session at the toy library runs.

## Volunteers
Two volunteers open the session; we need three in the school holidays.

## Observations
- [people] Priya Shah runs the Saturday rota #volunteers
- [place] Sessions are in the church hall on Mill Lane #venue
"""

V2 = """The Saturday lending session.

## Volunteers
Priya has handed the Saturday rota over to Dan Hughes. Two volunteers open each session.

## Observations
- [place] Sessions are in the church hall on Mill Lane #venue
"""

V3 = """The Saturday lending session at the toy library.

## Volunteers
Dan Hughes sorts out who opens each Saturday; message him by Thursday if you can't make it.
Two volunteers open each session.
"""


def _notes(*bodies: tuple[str, str]):
    names = ("saturday-session", "saturday-lending", "saturday-lending-session")
    return [dated(f"toys/{name}.md", name.replace("-", " ").title(), f"toys/{name}", body,
                  modified=day) for name, (body, day) in zip(names, bodies, strict=False)]


def test_handed_over_names_the_old_holder_and_what_changed_hands():
    found = ended("Priya has handed the Saturday rota over to Dan Hughes.", ENGLISH)
    assert [(e.said, sorted(e.instead), sorted(e.duty)) for e in found] == [
        ("Priya", ["Dan", "Hughes"], ["rota", "saturday"])], found
    found = ended("Priya Shah handed over the rota to Dan Hughes in May.", ENGLISH)
    assert [(e.said, sorted(e.duty)) for e in found] == [("Priya Shah", ["rota"])], found
    for text in ("Toys are handed in at the desk.", "Hand the float over to the treasurer.",
                 "Leaflets are handed out to every family.",
                 # an adversarial review's cases: an object handed to someone, a routine,
                 # a handover for a while
                 "Priya handed Dan Hughes the keys to the store cupboard on Monday.",
                 "Priya handed the keys to the new tenant.",
                 "Priya handed her report to the trustees at the March meeting.",
                 "At close Priya hands over the float to the treasurer.",
                 "While she is on leave until the end of January, Priya has handed the "
                 "Saturday rota over to Dan Hughes.",
                 # a second review's: an object handed over, for a while, taken back,
                 # asked, to come
                 "At the awards night Priya handed the under-12s trophy over to Dan Hughes.",
                 "Priya has handed the Saturday rota over to Dan Hughes for the next six weeks.",
                 "Priya handed the Saturday rota over to Dan Hughes in May but took it back.",
                 "Has Priya handed the Saturday rota over to Dan Hughes?",
                 "Priya will have handed the Saturday rota over to Dan Hughes by March."):
        assert ended(text, ENGLISH) == (), text  # no holder handing anything over


def test_a_handover_in_a_middle_version_ends_the_oldest_holder():
    v1, v2, v3 = _notes((V1, "2024-02-01"), (V2, "2025-03-01"), (V3, "2026-04-01"))
    c = compose("merge", v3, [v2, v1], kept=v3, now=NOW)
    assert "Priya Shah runs the Saturday rota" not in c.text, c.text  # failed before
    e = entry(c, "Priya Shah runs the Saturday rota")
    assert e.status == "superseded" and "handed the Saturday rota over" in e.by_text, e
    assert "church hall on Mill Lane" in c.text, c.text  # still true, carried
    check_ledger(c)


def test_a_handover_in_the_newest_ends_the_older_holder():
    v1, v2 = _notes((V1, "2024-02-01"), (V2, "2025-03-01"))
    c = compose("merge", v2, [v1], kept=v2, now=NOW)
    assert "Priya Shah runs the Saturday rota" not in c.text, c.text  # (roles.py read it before)
    check_ledger(c)


def test_a_handover_for_a_while_in_a_middle_version_ends_nothing():
    """A second review's case: "took over ... from ... until" in the version between them
    once ended the oldest's holder, since the chain of what older versions tell took every
    handover in."""
    middle = V2.replace("Priya has handed the Saturday rota over to Dan Hughes.",
                        "Dan Hughes took over the Saturday rota from Priya Shah until the end "
                        "of January.")
    v1, v2, v3 = _notes((V1, "2024-02-01"), (middle, "2025-03-01"), (V3, "2026-04-01"))
    c = compose("merge", v3, [v2, v1], kept=v3, now=NOW)
    assert "Priya Shah runs the Saturday rota" in c.text, c.text
    check_ledger(c)


def _lasting(text: str) -> list[tuple[str, bool]]:
    return [(e.said, e.lasting) for e in ended(text, ENGLISH)]


def test_whether_a_handover_is_for_good_is_read_beside_what_changed_hands():
    """Read without the words of the duty: "repairs" in "took over costume repairs" once
    read as "closed for repairs", so a middle version's handover did not end the oldest's
    holder."""
    assert _lasting("Ines Carvalho took over costume repairs from Tomas Reyes.") == [
        ("Tomas Reyes", True)]
    found = ended("Ines Carvalho took over costume repairs from Tomas Reyes.", ENGLISH)
    assert [sorted(e.duty) for e in found] == [["costume", "repair"]], found
    found = ended("Priya has handed the toy repairs rota over to Dan Hughes.", ENGLISH)
    assert [(e.said, sorted(e.duty)) for e in found] == [
        ("Priya", ["repair", "rota", "toy"])], found
    for text, holder in (("Ines Carvalho took over costume repairs from Tomas Reyes until "
                          "the end of January.", "Tomas Reyes"),
                         ("Ines Carvalho took over costume repairs from Tomas Reyes for the "
                          "next six weeks.", "Tomas Reyes"),
                         ("Dan Hughes took over the Saturday rota from Priya Shah while she "
                          "is away.", "Priya Shah")):
        assert _lasting(text) == [(holder, False)], text


def test_a_handover_in_a_middle_version_ends_the_oldest_holder_whatever_changed_hands():
    middle = V2.replace("Priya has handed the Saturday rota over to Dan Hughes.",
                        "Dan Hughes took over the Saturday repairs rota from Priya Shah.")
    v1 = V1.replace("Priya Shah runs the Saturday rota", "Priya Shah runs the Saturday "
                    "repairs rota")
    old, mid, new = _notes((v1, "2024-02-01"), (middle, "2025-03-01"), (V3, "2026-04-01"))
    c = compose("merge", new, [mid, old], kept=new, now=NOW)
    assert "Priya Shah runs the Saturday repairs rota" not in c.text, c.text  # failed before
    check_ledger(c)


def test_a_season_says_when_the_handover_was_unless_it_is_the_span():
    """Found measuring merge-FK: "Dev Ramesh took over as Volunteer Coordinator from
    Pauline in the summer" read "summer" as "for the summer"."""
    assert _lasting("Dev Ramesh took over as Volunteer Coordinator from Pauline Hart in the "
                    "summer.") == [("Pauline Hart", True)]
    for text in ("Dev Ramesh took over as Volunteer Coordinator from Pauline Hart for the "
                 "summer.",
                 "Dan Hughes took over the Saturday rota from Priya Shah over the winter."):
        assert [last for _, last in _lasting(text)] == [False], text


def test_a_while_anywhere_in_the_sentence_keeps_the_holder_in_the_chain():
    """A third review: reading only the handover's own clause missed "For the summer, ...",
    "..., who is on maternity leave until June" and "...; she is back in March", so a
    middle version's cover ended the oldest's holder and her phone was lost. The chain
    reads the whole sentence, as before this round, less the duty's words."""
    for text in ("For the summer, Dan Hughes took over the Saturday rota from Priya Shah.",
                 "Dan Hughes took over the Saturday rota from Priya Shah, who is on maternity "
                 "leave until June.",
                 "Dan Hughes took over the Saturday rota from Priya Shah; she is back in "
                 "March.",
                 "Temporarily, Dan Hughes took over the Saturday rota from Priya Shah."):
        assert _lasting(text) == [("Priya Shah", False)], text


def test_the_newest_s_own_handover_ends_the_older_holder():
    """A second review: words of a while in the newest's handover also say when it was or
    what the new holder will do, so the newest's own handover stands (Ended.lasting is
    read only for older versions)."""
    swap = "Priya Shah keeps the Saturday rota; text her on 07700 900123 to swap"
    for handover in ("Dan Hughes took over the Saturday rota from Priya Shah during the "
                     "spring reorganisation.",
                     "Dan Hughes took over the Saturday rota from Priya Shah in March and "
                     "will run it from now on.",
                     "Dan Hughes took over the Saturday rota from Priya Shah after she moved "
                     "back to Leeds."):
        v2 = V2.replace("Priya has handed the Saturday rota over to Dan Hughes.", handover)
        old, new = _notes((V1.replace("Priya Shah runs the Saturday rota", swap),
                           "2024-02-01"), (v2, "2025-03-01"))
        c = compose("merge", new, [old], kept=new, now=NOW)
        assert "07700 900123" not in c.text, (handover, c.text)
        check_ledger(c)


def test_a_while_between_the_verb_and_the_new_holder_counts():
    """A fourth review: the words of the duty were skipped whole, and "until the end of
    March" or "temporarily" said there with them."""
    found = ended("Maya has handed over onboarding until the end of March to Tomasz Wren.",
                  ENGLISH)
    assert found == (), found
    assert _lasting("Tomasz Wren took over onboarding temporarily from Maya Okafor.") == [
        ("Maya Okafor", False)]
