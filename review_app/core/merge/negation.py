"""Whether a unit denies what it says: the one test pass_polarity (prose) and
pass_said_over (observations) share, over the one word list Lexicon.negation_words."""

from __future__ import annotations

import re

from .lexicon import Lexicon

_TOKEN = re.compile(r"[a-z]+(?:['’-][a-z]+)*")


def negated(text: str, lexicon: Lexicon) -> bool:
    """A negation cue word or two-word cue ("no_longer"), or a contracted "n't"."""
    words = _TOKEN.findall(text.lower())
    cues = lexicon.negation_words
    if any(w in cues or w.endswith(("n't", "n’t")) for w in words):
        return True
    return any(f"{a}_{b}" in cues for a, b in zip(words, words[1:], strict=False))
