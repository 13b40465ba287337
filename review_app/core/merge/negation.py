"""Whether a unit denies what it says: the one test pass_polarity (prose) and
pass_said_over (observations) share, over the one word list Lexicon.negation_words."""

from __future__ import annotations

import re

from .lexicon import Lexicon
from .other_value import is_participle

_TOKEN = re.compile(r"[a-z]+(?:['’-][a-z]+)*")
_PARTS = re.compile(r"[|,;:()]")


def negated(text: str, lexicon: Lexicon) -> bool:
    """A negation cue word or two-word cue ("no_longer"), or a contracted "n't". A limit
    ("no more than five high", "not later than 16:00") bounds a value, it denies nothing
    (Lexicon.limit_comparatives)."""
    words: list[str] = []
    for part in _PARTS.split(text.lower()):  # (a table cell or a clause of its own)
        got = _TOKEN.findall(part)
        words += [w for k, w in enumerate(got)
                  if not _in_limit(got, k, lexicon) and not _picks_out(got, k, lexicon)]
    cues = lexicon.negation_words
    if any(w in cues or w.endswith(("n't", "n’t")) for w in words):
        return True
    return any(f"{a}_{b}" in cues for a, b in zip(words, words[1:], strict=False))


def _picks_out(words: list[str], k: int, lexicon: Lexicon) -> bool:
    """Word `k` is the "not" of a reduced relative clause: after a noun (no verb before
    it, in one clause or table cell), before a past participle or "in"/"on"/"at", with
    the clause's verb after it, it says which ones ("Pens not collected within 90 days
    are treated as abandoned", "Items not on the list are quoted first"); "Dogs not
    allowed on the beach" has no verb after it and denies. Such a sentence asserts, it
    does not deny (merge-ET: the 90-day rule was read as the opposite of "Turnaround is 7
    working days" and lost)."""
    verbs = lexicon.auxiliary_words | lexicon.modal_words | lexicon.copulas
    return words[k] == "not" and 0 < k < len(words) - 1 and words[k - 1] not in verbs \
        and (is_participle(words[k + 1], lexicon) or words[k + 1] in lexicon.place_words) \
        and any(w in verbs for w in words[k + 2:])


def _in_limit(words: list[str], k: int, lexicon: Lexicon) -> bool:
    """Word `k` is the "no"/"not" of a limit: "no more than", "not later than"."""
    return words[k] in ("no", "not") and k + 2 < len(words) \
        and words[k + 1] in lexicon.limit_comparatives and words[k + 2] == "than"
