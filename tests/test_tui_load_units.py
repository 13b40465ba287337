"""The console's load puts the merge unit vectors of the listed groups after the first
ones on disk in the background (warming.Following), so `v` at once on a group nobody has
looked at (`j` x4, `G`) has no model on its path; the real demo, model and store."""

from __future__ import annotations

import test_tui_helpers as helpers
from test_tui_helpers import make_app, merge_keys, on_disk, wait_for

from review_app.core.project import Project
from review_app.core.unit_vectors import UnitVectors
from review_app.tui import warming
from review_app.tui.screens import background_work, review
from review_app.tui.screens.review import ReviewScreen

SIZE = (100, 32)
kb = helpers.kb


async def _table_after_follow_up(pilot, app) -> ReviewScreen:
    """The review screen once its table is up and the load's follow-up thread has ended
    (the load's background work, not a test's own composes)."""
    await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review screen")
    screen = app.screen
    await wait_for(pilot, lambda: len(screen.view.rows) >= 6, "the table")
    await wait_for(pilot, lambda: warming.Following._current is not None
                   and not warming.Following._current.thread.is_alive(),
                   "the load's follow-up", limit=120)
    return screen


async def test_the_load_embeds_the_fifth_and_last_groups_units_in_the_background(
        kb, embedder, monkeypatch):
    """With the warm-up held to the group on screen, the fifth listed group's merge units
    and the last one's reach the project's store anyway, without the cursor going there."""
    monkeypatch.setattr(background_work, "WARM_AHEAD", 0)
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _table_after_follow_up(pilot, app)
        assert screen.query_one(review.GroupTable).cursor_row == 0
        rows = [4, len(screen.view.rows) - 1]
        stored = on_disk(kb)
        for row in rows:
            asked = merge_keys(screen, row)
            assert asked, f"row {row}: a merge that embeds nothing proves nothing"
            assert asked <= stored, f"row {row}: {len(asked - stored)} texts not cached"


def test_follow_order_goes_down_from_the_cursor_with_the_last_row_early():
    assert warming.follow_order(8) == [2, 3, 4, 7, 5, 6]
    assert warming.follow_order(3) == [2]
    assert warming.follow_order(2) == []
    many = warming.follow_order(100)
    assert many[:4] == [2, 3, 4, 99] and len(many) == warming.FOLLOW_GROUPS + 1
    assert len(set(many)) == len(many)


def test_stopping_the_follow_up_waits_for_its_thread(kb, embedder):
    """At exit (atexit) the follow-up is stopped and waited for, between two chunks: a
    thread left inside the model as the interpreter ends aborted the process."""
    from review_app.core.pipeline import ScanOptions, scan
    from review_app.core.unit_vectors import _Memory

    result = scan(Project(kb), ScanOptions(), embedder=embedder)
    vectors = UnitVectors(memory=_Memory())  # nothing cached: the whole budget to embed
    follow = warming.Following.start(result, vectors)
    warming.Following.stop_current(30.0)
    assert not follow.thread.is_alive()
    everything = warming.follow_units(result, UnitVectors(memory=_Memory()))
    assert follow.embedded < everything


async def test_v_on_a_group_the_follow_up_composed_composes_nothing_again(
        kb, embedder, monkeypatch):
    """The follow-up's compose of the fifth group is kept (core/merge/memo.py, with the
    project's vectors), so the warm-up and `v` there find it: the merge passes do not run
    for that group again, and the preview shows that very result."""
    import importlib

    engine = importlib.import_module("review_app.core.merge.compose")
    from review_app.core.merge.memo import memo_of
    from review_app.tui.widgets.preview import Preview

    runs: list[tuple[str, str]] = []
    first = engine.PASSES[0]

    def counted(ctx):  # the first pass: one call per compose that runs the passes
        runs.append((ctx.action, ctx.base_note.path))
        return first(ctx)

    monkeypatch.setattr(engine, "PASSES", (counted, *engine.PASSES[1:]))
    monkeypatch.setattr(background_work, "WARM_AHEAD", 0)
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _table_after_follow_up(pilot, app)
        canonical = screen.session.compose_inputs(screen.view.rows[4])[0]
        assert ("merge", canonical.path) in runs  # the follow-up composed it
        runs.clear()
        hits = memo_of(screen.vectors).hits
        for key in ["j"] * 4 + ["v"]:
            await pilot.press(key)
        preview = screen.query_one(Preview)
        await wait_for(pilot, lambda: screen.preview_mode == "merge" and not preview.pending
                       and preview.written is not None, "the merge preview")
        assert ("merge", canonical.path) not in runs
        assert memo_of(screen.vectors).hits > hits
        assert preview.result.request.canonical.path == canonical.path


async def test_every_listed_groups_units_are_stored_before_the_table_shows(
        kb, embedder, monkeypatch):
    """The load (warming.group_units, before the table) puts every listed group's merge
    unit texts in the project's store, not only the first groups': with the follow-up and
    the warm-up ahead held off, each row's merge asks for no text the store lacks."""
    monkeypatch.setattr(background_work, "WARM_AHEAD", 0)
    monkeypatch.setattr(warming.Following, "start", classmethod(lambda cls, r, v: None))
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review screen")
        screen = app.screen
        await wait_for(pilot, lambda: len(screen.view.rows) >= 6, "the table")
        stored = on_disk(kb)
        rows = range(warming.FIRST_GROUPS, len(screen.view.rows))
        assert len(rows) >= 4
        for row in rows:
            asked = merge_keys(screen, row)
            assert asked, f"row {row}: a merge that embeds nothing proves nothing"
            assert asked <= stored, f"row {row}: {len(asked - stored)} texts not stored"


def test_after_the_loads_group_units_no_compose_calls_the_model(kb, embedder):
    """A new process's vectors on the same store (empty memory, the real model counted):
    after group_units, the merge and the update of every listed group, with each member as
    the canonical, call the model zero times; every text comes from the store."""
    from review_app.core.links import target_index
    from review_app.core.merging import compose
    from review_app.core.pipeline import ScanOptions, scan
    from review_app.core.unit_store import project_store
    from review_app.core.unit_vectors import _Memory, unit_embedder

    result = scan(Project(kb), ScanOptions(), embedder=embedder)
    store = project_store(result.project.state)
    assert warming.group_units(result, UnitVectors(store=store, memory=_Memory())) > 0

    class Counted:
        """The process's real unit model, its calls counted."""

        def __init__(self) -> None:
            self.inner = unit_embedder()
            self.model_name = self.inner.model_name
            self.calls = 0

        @property
        def dim(self):
            return self.inner.dim

        def embed(self, texts):
            self.calls += 1
            return self.inner.embed(texts)

    model = Counted()
    fresh = UnitVectors(model, store=store, memory=_Memory())
    targets = target_index(result.notes.values())
    composed = 0
    for group in result.groups:
        notes = [result.notes[p] for p in group.paths]
        for canonical in notes:
            others = [n for n in notes if n.path != canonical.path]
            for action in ("merge", "update"):
                compose(action, canonical, others, kept=result.notes[group.kept or canonical.path],
                        vectors=fresh, targets=targets)
                composed += 1
    assert composed >= 12 and fresh.loaded > 0
    assert model.calls == 0, f"{fresh.embedded} texts embedded"


def test_a_re_scans_group_units_reads_no_more_than_its_budget(kb, embedder):
    """On a re-scan every text is stored: the load reads (and parses the notes of) only
    the listed groups that fit its budget, not every group of the project."""
    from review_app.core.merging import prefetch_texts
    from review_app.core.pipeline import ScanOptions, scan
    from review_app.core.unit_store import project_store
    from review_app.core.unit_vectors import _Memory

    result = scan(Project(kb), ScanOptions(), embedder=embedder)
    store = project_store(result.project.state)
    warming.group_units(result, UnitVectors(store=store, memory=_Memory()))  # all stored
    texts = [prefetch_texts([result.notes[p] for p in g.paths]) for g in result.groups]
    every = len({t for group in texts for t in group})
    again = UnitVectors(store=store, memory=_Memory())  # the next session
    reports: list[tuple[int, int]] = []
    assert warming.group_units(result, again, lambda d, t: reports.append((d, t)),
                               budget=len(texts[0])) == 0  # nothing embedded
    assert 0 < again.loaded <= len(set(texts[0])) < every
    # The bar's total is what the groups ask for, not the budget (the ETA reads it).
    assert reports == [(0, 0), (len(texts[0]), len(texts[0]))]
    reports.clear()
    warming.group_units(result, UnitVectors(store=store, memory=_Memory()),
                        lambda d, t: reports.append((d, t)))
    asked = sum(len(t) for t in texts)
    assert asked < warming.LOAD_TEXTS and reports[-1] == (asked, asked)
    assert all(d <= t for d, t in reports[1:])


def test_the_loads_budget_counts_each_text_once_so_the_groups_it_covers_need_no_model(
        kb, embedder):
    """The load's budget (warming.group_units) is of texts to embed: with a budget of the
    first four groups' distinct texts, the preview's merge of each of those four (in a new
    process: empty memory, the same store, the real model counted) calls the model zero
    times. Counted with their repeats (the versions of a note share most sentences), the
    same budget ran out after three groups, and `v` on the fourth embedded its texts."""
    from review_app.core.merging import prefetch_texts
    from review_app.core.pipeline import ScanOptions, scan
    from review_app.core.unit_store import project_store
    from review_app.core.unit_vectors import _Memory, unit_embedder
    from review_app.tui.targets import targets_of
    from review_app.tui.view import PreviewRequest
    from review_app.tui.widgets.merge_view import compose_written

    result = scan(Project(kb), ScanOptions(), embedder=embedder)
    rows = result.groups[:4]
    assert len(rows) == 4
    budget = len({t for g in rows for t in prefetch_texts([result.notes[p] for p in g.paths])})
    store = project_store(result.project.state)
    warming.group_units(result, UnitVectors(store=store, memory=_Memory()), budget=budget)

    class Counted:
        """The process's real unit model, the texts it is asked for counted."""

        def __init__(self) -> None:
            self.inner = unit_embedder()
            self.model_name = self.inner.model_name
            self.texts = 0

        @property
        def dim(self):
            return self.inner.dim

        def embed(self, texts):
            self.texts += len(texts)
            return self.inner.embed(texts)

    targets = targets_of(result.notes)
    for row, group in enumerate(rows):
        inputs = warming._merge_inputs(result, group)
        assert inputs is not None
        canonical, others, kept = inputs
        model = Counted()
        fresh = UnitVectors(model, store=store, memory=_Memory())  # a new process
        written = compose_written(PreviewRequest("merge", canonical, None, others, kept,
                                                 targets, group.id), fresh)
        assert written.text and fresh.loaded > 0
        assert model.texts == 0, f"row {row}: {model.texts} texts through the model"
