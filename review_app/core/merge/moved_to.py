"""Where the writers say they moved or switched to: the destination replaced their former
arrangement of its kind ("since we moved to the Zettle reader"). A thing or a person that
moved is ended()'s (ended.py): where it was is over."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .ended import REACH, STOP, TOKEN, bare, capital
from .facts import stem
from .lexicon import Lexicon


@dataclass(frozen=True)
class Moved:
    """Where a unit says a thing moved to ("since we moved to the Zettle reader", "We
    moved storage in June to the larger barn at Higher Coombe Farm")."""

    words: frozenset[str]  # the destination's content words, stemmed (reader; barn)
    names: frozenset[str]  # its name tokens (Zettle; Higher, Coombe, Farm)
    said: str  # the destination as written


_MOVED_GAP = 5  # words between a moved cue's verb and its preposition ("moved storage
# in June to"): the thing moved and when, in one clause


@lru_cache(maxsize=1 << 14)
def moved_to(text: str, lexicon: Lexicon) -> tuple[Moved, ...]:
    """Every destination the writers say they moved or switched to: the words of its
    clause after a moved cue's preposition (Lexicon.moved_cues: "moved_to",
    "switched_to"; the verb and its preposition may have the thing and when between
    them), when the verb's subject is the speaker (Lexicon.speaker_words: "we moved
    to the Zettle reader"): the destination replaced their former arrangement of its
    kind. A thing or a person that moved is ended()'s: where it was is over."""
    tokens = TOKEN.findall(text)
    low = [t.lower() for t in tokens]
    out: list[Moved] = []
    pairs = {tuple(c.split("_")) for c in lexicon.moved_cues if c.count("_") == 1}
    for k, t in enumerate(low):
        for verb, prep in pairs:
            if t != verb:
                continue
            then = next((j for j in range(k + 1, min(len(tokens), k + 2 + _MOVED_GAP))
                         if tokens[j] in STOP or low[j] == prep), None)
            if then is None or tokens[then] in STOP:
                continue
            j = k - 1
            while j >= 0 and low[j] in lexicon.auxiliary_words:
                j -= 1
            if j < 0 or low[j] not in lexicon.speaker_words:
                continue  # "Lubricants were moved into the list": where they were is
                # over (ended()), not what the list held before; "Owen Pryce moved": left
            names, words, said = _dest(tokens, then + 1, lexicon)
            if words:
                out.append(Moved(words, names, said))
    return tuple(out)


def _dest(tokens: list[str], start: int, lexicon: Lexicon) -> tuple[
        frozenset[str], frozenset[str], str]:
    """The names and content words of a destination, to the end of its clause (or
    REACH + 2 words: "a single Thursday delivery run")."""
    skip = (lexicon.function_words - lexicon.weekdays) | lexicon.auxiliary_words
    names: list[str] = []
    words: list[str] = []
    seen: list[str] = []
    k = start
    while k < len(tokens) and tokens[k] not in STOP and tokens[k] not in "()" \
            and len(seen) < REACH + 2:
        t = tokens[k]
        if t[:1].isalpha() and t.lower() not in skip:
            seen.append(t)
            if capital(t, lexicon):
                names.append(bare(t))
            else:
                words.append(stem(bare(t).lower(), lexicon))
        k += 1
    return frozenset(names), frozenset(words), " ".join(seen)


__all__ = ["Moved", "moved_to"]
