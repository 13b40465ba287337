"""The unit-vector cache: in memory, on disk in the state folder, shared by threads and
processes, and never a reason for a merge to fail. Real model, real files."""

from __future__ import annotations

import datetime as dt
import json
import logging
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from review_app.core.merging import compose, prefetch_texts, prefetch_units
from review_app.core.notes import Note, parse_note
from review_app.core.unit_store import UNITS_FILE, UnitStore, project_store
from review_app.core.unit_vectors import (
    AHEAD,
    BACKGROUND_CHARS,
    PREVIEW,
    SETTLED,
    UnitVectors,
    shared_vectors,
    unit_embedder,
)

ROOT = Path(__file__).resolve().parent.parent

# A greenhouse operations note and an agent's rewrite of it, newer, with one changed value.
OLD = """---
title: Greenhouse irrigation schedule
modified: 2026-03-02
---

# Greenhouse irrigation schedule

Bay 3 holds the tomato seedlings and is watered twice a day, at 06:00 and 18:00.
The drip lines run for 12 minutes per cycle at 1.5 bar.

## Sensors

- [sensor] Soil moisture probes sit at 10 cm depth in every second row
- [rule] Skip the evening cycle when moisture reads above 40%
- feeds [[Nutrient dosing log]]

## Open work

- [ ] Replace the clogged emitter on line 7
- [ ] Calibrate probe B3-4 against the handheld meter
"""

NEW = """---
title: Bay 3 watering plan
modified: 2026-04-18
---

# Bay 3 watering plan

The tomato seedlings in bay 3 get water twice daily, at 06:00 and again at 18:00.
Each drip cycle now runs 15 minutes at 1.5 bar, since the new emitters flow less.

## Sensors

- [sensor] Moisture probes are at a depth of 10 cm, in every other row
- [rule] The evening cycle is skipped if moisture is over 40%
- feeds [[Nutrient dosing log]]

## Open work

- [x] Replace the clogged emitter on line 7
- [ ] Calibrate probe B3-4 against the handheld meter
"""


NOW = dt.datetime(2026, 5, 1, 9, 30)


def note(path: str, text: str) -> Note:
    n = parse_note(path, text.encode())
    assert isinstance(n, Note)
    return n


class Counting:
    """The real model, counting the texts it is asked to embed."""

    def __init__(self) -> None:
        self.inner = unit_embedder()
        self.model_name = self.inner.model_name
        self.calls: list[int] = []
        self.lock = threading.Lock()

    @property
    def dim(self):
        return self.inner.dim

    def embed(self, texts, progress=None):
        with self.lock:
            self.calls.append(len(texts))
        return self.inner.embed(texts, progress)


@pytest.fixture
def texts() -> list[str]:
    return prefetch_texts([note("a.md", OLD), note("b.md", NEW)])


def test_disk_cache_returns_the_bytes_a_fresh_embedding_gives(tmp_path, texts):
    first = UnitVectors(unit_embedder(), UnitStore(tmp_path / UNITS_FILE))
    first.ensure(texts)
    assert first.embedded == len(set(texts)) and first.loaded == 0
    # A new process would start with empty memory: only the file is shared.
    again = UnitVectors(unit_embedder(), UnitStore(tmp_path / UNITS_FILE))
    got = again.matrix(texts)
    assert again.embedded == 0 and again.loaded == len(set(texts))
    unique = sorted(set(texts))  # the order (and so the batches) the cache embedded in
    fresh = unit_embedder().embed(unique)
    by_text = dict(zip(unique, fresh, strict=True))
    assert got.dtype == np.float32
    assert got.tobytes() == np.vstack([by_text[t] for t in texts]).tobytes()


def test_a_second_session_over_the_state_folder_embeds_nothing(tmp_path, texts):
    old, new = note("a.md", OLD), note("b.md", NEW)
    cold = UnitVectors(Counting(), UnitStore(tmp_path / UNITS_FILE))
    assert prefetch_units([old, new], cold) == len(set(texts))
    want = compose("merge", new, [old], vectors=cold).text
    counting = Counting()
    warm = UnitVectors(counting, UnitStore(tmp_path / UNITS_FILE))
    assert compose("merge", new, [old], vectors=warm).text == want
    assert warm.embedded == 0 and counting.calls == []


def test_a_new_process_reads_what_this_one_stored(tmp_path, texts):
    UnitVectors(unit_embedder(), UnitStore(tmp_path / UNITS_FILE)).ensure(texts)
    code = (
        "import json, sys\n"
        "from review_app.core.unit_vectors import UnitVectors\n"
        "from review_app.core.unit_store import UnitStore\n"
        "v = UnitVectors(store=UnitStore(sys.argv[1]))\n"
        "m = v.matrix(json.loads(sys.stdin.read()))\n"
        "print(json.dumps([v.embedded, v.loaded, m.shape[0]]))\n")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / UNITS_FILE)],
                         input=json.dumps(texts), capture_output=True, text=True, check=True,
                         cwd=ROOT, timeout=120)
    assert json.loads(out.stdout) == [0, len(set(texts)), len(texts)]


@pytest.mark.parametrize("damage", ["garbage", "truncated", "directory", "foreign-schema"])
def test_a_damaged_cache_never_breaks_compose(tmp_path, damage, caplog):
    old, new = note("a.md", OLD), note("b.md", NEW)
    good = tmp_path / "good"
    UnitVectors(unit_embedder(), UnitStore(good / UNITS_FILE)).ensure(
        prefetch_texts([old, new]))
    bad = tmp_path / "state" / UNITS_FILE
    bad.parent.mkdir()
    if damage == "garbage":
        bad.write_bytes(b"not a database\n" * 200)
    elif damage == "truncated":
        bad.write_bytes((good / UNITS_FILE).read_bytes()[:1500])
    elif damage == "directory":
        bad.mkdir()
    else:
        import sqlite3

        with sqlite3.connect(bad) as conn:
            conn.execute("CREATE TABLE units (x)")
            conn.execute("PRAGMA user_version = 99")
    want = compose("merge", new, [old], vectors=UnitVectors(unit_embedder())).text
    store = UnitStore(bad)
    with caplog.at_level(logging.WARNING, logger="review_app.core.unit_store"):
        for _ in range(2):
            vectors = UnitVectors(unit_embedder(), store)
            assert compose("merge", new, [old], vectors=vectors).text == want
            assert vectors.embedded > 0
    assert store.problem and str(bad) in store.problem
    assert len(caplog.records) == 1  # said once, not per call
    if damage != "directory":
        assert bad.is_file()  # left as it was: a cache is never repaired by deleting


def test_the_cache_is_bounded_and_keeps_the_recently_used(tmp_path):
    store = UnitStore(tmp_path / UNITS_FILE, max_rows=10)
    vec = np.ones(384, dtype=np.float32)
    for i in range(8):
        assert store.put("m", {bytes([i]) * 20: vec * i})
    import review_app.core.unit_store as us

    with store._lock:  # the first rows were used long ago
        store._connection().execute("UPDATE units SET used = used - 10000 WHERE key < ?",
                                    (bytes([4]) * 20,))
        store._connection().commit()
    assert store.put("m", {bytes([100 + i]) * 20: vec for i in range(5)})  # 13 > 10
    assert store.count() <= 10
    left = store.get("m", [bytes([i]) * 20 for i in range(8)])
    assert all(bytes([i]) * 20 in left for i in range(4, 8))  # the newer ones stay
    assert len(left) < 8
    assert us.MAX_ROWS >= 10_000


def test_two_processes_write_the_cache_at_once(tmp_path):
    path = tmp_path / UNITS_FILE
    UnitStore(path).put("m", {b"x" * 20: np.zeros(384, dtype=np.float32)})  # created
    code = (
        "import sys, numpy as np\n"
        "from review_app.core.unit_store import UnitStore\n"
        "s = UnitStore(sys.argv[1]); tag = int(sys.argv[2]); ok = 0\n"
        "for i in range(150):\n"
        "    key = bytes([tag]) + i.to_bytes(2, 'big') + bytes(17)\n"
        "    ok += s.put('m', {key: np.full(384, i, dtype=np.float32)})\n"
        "print(ok, s.problem)\n")
    procs = [subprocess.Popen([sys.executable, "-c", code, str(path), str(tag)], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True) for tag in (1, 2)]
    outs = [p.communicate(timeout=120)[0].split() for p in procs]
    assert all(p.returncode == 0 for p in procs)
    assert outs == [["150", "None"], ["150", "None"]]
    assert UnitStore(path).count() == 301


def test_threads_asking_for_the_same_texts_embed_them_once(tmp_path, texts):
    counting = Counting()
    vectors = UnitVectors(counting, UnitStore(tmp_path / UNITS_FILE))
    start = threading.Barrier(3)
    failed: list[BaseException] = []

    def ask(priority: int) -> None:
        start.wait()
        try:
            vectors.ensure(texts, priority=priority)
        except BaseException as exc:  # a thread's exception would otherwise go unseen
            failed.append(exc)

    threads = [threading.Thread(target=ask, args=(p,)) for p in (PREVIEW, SETTLED, AHEAD)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not any(t.is_alive() for t in threads) and failed == []
    assert sum(counting.calls) == len(set(texts)) == vectors.embedded
    assert vectors.matrix(texts).shape == (len(texts), 384)


def test_a_background_warm_up_is_chunked_and_cancellable():
    texts = [f"Probe B3-{i} reads {20 + i}% moisture after the morning cycle." for i in range(40)]
    counting = Counting()
    vectors = UnitVectors(counting)
    vectors.ensure(texts, priority=AHEAD, cancelled=lambda: True)
    assert counting.calls == []
    calls = iter(range(10_000))
    vectors.ensure(texts, priority=AHEAD, cancelled=lambda: next(calls) >= 1)
    # Stopped after one chunk, bounded by BACKGROUND_CHARS (texts x the longest).
    assert counting.calls == [vectors.embedded]
    assert 1 < vectors.embedded * max(map(len, texts)) <= BACKGROUND_CHARS
    vectors.ensure(texts, priority=AHEAD)
    assert vectors.embedded == len(set(texts))
    assert max(counting.calls) <= 16


def test_apply_plans_compose_through_the_projects_cache(tmp_path):
    from helpers_apply import group_doc

    from review_app.core.apply import plan_from_document
    from review_app.core.project import Project

    root = tmp_path / "kb"
    root.mkdir()
    (root / "irrigation.md").write_text(OLD, encoding="utf-8")
    (root / "bay-3.md").write_text(NEW, encoding="utf-8")
    doc = {"project": str(root), "groups": [group_doc(root, "bay-3.md", ["irrigation.md"],
                                                      "merge")]}
    project = Project(root, state_dir=tmp_path / "state")
    plan = plan_from_document(project, doc, now=NOW)
    assert plan.groups and plan.groups[0].composed is not None
    stored = project_store(project.state)
    assert stored.path == (tmp_path / "state" / UNITS_FILE).absolute()
    assert shared_vectors(project.state).store is stored and stored.count() > 0
    # What the plan composed is on disk: a new process composing it embeds nothing.
    counting = Counting()
    fresh = UnitVectors(counting, UnitStore(stored.path))
    notes = {n: note(n, (root / n).read_text(encoding="utf-8"))
             for n in ("bay-3.md", "irrigation.md")}
    again = compose("merge", notes["bay-3.md"], [notes["irrigation.md"]], vectors=fresh,
                    now=NOW, kept=notes[plan.groups[0].kept])
    assert counting.calls == [] and again.text == plan.groups[0].composed.text



def test_a_dry_run_reads_the_cache_and_never_writes_it(tmp_path):
    from helpers_apply import group_doc

    from review_app.core.apply import plan_from_document
    from review_app.core.project import Project

    root, state = tmp_path / "kb", tmp_path / "state"
    root.mkdir()
    (root / "irrigation.md").write_text(OLD, encoding="utf-8")
    (root / "bay-3.md").write_text(NEW, encoding="utf-8")
    doc = {"project": str(root), "groups": [group_doc(root, "bay-3.md", ["irrigation.md"],
                                                      "merge")]}
    project = Project(root, state_dir=state)
    dry = plan_from_document(project, doc, now=NOW, dry_run=True)
    assert not state.exists()  # nothing created, not even the folder
    real = plan_from_document(project, doc, now=NOW)
    assert dry.groups[0].composed.text == real.groups[0].composed.text
    cache = state / UNITS_FILE
    def contents() -> dict[str, bytes | None]:
        # -shm is SQLite's lock table, touched by any reader; the data is the rest.
        return {p.name: None if p.name.endswith("-shm") else p.read_bytes()
                for p in state.iterdir()}

    before = contents()
    plan_from_document(project, doc, now=NOW, dry_run=True)
    assert contents() == before
    assert project_store(state, read_only=True).count() == UnitStore(cache).count() > 0


def test_a_warm_up_waits_while_a_higher_priority_caller_embeds():
    texts = [f"Line {i} of the irrigation manifold is flushed every {i + 2} days." for i in
             range(20)]
    counting = Counting()
    vectors = UnitVectors(counting)
    mem = vectors._mem
    with mem.lock:
        mem.active[SETTLED] += 1  # the settled group's prefetch is embedding
    worker = threading.Thread(target=vectors.ensure, args=(texts,),
                              kwargs={"priority": AHEAD})
    worker.start()
    worker.join(0.6)
    assert worker.is_alive() and counting.calls == []  # stepped aside
    vectors.ensure(texts[:3])  # a preview is never held up by it
    assert counting.calls == [3]
    with mem.lock:
        mem.active[SETTLED] -= 1
        mem.changed.notify_all()
    worker.join(60)
    assert not worker.is_alive() and vectors.embedded == 20




def test_a_write_while_another_process_writes_is_skipped_not_fatal(tmp_path, monkeypatch):
    """Another process holding the write lock past the busy timeout costs this write only:
    the store stays on, whichever SQLite binding index.connect chose (sqlean raises its
    own error classes, not the stdlib's)."""
    import review_app.core.unit_store as us

    monkeypatch.setattr(us, "BUSY_MS", 50)
    path = tmp_path / UNITS_FILE
    store = UnitStore(path)
    vec = np.ones(384, dtype=np.float32)
    assert store.put("m", {b"a" * 20: vec})
    hold = ("import sqlite3, sys\n"
            "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
            "c.execute('BEGIN IMMEDIATE'); print('locked', flush=True)\n"
            "sys.stdin.readline(); c.execute('ROLLBACK')\n")
    other = subprocess.Popen([sys.executable, "-c", hold, str(path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout.readline().strip() == "locked"
        assert store.put("m", {b"b" * 20: vec}) is False
        assert store.problem is None and len(store.get("m", [b"a" * 20])) == 1
    finally:
        other.communicate("\n", timeout=30)
    assert store.put("m", {b"b" * 20: vec}) and store.count() == 2


def test_a_failed_embedding_frees_the_texts_it_held_for_waiting_threads():
    """The model fails while another thread waits for the same texts: the failure reaches
    its caller, the waiter is released and embeds them itself, nothing stays pending."""
    import time

    texts = [f"Valve {i} on the east manifold opens at {30 + i} kPa." for i in range(6)]

    class FailsOnce(Counting):
        def embed(self, texts, progress=None):
            with self.lock:
                self.calls.append(len(texts))
                first = len(self.calls) == 1
            if first:
                time.sleep(0.3)  # long enough for the other thread to wait on these texts
                raise RuntimeError("the model ran out of memory")
            return self.inner.embed(texts, progress)

    embedder = FailsOnce()
    vectors = UnitVectors(embedder)
    failed: list[BaseException] = []

    def first() -> None:
        try:
            vectors.ensure(texts)
        except RuntimeError as exc:
            failed.append(exc)

    t1 = threading.Thread(target=first, daemon=True)  # a regression fails, never hangs
    t1.start()
    deadline = time.monotonic() + 30
    while not embedder.calls:  # the first call has begun
        assert time.monotonic() < deadline and (t1.is_alive() or embedder.calls)
        time.sleep(0.005)
    waiter = threading.Thread(target=vectors.ensure, args=(texts,), kwargs={"priority": AHEAD},
                              daemon=True)
    waiter.start()
    t1.join(30)
    waiter.join(30)
    assert not t1.is_alive() and not waiter.is_alive()
    assert [str(e) for e in failed] == ["the model ran out of memory"]
    assert embedder.calls[1:] and vectors.embedded == len(texts)
    assert vectors._mem.pending == {} and vectors._mem.active == [0, 0, 0]
    assert vectors.matrix(texts).shape == (len(texts), 384)


def test_a_held_preview_keeps_warm_ups_waiting_until_released():
    """The console's preview holds PREVIEW from `v` until its result is painted: a
    warm-up's chunk waits meanwhile (it would take the CPU the painting needs)."""
    vectors = UnitVectors(unit_embedder())
    vectors.hold(PREVIEW, True)
    done = threading.Event()
    worker = threading.Thread(target=lambda: (vectors.ensure(
        ["a warm-up text nobody embedded yet"], priority=AHEAD), done.set()))
    worker.start()
    assert not done.wait(0.5) and vectors.embedded == 0
    vectors.hold(PREVIEW, False)
    assert done.wait(30) and vectors.embedded == 1
    worker.join()


def test_a_warm_up_compose_pauses_while_a_preview_holds_even_on_cached_vectors():
    """A warm-up's compose is Python on the GIL: with every vector already cached it
    would still run beside the preview's compose and halve its speed, so it waits at
    its next step while a preview holds, and finishes once the preview lets go."""
    old, new = note("a.md", OLD), note("b.md", NEW)
    vectors = UnitVectors(unit_embedder())
    expected = compose("merge", new, [old], kept=new, vectors=vectors)  # caches all
    embedded = vectors.embedded
    vectors.hold(PREVIEW, True)
    got: list[str] = []
    worker = threading.Thread(target=lambda: got.append(compose(
        "merge", new, [old], kept=new, vectors=vectors.at(AHEAD)).text), daemon=True)
    worker.start()
    worker.join(1.0)
    assert worker.is_alive() and not got  # a cached compose takes well under 1 s
    vectors.hold(PREVIEW, False)
    worker.join(30)
    assert got == [expected.text] and vectors.embedded == embedded


def test_texts_waited_for_from_another_projects_caller_reach_this_store(tmp_path, texts):
    """Two projects' caches share the process's memory: a text one embeds while the other
    asks for it is waited for, then written to the second store too (a next session of
    the second project reads it instead of embedding it)."""
    from review_app.core.unit_vectors import _Memory

    memory = _Memory()
    a = UnitVectors(unit_embedder(), UnitStore(tmp_path / "a" / UNITS_FILE), memory=memory)
    b = UnitVectors(unit_embedder(), UnitStore(tmp_path / "b" / UNITS_FILE), memory=memory)
    one = threading.Thread(target=a.ensure, args=(texts,))
    one.start()
    while not memory.pending and one.is_alive():  # a is embedding them now
        pass
    b.ensure(texts)
    one.join()
    assert b.embedded == 0  # all waited for, none embedded twice
    keys = [UnitVectors._key(t) for t in texts]
    model = unit_embedder().model_name
    again = UnitStore(tmp_path / "b" / UNITS_FILE)  # as the next session reads it
    assert len(again.get(model, keys, unit_embedder().dim)) == len(set(keys))


def test_texts_embedded_are_counted_by_the_callers_priority(tmp_path, texts):
    """tui_bench --preview tells the texts a preview someone waits for embedded from the
    warm-ups' beside it: each text is counted once, at the priority that embedded it."""
    vectors = UnitVectors(unit_embedder(), UnitStore(tmp_path / UNITS_FILE))
    half = len(texts) // 2
    vectors.ensure(texts[:half], priority=AHEAD)
    vectors.ensure(texts, priority=PREVIEW)  # the first half is cached by now
    unique = len(set(texts))
    early = len(set(texts[:half]))
    assert vectors.embedded_at == [early, 0, unique - early]
    assert sum(vectors.embedded_at) == vectors.embedded == unique
