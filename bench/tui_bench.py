"""Console benchmark: open the group table and move its cursor on a 5,000-note project.

The project comes from `gen_project.py` (5,000 notes, 1,100 planted duplicate groups).
What is measured is the console, not the model: vectors are feature-hashed bags of
words (384 dims, normalised) instead of the embedding model, so the run takes seconds
on a shared CPU; candidates, scores, groups and canonicals come from the real hybrid
strategy and grouping code, and the real Textual app (headless) shows them.

    python bench/tui_bench.py [--notes 5000] [--groups 1100] [--moves 200]

Prints: groups shown, time to build and show the table (from `show_review` until every
row is in the table); the harness's own cost of a keypress (an unbound key); cursor-move
latency for moves one after another through Pilot (keypress until the moved cursor is
painted: mean, p50, p95, max); **key-to-paint** (a key event sent as the terminal sends
it, until the moved cursor is on the virtual screen, without Pilot's own waiting): p50
and p90 for moves with the preview repainting (each move made after the detail and diff
of the previous group were painted, timed to the cursor and, separately, to the new
group's detail and diff), and for a held key (30 repeats a second); a held key's lag
from the last repeat until the cursor is on its row and until the detail follows; `G`
to the last row; a filter keystroke and a threshold change.

    python bench/tui_bench.py --proposals 50 [--notes 5000] [--moves 100]

`--proposals N` queues N agent proposals (existing notes reworded, as `upsert_note`'s
`ask` leaves them) and times key-to-paint on the proposals tab instead: p50 and p90 from
a `j`/`k` until the moved cursor, the match list, details and diff are painted.

    python bench/tui_bench.py --preview [--groups 8] [--repeat 3]

`--preview` measures the merge preview with the REAL bundled model instead, on a project
whose duplicate groups are three ~600-word notes (an original and two agent rewrites,
from `gen_project.py`'s generator, two planted groups joined into each note) among
unrelated notes. Each session is a new process (empty memory) with the model loaded and
the note index warm, like the end of a first scan; the time runs from the group table
painted (the first group's detail and diff too: the diff is made in a worker since round
17) to the merge result painted: (a) `v` at once on the first group; (b) `j` then
`v` at once; (c) the same after the warm-ahead had `--wait` seconds; (d) a second
session (the unit-vector cache on disk from (c)'s session), `v` then `j` `v` at once;
(e, `--modes far`, not in the default set) `j` x4 then `v` at once: the fifth group, one
the load's first_units never composed (its texts are stored when the load's
group_units budget reached it: rows 0-4 of this project); (f,
`--modes last`) `G` then `v` at once on the last group. The load's follow-up
(warming.Following: the next groups' merges composed in the background while the table
paints) runs as in the console; `--no-follow` leaves it out.
p50 and p90 over `--repeat` sessions of each, and the unit texts each session's model
embedded: by every worker, and of them for a preview someone waited for (PREVIEW
priority: the texts that missed the store on the `v`'s own path; the rest is the
warm-ups' and the follow-up's work on other groups beside it). The console composes the result in a
worker; the time is until the worker's result is painted. Before the session, the child
does what the console's load does after its scan (warming.group_units: every listed
group's unit texts embedded, timed as `load_group_units_ms` and its CPU; then
warming.first_units: the first two groups' merges composed once, `load_first_units_ms`):
time the table appears later. Each `..._cpu_ms` row is the process's CPU time (all
threads, the follow-up's included) over the same interval as the wall-time row above it.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))

from textual import events  # noqa: E402

from review_app.core.pending import PendingQueue, Proposal  # noqa: E402
from review_app.core.pipeline import ScanOptions, ScanResult  # noqa: E402
from review_app.core.project import Project, load_notes  # noqa: E402
from review_app.core.strategies import SearchClient, Target, get_strategy  # noqa: E402
from review_app.tui.app import ReviewApp  # noqa: E402
from review_app.tui.screens.review import ReviewScreen  # noqa: E402
from review_app.tui.widgets.pending import MatchTable, PendingPane, ProposalTable  # noqa: E402
from review_app.tui.widgets.tables import GroupTable, MemberTable  # noqa: E402

DIMS = 384
HELD_KEYS = 30  # one second of key repeat
WORD = re.compile(r"[a-z0-9]{3,}")


def hashed_vectors(texts: list[str]) -> np.ndarray:
    out = np.zeros((len(texts), DIMS), dtype=np.float32)
    for i, text in enumerate(texts):
        for w in WORD.findall(text.lower()):
            h = int.from_bytes(hashlib.blake2b(w.encode(), digest_size=4).digest(), "little")
            out[i, h % DIMS] += 1.0 if h & 1 << 31 else -1.0
    out /= np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-9)
    return out


def build_result(root: Path) -> tuple[ScanResult, dict[str, float]]:
    t = {}
    t0 = time.perf_counter()
    notes, problems = load_notes(root)
    t["parse_s"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    vectors = hashed_vectors([f"{n.title}\n{n.body}" for n in notes])
    strategy = get_strategy("hybrid")
    client = SearchClient(notes, vectors, neighbours=10)
    strategy.prepare(client, Target())
    candidates = []
    for note in notes:
        candidates += strategy.find_duplicate_candidates(
            client=client, target=Target(), anchor=note, threshold=0.0, top_k=10)
    t["search_s"] = time.perf_counter() - t0
    by_path = {n.path: n for n in notes}
    result = ScanResult(Project(root), "hashed-bow", strategy, strategy.default_threshold,
                        by_path, problems, candidates, [], client, {})
    t0 = time.perf_counter()
    result.groups = result.regroup(result.threshold)
    t["group_s"] = time.perf_counter() - t0
    return result, t


def queue_proposals(result: ScanResult, count: int) -> None:
    """`count` proposals in the project's queue, as `upsert_note(on_match="ask")` leaves
    them: each an existing note's text reworded a little, matched to that note."""
    queue = PendingQueue(result.project.state)
    notes = sorted(result.notes.values(), key=lambda n: n.path)[:count]
    for i, note in enumerate(notes):
        queue.append(Proposal(
            id=f"bench-{i:03d}", title=f"{note.title} (agent)",
            content=note.body.replace(".", ", as noted.", 1), directory="agents",
            path=f"agents/{note.path.rsplit('/', 1)[-1]}",
            matches=[{"path": note.path, "title": note.title, "score": 0.9,
                      "reasons": ["titles nearly identical"], "sha256": note.sha256}],
            created=f"2026-06-01T12:{i % 60:02d}:00+00:00", caller="bench-agent"))


async def measure_proposals(result: ScanResult, moves: int) -> dict[str, object]:
    """Key-to-paint on the proposals tab: each move shows the next proposal's match list,
    its details and its diff against the note it matched."""
    app = ReviewApp(result.project, ScanOptions(), autostart=False)
    figures: dict[str, object] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.show_review(result)
        await _until(lambda: isinstance(app.screen, ReviewScreen), "the review screen")
        await pilot.pause()
        screen = app.screen
        await pilot.press("p")
        table = screen.query_one(ProposalTable)
        await _until(lambda: table.row_count > 0, "the proposals")
        figures["proposals"] = table.row_count

        def painted() -> bool:
            return not (screen._layout_required or screen._scroll_required
                        or screen._repaint_required or screen._dirty_widgets)

        pane = screen.query_one(PendingPane)
        matches = screen.query_one(MatchTable)
        lat, detail = [], []
        for i in range(moves):
            await pilot.pause()
            await asyncio.sleep(0.02)
            before = table.cursor_row
            key = "j" if (i // 25) % 2 == 0 else "k"
            t0 = time.perf_counter()
            app._driver.send_message(events.Key(key, key))
            while not (table.cursor_row != before and painted()):
                await asyncio.sleep(0.0005)
            lat.append(time.perf_counter() - t0)
            want = pane.review.get(table.current_id)
            while not (want is not None and matches.paths[:1] == [want.matches[0]["path"]]
                       and painted()):
                await asyncio.sleep(0.0005)
            detail.append(time.perf_counter() - t0)
        lat.sort()
        detail.sort()
        figures["proposal_key_to_paint_p50_ms"] = lat[len(lat) // 2] * 1000
        figures["proposal_key_to_paint_p90_ms"] = lat[int(len(lat) * 0.9)] * 1000
        figures["proposal_key_to_detail_p50_ms"] = detail[len(detail) // 2] * 1000
        figures["proposal_key_to_detail_p90_ms"] = detail[int(len(detail) * 0.9)] * 1000
        await pilot.press("q")
    return figures


async def measure(result: ScanResult, moves: int) -> dict[str, object]:
    app = ReviewApp(result.project, ScanOptions(), autostart=False)
    figures: dict[str, object] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        t0 = time.perf_counter()
        app.show_review(result)

        def rows() -> int:
            if not isinstance(app.screen, ReviewScreen):
                return -1
            tables = app.screen.query(GroupTable)
            return tables.first().row_count if tables else -1

        while rows() != len(result.groups):
            await asyncio.sleep(0.001)
        await pilot.pause()
        figures["open_table_s"] = time.perf_counter() - t0
        screen = app.screen
        table = screen.query_one(GroupTable)
        members = screen.query_one(MemberTable)
        figures["groups"] = table.row_count

        def painted() -> bool:
            """Every update the key caused is on the (virtual) screen."""
            return not (screen._layout_required or screen._scroll_required
                        or screen._repaint_required or screen._dirty_widgets)

        async def press(key: str) -> float:
            t0 = time.perf_counter()
            await pilot.press(key)
            while not painted():
                await asyncio.sleep(0.001)
            return time.perf_counter() - t0

        async def settle() -> float:
            """From now until the detail pane shows the cursor's group, painted."""
            t0 = time.perf_counter()
            while not (screen.detail_current and painted()
                       and members.paths[:1] == [screen.group.canonical]):
                await asyncio.sleep(0.001)
            return time.perf_counter() - t0

        async def key_to_paint(key: str) -> tuple[float, float]:
            """(until the moved cursor is painted, until its group's detail is painted)
            for one key event sent the way a terminal's keypress arrives."""
            before = table.cursor_row
            t0 = time.perf_counter()
            app._driver.send_message(events.Key(key, key))
            while not (table.cursor_row != before and painted()):
                await asyncio.sleep(0.0005)
            cursor = time.perf_counter() - t0
            await settle()
            return cursor, time.perf_counter() - t0

        def pct(values: list[float], q: float) -> float:
            ordered = sorted(values)
            return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000

        # What a keypress costs the headless harness itself (an unbound key).
        base = [await press("f12") for _ in range(20)]
        figures["unbound_key_p50_ms"] = sorted(base)[len(base) // 2] * 1000
        # Moves one after another, each timed until the moved cursor is painted.
        lat = []
        for i in range(moves):
            before = table.cursor_row
            lat.append(await press("j" if i < moves // 2 else "k"))
            assert table.cursor_row != before
        figures["detail_after_moves_ms"] = await settle() * 1000
        # Key-to-paint for moves with the preview repainting: every move leaves a group
        # whose detail and diff were painted, and its own detail and diff follow.
        cursor_lat, detail_lat = [], []
        for i in range(moves):
            await settle()
            await asyncio.sleep(0.02)
            c, d = await key_to_paint("j" if (i // 25) % 2 == 0 else "k")
            cursor_lat.append(c)
            detail_lat.append(d)
        figures["key_to_paint_p50_ms"] = pct(cursor_lat, 0.5)
        figures["key_to_paint_p90_ms"] = pct(cursor_lat, 0.9)
        figures["key_to_detail_p50_ms"] = pct(detail_lat, 0.5)
        figures["key_to_detail_p90_ms"] = pct(detail_lat, 0.9)
        # The same while a key is held: repeats every 1/30 s, each timed to its paint.
        held = []
        for i in range(90):
            before = table.cursor_row
            t0 = time.perf_counter()
            key = "j" if (i // 30) % 2 == 0 else "k"
            app._driver.send_message(events.Key(key, key))
            while not (table.cursor_row != before and painted()):
                await asyncio.sleep(0.0005)
            held.append(time.perf_counter() - t0)
            await asyncio.sleep(max(0.0, 1 / 30 - held[-1]))
        figures["held_key_to_paint_p50_ms"] = pct(held, 0.5)
        figures["held_key_to_paint_p90_ms"] = pct(held, 0.9)
        await settle()
        # A held key: the terminal repeats it 30 times a second whether or not the app
        # keeps up. Lag: from the last repeat until the cursor is on its row, painted.
        lag, detail_lag = [], []
        for direction in ("j", "k") * 3:
            await pilot.pause(0.3)
            target = table.cursor_row + (HELD_KEYS if direction == "j" else -HELD_KEYS)
            for _ in range(HELD_KEYS):
                app._driver.send_message(events.Key(direction, direction))
                await asyncio.sleep(1 / 30)
            t0 = time.perf_counter()
            while not (table.cursor_row == target and painted()):
                await asyncio.sleep(0.001)
            lag.append(time.perf_counter() - t0)
            await settle()
            detail_lag.append(time.perf_counter() - t0)
        figures["held_key_lag_p50_ms"] = sorted(lag)[len(lag) // 2] * 1000
        figures["held_key_detail_p50_ms"] = sorted(detail_lag)[len(detail_lag) // 2] * 1000
        # Single moves after a pause: the detail (members, evidence, diff) shows at once.
        single = []
        for i in range(20):
            await pilot.pause(0.3)
            t0 = time.perf_counter()
            await pilot.press("j" if i % 2 == 0 else "k")
            await settle()
            single.append(time.perf_counter() - t0)
        single.sort()
        figures["single_move_with_detail_p50_ms"] = single[len(single) // 2] * 1000
        # The console's own work per detail update (the handler that refills detail and
        # preview), without rendering.
        handler = []
        for row in range(0, min(200, table.row_count)):
            table.move_cursor(row=row, animate=False)
            t0 = time.perf_counter()
            screen.show_group()
            handler.append(time.perf_counter() - t0)
        handler.sort()
        figures["detail_handler_p50_ms"] = handler[len(handler) // 2] * 1000
        figures["detail_handler_p95_ms"] = handler[int(len(handler) * 0.95)] * 1000
        await pilot.pause(0.3)  # the handler loop's queued highlight messages
        await pilot.press("g")
        await settle()
        t0 = time.perf_counter()
        await pilot.press("G")
        await settle()
        figures["jump_last_s"] = time.perf_counter() - t0
        assert table.cursor_row == table.row_count - 1
        t0 = time.perf_counter()
        await pilot.press("slash", "d")
        figures["filter_keystroke_s"] = time.perf_counter() - t0
        figures["filtered_rows"] = table.row_count
        await pilot.press("escape")
        t0 = time.perf_counter()
        await pilot.press("right_square_bracket")
        figures["threshold_regroup_s"] = time.perf_counter() - t0
        figures["groups_after_threshold"] = table.row_count
        lat.sort()
        figures["move_mean_ms"] = statistics.mean(lat) * 1000
        figures["move_p50_ms"] = lat[len(lat) // 2] * 1000
        figures["move_p95_ms"] = lat[int(len(lat) * 0.95)] * 1000
        figures["move_max_ms"] = lat[-1] * 1000
        await pilot.press("q")
    return figures


# -- the merge preview with the real model ---------------------------------------------

def preview_project(root: Path, groups: int, seed: int) -> list[list[str]]:
    """Groups of three ~600-word notes (each note two planted notes of gen_project
    joined: their sections, observations and relations) plus as many unrelated notes."""
    import dataclasses

    sys.path.insert(0, str(BENCH))
    import gen_project as gp

    specs, planted = gp.generate_specs(groups * 30, seed=seed, groups=groups * 6)
    by_path = {sp.path: sp for sp in specs}
    triples = [g for g in planted if len(g) == 3][: groups * 2]
    if len(triples) < groups * 2:
        raise SystemExit("not enough planted groups of three; raise --groups' notes")
    in_groups = {p for g in planted for p in g}
    fillers = [sp for sp in specs if sp.path not in in_groups][: groups * 3]
    out: list[list[str]] = []
    for k in range(groups):
        parts = triples[2 * k:2 * k + 2]
        paths = []
        for j in range(3):
            first, *rest = (by_path[g[j]] for g in parts)
            sections = list(first.sections)
            for other in rest:
                sections += [(f"{other.subject}: {h}", sents) for h, sents in other.sections]
            joined = dataclasses.replace(
                first, sections=sections,
                observations=[o for sp in (first, *rest) for o in sp.observations],
                relations=[r for sp in (first, *rest) for r in sp.relations],
                bullets=[b for sp in (first, *rest) for b in sp.bullets], important=False)
            paths.append(joined.path)
            target = root / joined.path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(gp.render(joined), encoding="utf-8")
        out.append(paths)
    for sp in fillers:
        target = root / sp.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(gp.render(sp), encoding="utf-8")
    return out


async def _until(condition, what: str, step: float = 0.001, limit: float = 120.0) -> None:
    """Poll `condition` every `step` s (tight, so the time measured is the paint's), giving
    up after `limit` s: a console that never gets there fails the run, never hangs it."""
    deadline = time.perf_counter() + limit
    while not condition():
        if time.perf_counter() > deadline:
            raise SystemExit(f"--preview: no {what} after {limit:.0f} s")
        await asyncio.sleep(step)


FAR_ROW = 4  # `far`: the fifth group, which first_units (the first two) never composed


async def preview_session(result: ScanResult, mode: str, wait_s: float) -> dict[str, float]:
    """One console session from the table painted: ms to each merge result painted."""
    from review_app.core.unit_vectors import PREVIEW
    from review_app.tui.widgets.preview import Preview

    app = ReviewApp(result.project, ScanOptions(), autostart=False)
    out: dict[str, float] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        t_show = time.perf_counter()
        app.show_review(result)
        await _until(lambda: isinstance(app.screen, ReviewScreen)
                     and app.screen.query(GroupTable)
                     and app.screen.query_one(GroupTable).row_count == len(result.groups),
                     "group table")
        screen = app.screen
        table = screen.query_one(GroupTable)
        preview = screen.query_one(Preview)

        def painted() -> bool:
            return not (screen._layout_required or screen._scroll_required
                        or screen._repaint_required or screen._dirty_widgets)

        await _until(lambda: painted() and screen.detail_current, "table painted")
        t_table = time.perf_counter()
        out["table_painted_ms"] = (t_table - t_show) * 1000

        cpu: list[float] = []  # the process's CPU time (every thread) of each merge_painted

        async def merge_painted(keys: list[str], row: int) -> float:
            t0, c0 = time.perf_counter(), time.process_time()
            for key in keys:
                app._driver.send_message(events.Key(key, key))
            await _until(lambda: table.cursor_row == row and screen.detail_current
                         and preview.written is not None and screen.preview_mode == "merge"
                         and painted(), f"merge preview painted after {keys}")
            cpu.append((time.process_time() - c0) * 1000)
            return (time.perf_counter() - t0) * 1000

        async def back_to_diff() -> None:
            for _ in range(2):  # merge -> update -> diff
                app._driver.send_message(events.Key("v", "v"))
                await asyncio.sleep(0.05)
            await _until(lambda: screen.preview_mode == "diff" and painted(), "diff again",
                         step=0.005)

        embedded0 = screen.vectors.embedded
        waited0 = screen.vectors.embedded_at[PREVIEW]
        if mode == "first":
            out["a_first_group_v_ms"] = await merge_painted(["v"], 0)
        elif mode == "next":
            out["b_next_group_at_once_ms"] = await merge_painted(["j", "v"], 1)
        elif mode == "far":  # past the groups the load composed and the warm-up's first
            row = min(FAR_ROW, len(result.groups) - 1)
            out["e_far_group_at_once_ms"] = await merge_painted(["j"] * row + ["v"], row)
        elif mode == "last":  # `G` to the last group, then v at once
            row = len(result.groups) - 1
            out["f_last_group_at_once_ms"] = await merge_painted(["G", "v"], row)
        elif mode == "waited":
            await asyncio.sleep(max(0.0, wait_s - (time.perf_counter() - t_table)))
            out["c_next_group_after_wait_ms"] = await merge_painted(["j", "v"], 1)
        else:  # second session: the unit cache on disk
            out["d_second_session_first_v_ms"] = await merge_painted(["v"], 0)
            await back_to_diff()
            out["d_second_session_next_v_ms"] = await merge_painted(["j", "v"], 1)
        for name, ms in zip([k for k in out if k.endswith("_ms") and k != "table_painted_ms"],
                            cpu, strict=True):
            out[name.removesuffix("_ms") + "_cpu_ms"] = ms
        out["embedded"] = float(screen.vectors.embedded - embedded0)
        # of which a preview someone waited for (or a warm-up it raised) asked the model
        out["embedded_waited"] = float(screen.vectors.embedded_at[PREVIEW] - waited0)
        out["read_from_disk"] = float(screen.vectors.loaded)
        await pilot.press("q")
    return out


def preview_child(root: Path, state: Path, mode: str, wait_s: float, ahead: bool,
                  follow: bool = True) -> None:
    """A new process: model loaded, scan (note index warm), one session; JSON on stdout."""
    import json

    if not ahead:  # what the warm-ahead costs (or saves) the preview
        from review_app.tui.screens import background_work

        background_work.WARM_AHEAD = 0

    from review_app.core.pipeline import scan
    from review_app.core.unit_vectors import unit_embedder

    unit_embedder().embed(["load the model"])  # a first session has it loaded
    result = scan(Project(root, state_dir=state), ScanOptions())
    # what the console's load does after its scan, before the table shows (timed)
    from review_app.core.unit_vectors import shared_vectors
    from review_app.tui.warming import first_units, group_units

    t0, c0 = time.perf_counter(), time.process_time()
    units = group_units(result, shared_vectors(result.project.state))
    units_ms, units_cpu = (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000
    t0 = time.perf_counter()
    first = first_units(result, shared_vectors(result.project.state))
    first_ms = (time.perf_counter() - t0) * 1000
    if follow:  # and, as the console's load does, the next groups' in the background
        from review_app.tui.warming import Following

        Following.start(result, shared_vectors(result.project.state))
    figures = asyncio.run(preview_session(result, mode, wait_s))
    figures["load_first_units_ms"], figures["load_first_units_embedded"] = first_ms, first
    figures["load_group_units_ms"], figures["load_group_units_embedded"] = units_ms, units
    figures["load_group_units_cpu"] = units_cpu
    print(json.dumps(figures))


def preview_main(args: argparse.Namespace) -> int:
    import json
    import os
    import shutil

    from review_app.core.pipeline import scan
    from review_app.core.unit_store import UNITS_FILE

    with tempfile.TemporaryDirectory() as tmp:
        root, state = Path(tmp) / "project", Path(tmp) / "state"
        planted = preview_project(root, args.groups, args.seed)
        result = scan(Project(root, state_dir=state), ScanOptions())  # the note index
        sizes = sorted((len(g.paths) for g in result.groups), reverse=True)
        found = sum(any(set(p) <= set(g.paths) for g in result.groups) for p in planted)
        notes = {n.path: n for n in result.notes.values()}
        words = [notes[p].word_count for g in planted for p in g]
        print(f"{len(result.notes)} notes, {len(result.groups)} groups (sizes {sizes}); "
              f"{found}/{len(planted)} planted groups of three found whole; words per grouped "
              f"note {min(words)}-{max(words)} (median {statistics.median(words):.0f})")
        if sizes[:2] != [3, 3]:
            print("warning: the first two groups are not groups of three")
        runs: dict[str, list[dict[str, float]]] = {}
        plan = [(m, m != "second") for m in args.modes.split(",")]
        for _ in range(args.repeat):
            for mode, fresh in plan:
                if fresh:  # a first session: no unit vectors anywhere
                    (state / UNITS_FILE).unlink(missing_ok=True)
                    for extra in ("-wal", "-shm"):
                        Path(str(state / UNITS_FILE) + extra).unlink(missing_ok=True)
                env = {**os.environ, "PYTHONPATH": str(BENCH.parent)}
                child = subprocess.run(
                    [sys.executable, __file__, "--preview-child", mode, "--root", str(root),
                     "--state", str(state), "--wait", str(args.wait),
                     *(["--no-warm-ahead"] if args.no_warm_ahead else []),
                     *(["--no-follow"] if args.no_follow else [])], env=env,
                    capture_output=True, text=True, timeout=900)
                if child.returncode:
                    print(child.stderr[-3000:])
                    return 1
                runs.setdefault(mode, []).append(json.loads(child.stdout.strip().splitlines()[-1]))
        shutil.rmtree(state, ignore_errors=True)
    print(f"p50/p90 of {args.repeat} sessions each (ms from the table on screen to the merge "
          f"result painted; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores):")
    for mode, _ in plan:
        keys = [k for k in runs[mode][0] if k.endswith("_ms")]
        for k in keys:
            values = [r[k] for r in runs[mode]]
            p90 = statistics.quantiles(values, n=10, method="inclusive")[8] \
                if len(values) > 1 else values[0]
            print(f"  {k:32} p50 {statistics.median(values):7.0f}   p90 {p90:7.0f}   all "
                  + " ".join(f"{v:.0f}" for v in values))
        emb = [int(r["embedded"]) for r in runs[mode]]
        waited = [int(r["embedded_waited"]) for r in runs[mode]]
        disk = [int(r["read_from_disk"]) for r in runs[mode]]
        print(f"  {'':32} unit texts the session embedded (all workers) {emb}, of them "
              f"for the preview waited for {waited}; read from disk {disk}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--preview", action="store_true",
                    help="time the merge preview with the real model (see the docstring)")
    ap.add_argument("--repeat", type=int, default=3, help="--preview: sessions per case")
    ap.add_argument("--wait", type=float, default=6.0,
                    help="--preview: seconds the warm-ahead gets in case (c)")
    ap.add_argument("--no-warm-ahead", action="store_true",
                    help="--preview: without the console's warm-ahead worker (to compare)")
    ap.add_argument("--no-follow", action="store_true",
                    help="--preview: without the load's follow-up of the next groups")
    ap.add_argument("--modes", default="first,next,waited,second",
                    help="--preview: the cases to run (second needs waited before it; "
                         "far: the fifth group, j x4 then v; last: G then v)")
    ap.add_argument("--preview-child", help=argparse.SUPPRESS)
    ap.add_argument("--root", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--state", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--notes", type=int, default=5000)
    ap.add_argument("--groups", type=int, default=1100)
    ap.add_argument("--moves", type=int, default=200)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--proposals", type=int, default=0,
                    help="queue this many agent proposals and time moves on their tab")
    args = ap.parse_args()
    if args.preview_child:
        preview_child(args.root, args.state, args.preview_child, args.wait,
                      not args.no_warm_ahead, not args.no_follow)
        return 0
    if args.preview:
        if args.groups == 1100:
            args.groups = 8
        return preview_main(args)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "project"
        subprocess.run([sys.executable, str(BENCH / "gen_project.py"), str(root), "--notes",
                        str(args.notes), "--groups", str(args.groups), "--seed",
                        str(args.seed)], check=True, stdout=subprocess.DEVNULL)
        result, t = build_result(root)
        print(f"notes {len(result.notes)}, groups {len(result.groups)} at threshold "
              f"{result.threshold:.2f} (parse {t['parse_s']:.2f}s, search {t['search_s']:.2f}s,"
              f" group {t['group_s']:.2f}s; not console time)")
        if args.proposals:
            queue_proposals(result, args.proposals)
            figures = asyncio.run(measure_proposals(result, args.moves))
        else:
            figures = asyncio.run(measure(result, args.moves))
    for key, value in figures.items():
        print(f"{key:24} {value:.3f}" if isinstance(value, float) else f"{key:24} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
