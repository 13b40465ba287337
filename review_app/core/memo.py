"""Results of pure per-text functions, kept for the length of one pass over many pairs.

A scan's cue pass (strategies/pair_features.py) scores tens of thousands of pairs, and
each note meets a dozen partners: the stamps of its title, the shape of its body, the
words its body writes as names are worked out once per note instead of once per pair.
The functions stay pure (the same text, the same answer), so a kept result is the one
computing it again would give, byte for byte. Outside `pass_memo` nothing is kept, and
nothing outlives the pass: a later scan, with other texts, starts empty. The memo lives
in a context variable, so a scan in a worker thread and the console's own calls to the
same functions never share one.

A kept result is shared by every caller of the pass: the functions kept here return
values their callers only read (tuples, frozensets, strings; a dict or list only where
every caller reads it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Any, TypeVar

_MEMO: ContextVar[dict[Any, Any] | None] = ContextVar("review_app_pass_memo", default=None)

F = TypeVar("F", bound=Callable[..., Any])


@contextmanager
def pass_memo() -> Iterator[None]:
    """Keep the results of `per_text` functions until the block ends (nested: one memo)."""
    if _MEMO.get() is not None:
        yield
        return
    token = _MEMO.set({})
    try:
        yield
    finally:
        _MEMO.reset(token)


def per_text(fn: F) -> F:
    """`fn` of hashable arguments (texts), its results kept inside `pass_memo`."""

    @wraps(fn)
    def kept(*args: Any) -> Any:
        memo = _MEMO.get()
        if memo is None:
            return fn(*args)
        key = (fn, args)
        try:
            return memo[key]
        except KeyError:
            out = memo[key] = fn(*args)
            return out

    return kept  # type: ignore[return-value]


def per_key(key: Any, compute: Callable[[], Any]) -> Any:
    """`compute()`, kept inside `pass_memo` under `key` (what identifies its input: a
    note's path and digest): for per-note work on objects that are not hashable."""
    memo = _MEMO.get()
    if memo is None:
        return compute()
    try:
        return memo[key]
    except KeyError:
        out = memo[key] = compute()
        return out
