"""How a note names the items of its numbered lists: their marker, and the nouns a
sentence names one by ("decision 2", "step 4": the lexicon's item nouns and the words of
the list's heading). pass_references (an older unit naming an item the newest renumbered)
and pass_standing (a newer version saying an older item still holds, or anew) read items
the same way."""

from __future__ import annotations

import re

from .context import MergeContext
from .document import Document

MARKER = re.compile(r"^\s*(\d{1,9})[.)]\s")


def singular(word: str) -> str:
    word = word.lower()
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def item_nouns(ctx: MergeContext, doc: Document, section: int) -> set[str]:
    """The nouns naming an item of a list in `section`: Lexicon.numbered_item_nouns and
    the heading's own words ("## Decisions so far": decision)."""
    fw = ctx.lexicon.function_words
    return set(ctx.lexicon.numbered_item_nouns) | {
        singular(w) for w in re.findall(r"[A-Za-z]+", doc.sections[section].title)
        if w.lower() not in fw}
