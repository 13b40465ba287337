"""One BLAS thread for the small matrix products of a merge compose.

numpy's OpenBLAS splits even a 120 x 384 x 150 product (the units of two notes) over
every core, and when the machine is busy its threads wait for one another: measured on
2 cores at load ~12, 0.5 ms CPU on one thread against 1.5-8 ms CPU (3-35 ms wall) on
two, with the same bytes (a product's rows and columns are split among threads, never
its sums, so each element is the same dot product whichever thread makes it). OpenBLAS
has one process-wide setting (`openblas_set_num_threads_local` sets it and returns the
old one), so it is one thread while any compose runs (counted: composes overlap in the
console's workers) and given back when the last one ends; a scan's large products
meanwhile run on one thread too, slower, never different. Where numpy's BLAS is not
such an OpenBLAS, nothing changes.
"""

from __future__ import annotations

import contextlib
import ctypes
import glob
import os
import threading
from collections.abc import Callable, Iterator

_lock = threading.Lock()
# [] until looked for, then [(setter, getter)] or [None]
_found: list[tuple[Callable[[int], int], Callable[[], int]] | None] = []


def _local_setter() -> Callable[[int], int] | None:
    """numpy's bundled OpenBLAS's thread-local thread count setter, looked for once."""
    with _lock:
        if not _found:
            _found.append(_look_up())
        return _found[0][0] if _found[0] else None


def threads() -> int | None:
    """The BLAS threads this thread's products use (None: not such an OpenBLAS)."""
    _local_setter()
    return _found[0][1]() if _found[0] else None


def _look_up() -> tuple[Callable[[int], int], Callable[[], int]] | None:
    try:
        import numpy as np

        base = os.path.dirname(np.__file__)
        # numpy's wheels: numpy.libs beside the package (Linux, Windows), .dylibs in it (macOS)
        for folder in (base + ".libs", os.path.join(base, ".dylibs")):
            for path in sorted(glob.glob(os.path.join(folder, "*openblas*"))):
                lib = ctypes.CDLL(path)
                fn = getattr(lib, "openblas_set_num_threads_local", None)
                get = next((g for g in (getattr(lib, name, None) for name in (
                    "scipy_openblas_get_num_threads64_", "openblas_get_num_threads"))
                    if g is not None), None)
                if fn is not None and get is not None:
                    fn.restype, fn.argtypes = ctypes.c_int, [ctypes.c_int]
                    get.restype, get.argtypes = ctypes.c_int, []
                    return fn, get
    except (OSError, AttributeError):
        return None
    return None


_active = [0, 0]  # [composes inside one_thread, the thread count to give back]


@contextlib.contextmanager
def one_thread() -> Iterator[None]:
    """Matrix products on one BLAS thread while the block (and any other) runs."""
    setter = _local_setter()
    if setter is None:
        yield
        return
    with _lock:
        if _active[0] == 0:
            _active[1] = setter(1)
        _active[0] += 1
    try:
        yield
    finally:
        with _lock:
            _active[0] -= 1
            if _active[0] == 0:
                setter(_active[1])
