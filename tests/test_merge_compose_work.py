"""A compose asks each question of its inputs once (work counted, not timed; speed is
bench/tui_bench.py --preview's): what the newest note states is the same for every
older unit judged against it, and a pair of texts compares the same every time the
group is composed (load, follow-up, warm-up, preview). Domain: a community orchard's
volunteer notes (no other test uses it)."""

from __future__ import annotations

import datetime as dt
import re
import types

from helpers_merge import fm, note
from rapidfuzz import fuzz

from review_app.core.merge import older_only, pass_carry
from review_app.core.merging import compose
from review_app.core.unit_vectors import UnitVectors

NOW = dt.datetime(2026, 4, 1, 9, 0, 0)

OLD = note("orchard/volunteer-guide.md", fm("Orchard volunteer guide", "2025-02-01") + (
    "Pruning days are on Saturdays at the Millbrook community orchard, led by Tomasz "
    "Wren and Hilde Okafor. The tool shed code is 4417. Tea and cake are served in the "
    "barn after 3 pm.\n\n"
    "## Trees\n\n"
    "- The Bramley row was planted in 2019 by Ada Fenwick's class.\n"
    "- Grease bands go on the plum trees in October.\n"
    "- The cider press is lent by Kestrel Farm.\n"))
NEW = note("orchard/volunteer-guide-2026.md", fm("Orchard volunteer guide 2026",
                                                 "2026-02-01") + (
    "Pruning days are on Saturdays at the Millbrook community orchard. The tool shed "
    "code is 5820. Bring your own gloves.\n\n"
    "## Trees\n\n"
    "- The Bramley row was planted in 2019.\n"
    "- Grease bands go on the plum and cherry trees in October.\n"))

_NAME_WORDS = r"[A-Za-z][\w'’\-]*"  # pass_carry.named_alone's words of the newest


def _compose(embedder):  # noqa: ANN001, ANN202
    return compose("merge", NEW, [OLD], kept=NEW, now=NOW, vectors=UnitVectors(embedder))


def test_a_pair_of_texts_is_compared_once_however_often_the_group_is_composed(
        embedder, monkeypatch):
    asked: list[tuple[str, str]] = []
    real = fuzz.partial_ratio
    counting = types.SimpleNamespace(**{n: getattr(fuzz, n) for n in dir(fuzz)
                                        if not n.startswith("_")})
    counting.partial_ratio = lambda a, b, **k: (asked.append((a, b)), real(a, b, **k))[1]
    monkeypatch.setattr(older_only, "fuzz", counting)
    first = _compose(embedder)
    assert asked, "the group has older units saying a newest one whole"
    assert len(asked) == len(set(asked))  # fuller_than and old_value_over ask alike
    asked.clear()
    again = _compose(embedder)
    assert asked == [] and again.text == first.text


def test_the_newest_notes_words_are_read_once_per_compose(embedder, monkeypatch):
    calls: list[str] = []
    real = re.findall

    def findall(pattern, text, *a, **k):  # noqa: ANN001, ANN202
        if pattern == _NAME_WORDS:
            calls.append(text)
        return real(pattern, text, *a, **k)

    counting = types.SimpleNamespace(**{n: getattr(re, n) for n in dir(re)
                                        if not n.startswith("_")})
    counting.findall = findall
    monkeypatch.setattr(pass_carry, "re", counting)
    composed = _compose(embedder)
    base_units = {e.text for e in composed.ledger.entries if e.source == NEW.path}
    judged = [e for e in composed.ledger.entries if e.source == OLD.path]
    assert len(judged) >= 2 and calls
    assert len(calls) == len(set(calls)) <= len(base_units) + 2


def test_a_texts_cache_key_is_hashed_once(embedder, monkeypatch):
    import hashlib

    from review_app.core import unit_vectors

    hashed: list[bytes] = []
    real = hashlib.sha1
    monkeypatch.setattr(unit_vectors, "hashlib", types.SimpleNamespace(
        sha1=lambda data: (hashed.append(data), real(data))[1]))
    vectors = UnitVectors(embedder)
    texts = ["Windfalls go to the compost bays behind the orchard gate.",
             "Ladders are stored flat under the east hedge."]
    vectors.matrix(texts)
    vectors.matrix(list(reversed(texts)))
    vectors.ensure(texts)
    assert sorted(hashed) == sorted(t.encode("utf-8") for t in texts)
