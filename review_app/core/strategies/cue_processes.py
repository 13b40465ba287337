"""The cue pass's pairs worked out on every core, where that is safe.

A scan's cue pass (pair_features.ScoredPairs) is pure Python over tens of thousands of
pairs, each independent of the others: on basic-memory's vectors, with no embedding
left to do, it is most of a first scan. Where the process can fork safely (Linux, the
main thread the only Python thread: a scan from the command line or a bench, not one
in the console's worker threads or the MCP server's) the pairs are split between this
process and forked children, which inherit every note, piece and per-note cache
already built and send back only their pairs' cues. Each pair's cues are a pure
function of its two notes, so the result is the one one process gives, byte for byte.
`BM_REVIEW_CUE_PROCESSES=1` keeps it to one process.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import sys
import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")
Pair = tuple[int, int]

MIN_PAIRS = 4000
"""Fewer pairs than this are worked out here: a fork and the cues' trip back cost more
than the pairs (a small project's cue pass takes well under a second)."""

_WORK: Callable[[list[Pair]], dict[Pair, object]] | None = None


def processes() -> int:
    """How many processes the pass may use: the cores (at most 4), 1 where forking is
    not safe or `BM_REVIEW_CUE_PROCESSES` says so."""
    wanted = os.environ.get("BM_REVIEW_CUE_PROCESSES", "")
    cap = int(wanted) if wanted.isdigit() and int(wanted) > 0 else min(4, os.cpu_count() or 1)
    if cap < 2 or sys.platform != "linux" or threading.active_count() != 1 \
            or threading.current_thread() is not threading.main_thread():
        return 1
    return cap


def _child(chunk: list[Pair]) -> dict[Pair, object]:
    assert _WORK is not None
    return _WORK(chunk)


def split_work(pairs: list[Pair], work: Callable[[list[Pair]], dict[Pair, T]]
               ) -> dict[Pair, T] | None:
    """`work` over `pairs`, split between this process and forked children; None where
    one process is all there is to use (the caller works through them itself)."""
    n = processes()
    if n < 2 or len(pairs) < MIN_PAIRS:
        return None
    global _WORK
    _WORK = work  # type: ignore[assignment]  # read by the forked children only
    try:
        pool = mp.get_context("fork").Pool(n - 1)
    except OSError:
        _WORK = None
        return None
    try:
        with pool:
            theirs = pool.map_async(_child, [pairs[k::n] for k in range(1, n)])
            mine = work(pairs[0::n])
            for part in theirs.get():
                mine.update(part)  # type: ignore[arg-type]
        return mine
    finally:
        _WORK = None
