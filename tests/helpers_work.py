"""Work counted, not timed: how many lines of review_app's own code a call runs.

Tests stay fast and deterministic (speed goes in bench/), so "costs linear time" is
checked by counting: the same input shape at two sizes, and the ratio of the lines run.
A line count does not depend on the machine or how busy it is, and the same call on the
same input (with the same caches) runs the same lines every time. Only frames whose
file is under the review_app package count, on the calling thread: the standard
library, numpy and the model run in C or are not ours, and their cost follows from
what our code asks of them.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import review_app

ROOT = str(Path(review_app.__file__).resolve().parent)


# Work that doubles with the input is linear. Measured (lines run, n -> 2n): each input
# test_hostile_merge and test_hostile_input count grows by 1.96-2.01; with the passes
# that walked the whole note per older unit (commit 7bed807) the huge section's grew by
# 2.8 and the headings' by 3.2 (a purely quadratic cost gives 4; at sizes a test can
# afford the linear rest still counts). The bar sits between, clear of both.
LINEAR = 2.4


def line_events(fn: Callable[..., Any], *args: Any, also: tuple[str, ...] = (),
                **kwargs: Any) -> tuple[Any, int]:
    """`fn(*args, **kwargs)` and the number of line events it ran in review_app's code
    and in the files `also` names (a pure-Python library our code drives, e.g. difflib).

    sys.monitoring (3.12+) where there is one, else sys.settrace (3.11); either way a
    frame outside those files is not traced line by line. Work done in C (a slice's
    copy, a regex's backtracking) is not seen: there a test bounds what it can observe."""
    roots = (ROOT, *also)
    if hasattr(sys, "monitoring"):
        return _monitored(roots, fn, args, kwargs)
    return _traced(roots, fn, args, kwargs)


def _traced(roots: tuple[str, ...], fn: Callable[..., Any], args: tuple,
            kwargs: dict) -> tuple[Any, int]:
    count = 0
    ours: dict[Any, bool] = {}

    def local(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
        return local

    def call(frame, event, arg):
        code = frame.f_code
        mine = ours.get(code)
        if mine is None:
            mine = ours[code] = code.co_filename.startswith(roots)
        return local if mine else None

    old = sys.gettrace()
    sys.settrace(call)
    try:
        result = fn(*args, **kwargs)
    finally:
        sys.settrace(old)
    return result, count


def _monitored(roots: tuple[str, ...], fn: Callable[..., Any], args: tuple,
               kwargs: dict) -> tuple[Any, int]:
    mon = sys.monitoring  # type: ignore[attr-defined]
    tool = next(t for t in range(6) if mon.get_tool(t) is None)
    caller = threading.get_ident()  # events come from every thread: count this one's
    count = 0

    def line(code, number):
        nonlocal count
        if not code.co_filename.startswith(roots):
            return mon.DISABLE  # never again for this line of someone else's code
        if threading.get_ident() == caller:
            count += 1
        return None

    mon.use_tool_id(tool, "helpers_work")
    mon.restart_events()  # lines a previous count disabled are seen again
    mon.register_callback(tool, mon.events.LINE, line)
    mon.set_events(tool, mon.events.LINE)
    try:
        result = fn(*args, **kwargs)
    finally:
        mon.set_events(tool, 0)
        mon.register_callback(tool, mon.events.LINE, None)
        mon.free_tool_id(tool)
    return result, count


class Growth(NamedTuple):
    """Lines run at size n and 2n, and what the run at 2n returned."""

    small: int
    large: int
    result: Any

    @property
    def ratio(self) -> float:
        return self.large / self.small


def growth(run: Callable[[int], Any], n: int, *, also: tuple[str, ...] = ()) -> Growth:
    """How the work of `run(size)` grows from size n to 2n. Each size runs once
    uncounted first, so caches the call fills (vectors by text, memoised judgements)
    are in the same state for the counted run whatever ran before: the counts are the
    same every time. Linear work doubles (ratio ~2), a quadratic part quadruples."""
    counts, result = [], None
    for size in (n, 2 * n):
        run(size)
        result, lines = line_events(run, size, also=also)
        counts.append(lines)
    return Growth(counts[0], counts[1], result)
