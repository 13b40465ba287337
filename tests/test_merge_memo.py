"""A composed result is kept by everything it was composed from (core/merge/memo.py): the
same inputs again are not composed again (no text through the model, the same bytes and
ledger), and a changed note, date, choice or link resolution is composed anew. Real
model, real notes."""

from __future__ import annotations

import datetime as dt

from review_app.core.merge.memo import Memo
from review_app.core.merging import compose
from review_app.core.notes import Note, parse_note
from review_app.core.unit_vectors import UnitVectors, _Memory, unit_embedder

# A community bike workshop's opening notes and a newer rewrite with changed values.
OLDER = """---
title: Workshop opening hours
modified: 2025-11-03
---

# Workshop opening hours

The workshop at Canal Street opens on Tuesdays and Thursdays from 17:00 to 20:30.
Members pay EUR 25 a year; a stand costs EUR 3 per evening for non-members.
Spare inner tubes are sold at cost, usually EUR 6.
The key safe code is kept by the Thursday volunteer, Ines Marlow.

## Tools

- Truing stands and a headset press are shared between the two benches
- [rule] Torque wrenches go back in the locked cabinet after use
- stocks [[Parts cupboard inventory]]
"""

NEWER = """---
title: Canal Street workshop hours
modified: 2026-02-14
---

# Canal Street workshop hours

The Canal Street workshop opens Tuesdays and Thursdays, 17:30 to 21:00.
Membership is EUR 30 a year; non-members pay EUR 3 per evening for a stand.

## Tools

- The truing stands and the headset press are shared by both benches
- [rule] Return torque wrenches to the locked cabinet after use
- stocks [[Parts cupboard inventory]]
"""

NOW = dt.datetime(2026, 3, 1, 8, 0)


def note(path: str, text: str) -> Note:
    n = parse_note(path, text.encode())
    assert isinstance(n, Note)
    return n


def fresh() -> UnitVectors:
    """The real model with an empty memory of its own: every text it needs is embedded."""
    return UnitVectors(unit_embedder(), memory=_Memory())


def test_the_same_inputs_are_not_composed_again():
    old, new = note("older.md", OLDER), note("newer.md", NEWER)
    memo = Memo()
    first_vectors = fresh()
    first = compose("merge", new, [old], now=NOW, vectors=first_vectors, memo=memo)
    assert first_vectors.embedded > 0  # a compose that embeds nothing proves nothing
    again_vectors = fresh()
    later = dt.datetime(2026, 3, 2, 9, 15)
    again = compose("merge", new, [old], now=later, vectors=again_vectors, memo=memo)
    assert again_vectors.embedded == 0 and memo.hits == 1
    plain = compose("merge", new, [old], now=later, vectors=fresh())
    assert again.text == plain.text  # `modified:` stamped by this call, not the kept one
    assert again.text != first.text and "2026-03-02" in again.text
    assert again.ledger.to_json() == plain.ledger.to_json() == first.ledger.to_json()
    assert again.line_sources == plain.line_sources
    assert again.carry_features == plain.carry_features


def test_a_changed_note_date_choice_or_link_is_composed_anew():
    old, new = note("older.md", OLDER), note("newer.md", NEWER)
    memo = Memo()
    base = compose("merge", new, [old], now=NOW, vectors=fresh(), memo=memo)
    carried = [e for e in base.ledger.entries if "carry" in e.flips and e.status == "carried"]
    assert carried, "the older note's spare-tube price is carried"

    def composed_anew(**changes) -> tuple[bool, object]:  # noqa: ANN003
        kw = {"now": NOW, "memo": memo} | changes
        canonical, others = kw.pop("canonical", new), kw.pop("others", [old])
        misses = memo.misses
        vectors = fresh()
        out = compose("merge", canonical, others, vectors=vectors, **kw)
        return memo.misses == misses + 1, out

    # the person drops a carried unit: another key, and the text leaves it out
    anew, out = composed_anew(choices={carried[0].key: "drop"})
    assert anew and carried[0].text not in out.text
    # the older note edited (its tube price): another key, the new value written
    edited = note("older.md", OLDER.replace("usually EUR 6", "usually EUR 7"))
    anew, out = composed_anew(others=[edited])
    assert anew and "EUR 7" in out.text and "EUR 6" not in out.text
    # the same text dated otherwise (basic-memory's record, not the text): another key
    redated = note("older.md", OLDER)
    redated.modified = dt.datetime(2025, 12, 1)
    anew, _ = composed_anew(others=[redated])
    assert anew
    # the relation's target resolves to a note of the project now: another key
    anew, _ = composed_anew(targets={"parts cupboard inventory": "stock/parts.md"})
    assert anew
    # and the first inputs once more: found, not composed
    hits = memo.hits
    again = compose("merge", new, [old], now=NOW, vectors=fresh(), memo=memo)
    assert memo.hits == hits + 1 and again.text == base.text


def test_an_edited_text_is_never_kept_or_served():
    old, new = note("older.md", OLDER), note("newer.md", NEWER)
    memo = Memo()
    compose("merge", new, [old], now=NOW, vectors=fresh(), memo=memo)
    mine = NEWER + "\nA line the person wrote.\n"
    edited = compose("merge", new, [old], now=NOW, vectors=fresh(), memo=memo, text=mine)
    assert edited.text == mine and edited.ledger.edited
    assert memo.hits == 0 and len(memo) == 1
    plain = compose("merge", new, [old], now=NOW, vectors=fresh(), memo=memo)
    assert not plain.ledger.edited and plain.text != mine


def test_a_warm_up_takes_the_compose_under_way_a_preview_does_not_wait_for_it():
    """A warm-up (or the load's follow-up) asking for a group another thread is composing
    right now waits for that result rather than compose it beside it (twice the Python
    on one GIL); a preview, which someone waits for, composes on its own at once."""
    import threading

    from review_app.core.unit_vectors import AHEAD

    old, new = note("older.md", OLDER), note("newer.md", NEWER)
    memo = Memo()
    gate = threading.Event()

    class Held(UnitVectors):  # the first compose stays under way until the gate opens
        def ensure(self, texts, **kw):  # noqa: ANN001, ANN003, ANN202
            gate.wait(60)
            return super().ensure(texts, **kw)

    flyer = threading.Thread(target=compose, args=("merge", new, [old]), kwargs={
        "now": NOW, "vectors": Held(unit_embedder(), memory=_Memory()), "memo": memo})
    flyer.start()
    while not memo._flights and flyer.is_alive():
        threading.Event().wait(0.01)
    assert memo._flights, "the first compose ended before the others came"
    warm, urgent = fresh(), fresh()
    out: dict[str, str] = {}
    waiter = threading.Thread(target=lambda: out.setdefault("warm", compose(
        "merge", new, [old], now=NOW, vectors=warm.at(AHEAD), memo=memo).text))
    waiter.start()
    # the preview ends while the first compose is still held: it did not wait for it
    out["preview"] = compose("merge", new, [old], now=NOW, vectors=urgent, memo=memo).text
    assert flyer.is_alive()
    gate.set()
    flyer.join(60)
    waiter.join(60)
    assert urgent.embedded > 0  # composed beside the first, not waiting for it
    assert warm.embedded == 0 and memo.hits >= 1  # took the first one's result
    assert out["warm"] == out["preview"]
