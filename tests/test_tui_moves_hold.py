"""While the group cursor moves, background work waits: the warm-ups and the load's
follow-up make no step (no embedding chunk, no compose step) from a `j` until the group
it reached is shown, and `j` x4 `v` composes no group it passed over. Counted, not timed:
a probe stands for a background compose (one `ensure` per step, as WarmVectors makes
them) and counts the steps it gets through. The real demo, model and console."""

from __future__ import annotations

import threading

import test_tui_helpers as helpers
from test_tui_helpers import make_app, settle_detail, wait_for, wait_for_review

from review_app.core import merging
from review_app.core.unit_vectors import AHEAD
from review_app.tui.screens import background_work
from review_app.tui.widgets.tables import GroupTable

SIZE = (100, 32)
kb = helpers.kb


class Probe:
    """A background caller at AHEAD: steps through cached texts until stopped."""

    def __init__(self, vectors, texts: list[str]) -> None:
        self.view = vectors.at(AHEAD)
        self.texts = texts
        self.steps = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self.stop.is_set():
            self.view.ensure(self.texts)
            self.steps += 1
            self.stop.wait(0.002)


async def test_background_steps_wait_while_the_cursor_moves_and_go_on_after(
        kb, embedder, monkeypatch):
    monkeypatch.setattr(background_work, "SETTLE_S", 30.0)  # the moves never settle by themselves
    # each compose's base note in the order they start, and whether a `v`'s result was
    # being waited for then (from `v` until its result is painted)
    composed: list[tuple[str, bool]] = []
    real = merging.compose
    waiting = threading.Event()

    def counted(action, canonical, others, **kwargs):
        composed.append((canonical.path, waiting.is_set()))
        return real(action, canonical, others, **kwargs)

    monkeypatch.setattr(merging, "compose", counted)
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        await settle_detail(pilot)
        table = screen.query_one(GroupTable)
        assert len(screen.view.rows) >= 5
        text = screen.session.notes[screen.view.rows[0].canonical].title
        screen.vectors.ensure([text])  # cached: a step is Python only
        probe = Probe(screen.vectors, [text])
        probe.thread.start()
        try:
            await wait_for(pilot, lambda: probe.steps > 3, "the probe stepping")
            await pilot.press("j", "j", "j", "j")
            assert table.cursor_row == 4 and not screen.detail_current
            await pilot.pause(0.1)  # a step begun before the first `j` ends
            steps, started = probe.steps, len(composed)
            await pilot.pause(0.5)
            assert probe.steps == steps, "a background step ran while the cursor moved"
            assert len(composed) == started, "a compose started while the cursor moved"
            passed = {screen.view.rows[k].canonical for k in (1, 2, 3)}
            preview = screen.query_one("#preview")
            waiting.set()
            await pilot.press("v")
            await wait_for(pilot, lambda: not preview.pending, "the merge result")
            waiting.clear()
            assert preview.written
            before = [path for path, waited in composed[started:] if waited]
            assert not passed & set(before), "a passed-over group was composed before it"
            # the preview's own compose, or none (the warm-up's result was kept)
            assert before.count(screen.view.rows[4].canonical) <= 1
            # once the result is painted, background work goes on
            await wait_for(pilot, lambda: probe.steps > steps + 3, "background work again")
        finally:
            probe.stop.set()
            probe.thread.join(5)
