"""The console's rules and view model without a terminal: a real scan (real model) of a
small kitchen-and-garden knowledge base written for these tests, then `ReviewSession`
and `ReviewView` driven directly."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from review_app.core.decisions import DecisionStore
from review_app.core.edits import EditStore
from review_app.core.pipeline import ScanOptions, scan
from review_app.core.project import Project
from review_app.tui.screens.confirm import counts, summary_text
from review_app.tui.session import ReviewSession
from review_app.tui.view import PREVIEW_MODES, ReviewView
from review_app.tui.widgets.merge_view import body_text, compose_written
from review_app.tui.widgets.preview import text_diff

STARTER = "kitchen/sourdough-starter-feeding.md"  # important
DATED = "kitchen/starter_feeding_2026-05.md"
CARE = "kitchen/starter-care-notes.md"
TOMATO = "garden/tomato-watering.md"
TOMATO_V2 = "garden/tomato_watering_plan_v2.md"
DRIP = "garden/greenhouse-drip-irrigation.md"  # related to the tomato notes, less alike

NOTES = {
    'kitchen/sourdough-starter-feeding.md': """---
title: Sourdough starter feeding schedule
type: note
important: true
created: 2026-03-02
---
# Sourdough starter feeding schedule

The rye starter lives on the counter at about 24 °C and is fed twice a day, at 8:00 and 20:00.

## Feeding
- Discard all but 20 g, then feed 1:5:5 (20 g starter, 100 g flour, 100 g water).
- Flour: 80% bread flour, 20% whole rye.
- It peaks about 6 hours after a feed; use it for dough at the peak.

## Observations
- [method] Feed 1:5:5 twice a day #sourdough
- [tip] A rubber band on the jar marks the level after feeding #sourdough
""",
    'kitchen/starter_feeding_2026-05.md': """---
title: Starter feeding 2026-05
type: note
created: 2026-05-14
---
# Starter feeding 2026-05

Our rye starter sits on the counter (around 24 °C) and gets fed twice daily, at 8:00 and 20:00.

## Feeding
- Keep 20 g, discard the rest, feed 1:4:4 (20 g starter, 80 g flour, 80 g water).
- Flour mix: 80% bread flour and 20% whole rye.
- Peak comes roughly 6 hours after feeding; mix the dough at the peak.
- In summer, move it to the cellar shelf to slow it down.

## Observations
- [method] Feed 1:4:4 twice daily #sourdough
""",
    'kitchen/starter-care-notes.md': """---
title: Starter care notes
type: note
created: 2026-04-20
---
# Starter care notes

The rye starter is kept on the counter at roughly 24 °C and fed two times a day, 8:00 and 20:00.

## Feeding
- Discard down to 20 g and feed 1:5:5 (20 g starter, 100 g flour, 100 g water).
- Use 80% bread flour with 20% whole rye.
- It peaks around 6 hours after a feed, which is when the dough gets mixed.
- Before a holiday, feed 1:10:10 and put it in the fridge.
""",
    'kitchen/bread-hydration-table.md': """---
title: Bread hydration table
type: note
---
# Bread hydration table

Levain comes from the [[Sourdough starter feeding schedule]] at its peak.

| bread | hydration | levain |
| --- | --- | --- |
| country loaf | 75% | 20% |
| rye tin | 85% | 30% |
| focaccia | 80% | 15% |
""",
    'garden/tomato-watering.md': """---
title: Tomato watering
type: note
created: 2026-05-01
---
# Tomato watering

The greenhouse tomatoes get drip irrigation from the rain barrel.

- Water every morning at 6:00 for 5 minutes in June.
- From July, when the fruit sets, water for 10 minutes morning and evening.
- Stop watering a week before the last harvest to sweeten the fruit.
- Mulch with straw to keep the soil moist.
""",
    'garden/tomato_watering_plan_v2.md': """---
title: Tomato watering plan v2
type: note
created: 2026-06-10
---
# Tomato watering plan v2

Greenhouse tomatoes are drip-irrigated from the rain barrel.

- Water every morning at 6:00 for 10 minutes in June.
- From July, once the fruit sets, water 10 minutes morning and evening.
- Stop watering a week before the last harvest so the fruit gets sweeter.
- Mulch with straw so the soil stays moist.
""",
    'garden/compost-turning.md': """---
title: Compost turning
type: note
---
# Compost turning

The three-bay compost is turned every two weeks; the middle bay should reach 55 °C.
Brown to green ratio about 3:1 by volume. Cover it before heavy rain.
""",
    'kitchen/oven-calibration.md': """---
title: Oven calibration
type: note
---
# Oven calibration

The oven runs 15 °C hot at 230 °C set point, measured with the probe thermometer on the middle rack.
Bake loaves at a set 215 °C to get a real 230 °C.
""",
    'garden/seed-starting.md': """---
title: Seed starting calendar
type: note
---
# Seed starting calendar

Peppers in February under lights, tomatoes in March, squash in late April.
Harden seedlings off for a week before planting out after the last frost.
""",
    'garden/greenhouse-drip-irrigation.md': """---
title: Greenhouse drip irrigation
type: note
---
# Greenhouse drip irrigation

The drip lines in the greenhouse run from the rain barrel through a timer.
- The timer waters the tomato rows every morning at 6:00.
- Flush the filter monthly; replace the emitters that clog.
- In July, add an evening run for the tomatoes while the fruit sets.
""",
}


@pytest.fixture
def kb(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    for i, (path, text) in enumerate(sorted(NOTES.items())):
        f = root / path
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(text, encoding="utf-8")
        stamp = 1_780_000_000 + i * 60  # fixed file times: "newer" must not follow the disk
        os.utime(f, (stamp, stamp))
    return root


@pytest.fixture
def session(kb: Path, embedder) -> ReviewSession:
    return ReviewSession.open(scan(Project(kb), ScanOptions(), embedder=embedder))


def group_of(s: ReviewSession, path: str):
    return next(g for g in s.groups if path in g.paths)


def test_the_test_notes_group_as_written(session):
    assert set(group_of(session, STARTER).paths) == {STARTER, DATED, CARE}
    assert {TOMATO, TOMATO_V2} <= set(group_of(session, TOMATO).paths)


def test_next_undecided_skips_decided_groups_and_wraps(session):
    view = ReviewView(session)
    rows = view.refresh()
    assert len(rows) >= 2
    first, second = rows[0], rows[1]
    assert view.next_undecided(first.id) == second.id
    session.decide(second, "skip")
    # Below the first nothing is undecided but the first itself: it wraps to the top.
    assert view.next_undecided(second.id) == first.id
    session.decide(first, "skip")
    assert view.next_undecided(first.id) is None


def test_preview_modes_cycle_diff_merge_update(session):
    view = ReviewView(session)
    seen = [view.preview_mode] + [view.cycle_preview() for _ in PREVIEW_MODES]
    assert seen == ["diff", "merge", "update", "diff"]


def test_canonical_on_a_plain_note_beside_an_important_one_keeps_the_important_file(
        session):
    # Issue 18: the base may be any member; the important note's file is still kept.
    g = group_of(session, STARTER)
    assert session.refusal("canonical", g, DATED) in (None, "this note is already the "
                                                      "canonical")
    g = session.set_canonical(g, STARTER if g.canonical == DATED else DATED)
    assert session.kept(g)[0] == STARTER
    # Where no note is important, any member may become the canonical.
    tomato = group_of(session, TOMATO)
    member = next(p for p in tomato.paths if p != tomato.canonical)
    assert session.set_canonical(tomato, member).canonical == member


def test_kept_file_defaults_to_the_canonical_and_a_choice_is_saved(session, kb):
    g = group_of(session, TOMATO)
    kept, reason = session.kept(g)
    assert (kept, reason) == ((g.kept, g.kept_reason) if g.kept else (g.canonical,
                                                                      "the canonical's file"))
    other = next(p for p in session.in_group(g) if p != kept)
    session.set_kept(g, other)
    assert session.kept(g) == (other, "chosen by you")
    assert session.refusal("keep", g, other) == "this note's file is already the one kept"
    why = session.refusal("remove", g, other)
    assert why.startswith("the canonical stays" if other == g.canonical
                          else "the kept file stays"), why
    assert other not in session.retirable(g)
    edits = EditStore(Project(kb).state).latest()
    assert edits[g.id].keep == other  # saved at once: quitting keeps it
    decision = session.decide(g, "merge")
    assert decision.keep == other
    assert DecisionStore(Project(kb).state).current()[g.id].keep == other
    planned = next(x for x in session.plan_document()["groups"] if x["id"] == g.id)
    assert planned["keep"] == other and planned["action"] == "merge"
    # The write path's inputs: the kept file is among `others` when it is not the canonical.
    canonical, others, kept_note = session.compose_inputs(g)
    assert kept_note.path == other and (other == canonical.path
                                        or other in [o.path for o in others])
    # A new console on the same project comes back with the choice.
    again = ReviewSession.open(session.result)
    assert again.kept(again.group(g.id)) == (other, "chosen by you")
    # Undo takes the decision back, then the choice.
    assert again.undo() == g.id
    assert again.kept(again.group(g.id)) == (other, "chosen by you")


def test_plan_names_the_kept_file_the_preview_used(session):
    g = group_of(session, TOMATO)
    session.decide(g, "update")
    planned = next(x for x in session.plan_document()["groups"] if x["id"] == g.id)
    # Explicit, so apply writes into the file the preview showed, whatever its default.
    assert planned["keep"] == session.kept(g)[0]


def _cuts(session: ReviewSession) -> tuple[float, float]:
    """A threshold where the tomato pair stands alone and one where the drip note joins,
    from the scored pairs (so a retuned model moves them, not the test)."""
    best: dict[tuple[str, str], float] = {}
    for c in session.result.candidates:
        best[c.key] = max(best.get(c.key, 0.0), c.score)
    pair = best[tuple(sorted((TOMATO, TOMATO_V2)))]
    join = min(best.get(tuple(sorted((DRIP, p))), 0.0) for p in (TOMATO, TOMATO_V2))
    assert 0 < join < pair, "the drip note must be less alike than the tomato pair"
    return round((join + pair) / 2, 4), round(join - 0.005, 4)


def test_a_decision_stays_on_its_notes_when_the_threshold_changes(session):
    high, low = _cuts(session)
    session.regroup(high)
    pair = group_of(session, TOMATO)
    assert set(pair.paths) == {TOMATO, TOMATO_V2}
    session.decide(pair, "merge")
    session.regroup(low)
    grown = group_of(session, TOMATO)
    assert set(grown.paths) == {TOMATO, TOMATO_V2, DRIP} and grown.id != pair.id
    assert session.status(grown) == "merge"  # not dropped
    assert session.carried[grown.id].joined == (DRIP,)
    view = ReviewView(session)
    assert DRIP in view.detail(grown, None).changed
    planned = next(x for x in session.plan_document()["groups"] if x["id"] == grown.id)
    assert planned["action"] == "merge"
    assert DRIP not in [m["path"] for m in planned["members"]]  # never decided on
    assert DRIP not in session.retirable(grown)
    session.regroup(high)  # back: the decision is on its own group again
    assert session.status(session.group(pair.id)) == "merge" and not session.carried


def test_a_decision_whose_notes_split_up_waits(session):
    high, low = _cuts(session)
    session.regroup(low)
    trio = group_of(session, TOMATO)
    session.decide(trio, "skip")
    session.regroup(high)
    assert trio.id in session.waiting
    assert session.status(group_of(session, TOMATO)) == ""
    session.regroup(low)
    assert session.status(session.group(trio.id)) == "skip" and not session.waiting


def test_changed_words_are_highlighted_inside_a_reworded_line():
    old = "Water every morning at 6:00 for 5 minutes in June.\nMulch with straw.\n"
    new = "Water every morning at 6:00 for 10 minutes in June.\nMulch with straw.\n"
    diff = text_diff("a.md", old, "b.md", new)
    highlighted = {diff.plain[s.start:s.end] for s in diff.spans if "on" in str(s.style)}
    assert highlighted == {"5", "10"}
    # Unrelated lines stay whole lines, nothing inside them highlighted.
    other = text_diff("a.md", "Compost is turned weekly.\n", "b.md", "Peppers in February.\n")
    assert not [s for s in other.spans if "on" in str(s.style)]
    assert "- Compost is turned weekly." in other.plain


def _unstamped(text: str) -> str:
    """Without the date a write gives the note (the preview's is today, added if missing)."""
    return re.sub(r"(?m)^modified: .*\n", "", text)


def test_written_preview_is_composes_text_verbatim(session):
    from review_app.core.merging import compose

    g = group_of(session, STARTER)
    canonical, others, kept = session.compose_inputs(g)
    for action in ("merge", "update"):
        view = ReviewView(session, preview_mode=action)
        w = compose_written(view.preview_request(g, None))
        written = w.text
        assert _unstamped(written) == _unstamped(
            compose(action, canonical, others, kept=kept).text)
        body = body_text(w).plain.split("─" * 20 + "\n", 1)[1]
        lines = body.splitlines()[:len(written.splitlines())]
        assert [line[2:] for line in lines] == written.splitlines()
        if action == "update":  # the freshest prose is the base there; marks are merge's
            continue
        # A line the canonical lacks is marked with the letter of the note it came from.
        letters = {o.path: chr(ord("A") + i) for i, o in enumerate(others)}
        base = set(canonical.text.splitlines()) | set(kept.text.splitlines())  # + identity
        for line in lines:
            if line[2:].strip() and line[2:] not in base and not line[2:].startswith(
                    "modified:"):
                assert line[0] in letters.values()


def test_confirmation_lists_risky_first_and_never_a_conflict_as_updated():
    summary = {"files_updated": ["a.md", "b.md", "c.md"], "files_retired": ["r.md"],
               "links_rewritten": [{"path": "l.md", "count": 2}],
               "conflicts": [{"path": "b.md", "reason": "note changed since the scan"}]}
    text = summary_text(summary).plain
    order = [text.index(h) for h in ("Files retired", "Links rewritten", "Conflicts",
                                     "Files updated")]
    assert order == sorted(order)
    updated = text[text.index("Files updated"):]
    assert "b.md" not in updated and "Files updated (2)" in updated
    assert counts(summary) == {"retired": 1, "links": 2, "link_files": 1, "conflicts": 1,
                               "updated": 2, "created": 0}


def test_not_duplicates_is_never_reported_as_waiting(session):
    high, low = _cuts(session)
    session.regroup(high)
    session.decide(group_of(session, TOMATO), "distinct")
    session.regroup(low)
    session.regroup(high)
    assert session.waiting == [] and not session.carried


def test_bands_are_counted_and_their_first_rows_found(session):
    view = ReviewView(session)
    rows = view.refresh()
    assert view.band_counts() == {"likely": len(rows)}
    rows[-1].band = "possible"  # as grouping marks a group below the precision-first cut
    assert view.band_counts() == {"likely": len(rows) - 1, "possible": 1}
    assert view.band_starts() == {rows[0].id: "likely", rows[-1].id: "possible"}


def test_the_selection_follows_its_notes_when_the_threshold_regroups(session):
    high, low = _cuts(session)
    session.regroup(high)
    view = ReviewView(session)
    view.refresh()
    pair = group_of(session, TOMATO)
    view.select(pair.id)
    session.regroup(low)
    view.refresh()
    assert view.group_id == group_of(session, TOMATO).id != pair.id


def test_a_skip_holds_in_its_sitting_and_comes_back_in_the_next(kb, embedder):
    result = scan(Project(kb), ScanOptions(), embedder=embedder)
    sitting = ReviewSession.open(result, skips_since="2000-01-01T00:00:00+00:00")
    g = group_of(sitting, TOMATO)
    sitting.decide(g, "skip")
    same = ReviewSession.open(result, skips_since="2000-01-01T00:00:00+00:00")
    assert same.status(same.group(g.id)) == "skip"  # a re-scan in the same console run
    nxt = ReviewSession.open(result, skips_since="9999-01-01T00:00:00+00:00")
    assert nxt.status(nxt.group(g.id)) == "" and nxt.decided_count() == 0
    # The audit and apply read the same log: a skip is never "decided" there.
    assert g.id not in DecisionStore(Project(kb).state).valid(result.notes)


def test_not_duplicates_is_carried_like_merge_when_a_note_joins(session):
    high, low = _cuts(session)
    session.regroup(high)
    pair = group_of(session, TOMATO)
    session.decide(pair, "distinct")
    session.regroup(low)
    grown = group_of(session, TOMATO)
    assert grown.id != pair.id and session.status(grown) == "distinct"
    assert session.carried[grown.id].joined == (DRIP,)
    assert DRIP in ReviewView(session).detail(grown, None).changed


def test_undo_says_which_change_it_took_back(session):
    g = group_of(session, TOMATO)
    title = session.notes[g.canonical].title
    other = next(p for p in g.paths if p != session.kept(g)[0])
    session.set_kept(g, other)
    session.decide(g, "merge")
    session.undo()
    assert session.undone == f"the merge decision on {title!r}"
    session.undo()
    assert session.undone == f"the kept file chosen in {title!r}"


def test_compose_inputs_asks_what_is_retired_once(session):
    """The UI thread builds the settled group's and the next ten groups' compose inputs
    at every settle: what the group retires is asked once, not once per member."""
    g = group_of(session, TOMATO)
    expected = session.compose_inputs(g)
    asked: list[str] = []
    real = session.retirable
    session.retirable = lambda group: (asked.append(group.id), real(group))[1]
    assert session.compose_inputs(g) == expected and asked == [g.id]
