"""A compose's small matrix products run on one BLAS thread (core/blas.py) while any
compose runs, the setting given back when the last one ends, with the same bytes; a
unit's facts are worked out once per lexicon."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from review_app.core import blas
from review_app.core.merge import facts
from review_app.core.merge.lexicon import ENGLISH, Lexicon


def test_one_thread_while_any_compose_runs_and_no_product_changes():
    before = blas.threads()
    if before is None:
        pytest.skip("numpy's BLAS is not an OpenBLAS with a thread count setter")
    rng = np.random.default_rng(7)
    a, b = rng.random((120, 384), dtype=np.float32), rng.random((150, 384), dtype=np.float32)
    many = a @ b.T
    inside, first_out, leave = threading.Event(), threading.Event(), threading.Event()
    seen: dict[str, object] = {}

    def other() -> None:  # a second compose, overlapping the first and outlasting it
        with blas.one_thread():
            inside.set()
            first_out.wait(30)
            seen["after_first"] = blas.threads()
        leave.set()

    t = threading.Thread(target=other)
    with blas.one_thread():
        t.start()
        inside.wait(30)
        seen["inside"] = blas.threads()
        one = a @ b.T
        again = a @ b.T
    first_out.set()
    leave.wait(30)
    t.join()
    assert seen["inside"] == 1
    assert seen["after_first"] == 1  # the other compose still runs: still one thread
    assert blas.threads() == before  # given back when the last one ended
    # Every compose runs on one thread, so its products are the same bytes each time (what
    # preview == written needs); against many threads only the last bits may differ (the
    # split of a dot product depends on the CPU's kernel), never a cosine's meaning.
    assert np.array_equal(one, again)
    assert np.allclose(one, many, rtol=1e-5, atol=0)


def test_a_units_facts_are_worked_out_once_per_lexicon(monkeypatch):
    """The passes ask for one unit's facts many times: the lexicon keeps them."""
    calls: list[str] = []
    real = facts._facts_of

    def counted(text, *args):
        calls.append(text)
        return real(text, *args)

    monkeypatch.setattr(facts, "_facts_of", counted)
    text = "The tram depot opens at 04:45 with Amara Osei on shift and 14 trams out."
    lexicon = Lexicon()  # its own memo
    first = facts.facts_of(text, lexicon)
    assert facts.facts_of(text, lexicon) == first
    assert facts.facts_of(text, lexicon, all_names=True) is not None
    assert calls == [text, text]  # once per text and options
    assert first == real(text, ENGLISH, 48, False, 8)
