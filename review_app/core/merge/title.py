"""The written note's title: the kept file's, unless it names another issue of the note
than the body written under it.

The kept file is often an older note (the established name, the most linked-to, the
person's `K`), while the body is the newest's. When the two titles differ in a stamp
(a year, date, quarter, month, version: core/stamps.py) or a status word ("draft",
"proposal", "final": Lexicon.title_status_words), the kept title names another
period or standing than the body ("Rate card 2024" over 2025 prices, "Proposal: X"
over the accepted contract, "Dock rota" over "Dock rota 2026"), so the written title
and H1 follow the base, when the two name one subject once stamps and status words are
taken out ("Dock rota" / "Dock rota 2026"; another name is the established one and is
kept: an agent's upsert of "DB migration rules" does not rename "Database migration
policy (v2)" and rewrite every link to it); the kept file's path and
permalink stay, and apply points the links to the old title at the new one
(merging.retitled_mapping).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..notes import Note
from ..stamps import stamps, unstamped
from .lexicon import Lexicon

_WORD = re.compile(r"[^\W\d_]+")


def _status(title: str, lexicon: Lexicon) -> frozenset[str]:
    return frozenset(w for w in _WORD.findall(title.lower()) if w in lexicon.title_status_words)


def _subject(title: str, lexicon: Lexicon) -> list[str]:
    """The title's words once its stamps and status words are taken out."""
    return [w for w in _WORD.findall(unstamped(title)) if w not in lexicon.title_status_words]


def differ_in_stamp(a: str, b: str, lexicon: Lexicon) -> bool:
    """Two titles name different issues of a note: their stamps or status words differ."""
    return sorted(stamps(a)) != sorted(stamps(b)) or _status(a, lexicon) != _status(b, lexicon)


def written_title(base: Note, kept: Note, members: list[Note], lexicon: Lexicon,
                  targets: Mapping[str, str] | None = None) -> str:
    """The title the kept file is written under: the base's when the titles differ in a
    stamp or status word and name one subject without them ("Rate card 2024" / "Rate
    card 2025", "Dock rota" / "Dock rota 2026"); else the kept file's (an established
    name, "API rate limits", over an agent's "Rate limit policy 2025-06").
    Never a title another note of the project answers to (`targets`,
    links.target_index): two notes of one title would make links ambiguous."""
    if kept.path == base.path or base.title.strip().lower() == kept.title.strip().lower():
        return kept.title
    if not differ_in_stamp(kept.title, base.title, lexicon):
        return kept.title
    if _subject(kept.title, lexicon) != _subject(base.title, lexicon):
        return kept.title
    owner = (targets or {}).get(base.title.strip().lower())
    if owner is not None and owner not in {base.path, kept.path, *(n.path for n in members)}:
        return kept.title
    return base.title
