"""Whether a unit denies what it says: the one test pass_polarity (prose) and
pass_said_over (observations) share, over the one word list Lexicon.negation_words."""

from __future__ import annotations

import re

from .lexicon import Lexicon

_TOKEN = re.compile(r"[a-z]+(?:['’-][a-z]+)*")


def negated(text: str, lexicon: Lexicon) -> bool:
    """A negation cue word or two-word cue ("no_longer"), or a contracted "n't". A limit
    ("no more than five high", "not later than 16:00") bounds a value, it denies nothing
    (Lexicon.limit_comparatives)."""
    words = _TOKEN.findall(text.lower())
    words = [w for k, w in enumerate(words) if not _in_limit(words, k, lexicon)]
    cues = lexicon.negation_words
    if any(w in cues or w.endswith(("n't", "n’t")) for w in words):
        return True
    return any(f"{a}_{b}" in cues for a, b in zip(words, words[1:], strict=False))


def _in_limit(words: list[str], k: int, lexicon: Lexicon) -> bool:
    """Word `k` is the "no"/"not" of a limit: "no more than", "not later than"."""
    return words[k] in ("no", "not") and k + 2 < len(words) \
        and words[k + 1] in lexicon.limit_comparatives and words[k + 2] == "than"
