"""perf13: the merge helpers' look-ups made fast (slot_fillers' inflection look-up as
set membership, ended's cue phrases indexed by first word) answer what the word-by-word
scans they replace answered. No behaviour change: these guard the equivalence; the
whole-compose check is bench/compose_compare.py (main vs this code, byte for byte)."""

from __future__ import annotations

import itertools
import random

from review_app.core.merge import ended as ended_mod
from review_app.core.merge import slot_fillers
from review_app.core.merge.lexicon import ENGLISH


def _among_by_scan(key: str, keys: list[str]) -> bool:
    """The scan slot_fillers._among replaced (main before perf13)."""
    return any(k == key or min(len(k), len(key)) >= 2 and abs(len(k) - len(key))
               <= slot_fillers._ENDING and (k.startswith(key) or key.startswith(k))
               for k in keys)


def _match_by_scan(low: list[str], k: int, words: frozenset[str]) -> int:
    """The scan ended._match replaced: every phrase, longest first, at token k."""
    for p in sorted((tuple(w.split("_")) for w in words), key=len, reverse=True):
        if tuple(low[k:k + len(p)]) == p:
            return len(p)
    return 0


def test_the_inflection_look_up_answers_as_the_scan_did():
    rng = random.Random(7)
    # short words over three letters meet as prefixes of each other at every length
    # (letters no stem ending or function word uses: each word is its own key)
    words = ["".join(rng.choice("bcx") for _ in range(rng.randint(1, 8)))
             for _ in range(400)] + ["bu", "bus", "commit", "commits", "committed"]
    for _ in range(300):
        text = rng.sample(words, rng.randint(1, 12))
        near = slot_fillers._near(" ".join(text), ENGLISH)
        assert near[0] == {slot_fillers.stem(w, ENGLISH) for w in text}
        keys = sorted(near[0])
        for key in rng.sample(words, 40) + keys:
            assert slot_fillers._among(key, near) == _among_by_scan(key, keys), (key, text)


def test_refill_finds_the_slot_through_an_inflected_word():
    # "commits" / "commit", "go" / "goes": one word to a reader; the slot is the name
    hit = slot_fillers.refill("Tag commits go through Hana Sato.",
                              "Tag commit goes through Pavel Ilic.", ENGLISH, 3, 48)
    assert hit is not None and hit.older_filler == ("Hana", "Sato") \
        and hit.newer_filler == ("Pavel", "Ilic")


def test_the_cue_index_finds_the_phrase_the_scan_found():
    cues = [ENGLISH.replaced_by_cues, ENGLISH.replaced_cues, ENGLISH.gone_cues,
            ENGLISH.gone_after_cues, ENGLISH.left_cues, ENGLISH.moved_cues,
            ENGLISH.done_cues, ENGLISH.handover_cues, ENGLISH.open_cues]
    vocabulary = sorted({w for c in cues for p in c for w in p.split("_")} | {"the", "x"})
    rng = random.Random(11)
    for words in cues:
        index = ended_mod._phrases(words)
        phrases = [p.split("_") for p in sorted(words)]
        for _ in range(200):
            low = list(itertools.chain.from_iterable(
                rng.choice(phrases) if rng.random() < 0.5 else [rng.choice(vocabulary)]
                for _ in range(6)))
            for k in range(len(low)):
                assert ended_mod._match(low, low, k, index) == _match_by_scan(low, k, words)
