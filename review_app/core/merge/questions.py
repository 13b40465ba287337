"""An older draft's open question: a line that asks or leaves a thing to do, not one
that states a fact.

"Should we move to Fridays?", "- [ ] decide on the caterer", "TBD: who signs off?",
an item under "## Open questions": each was open when that draft was written. The
newest version either settled it (it states the answer) or let it go; written into
the merged note, it would ask again what the newest answered. Issue 18 item 4 carries
only units stating a fact the newest lacks, and a question states none: the verdicts
pass reports it dropped, and the person can carry it with one key.
"""

from __future__ import annotations

import re

from .lexicon import Lexicon

_TAIL = re.compile(r"(\s+#[\w/-]+|\s*\([^()]*\))+\s*$")  # tags, a closing (context)
# a label before a colon or dash, or an observation's category ("- [todo] ...")
_LABEL = re.compile(r"^\s*(?:[-*+]\s+)?(?:\[([^\]]*)\]\s*)?\**(?:([A-Za-z][A-Za-z ]{0,30}?)"
                    r"\**\s*[:\-–—])?")


def _key(words: str) -> str:
    return "_".join(re.findall(r"[a-z]+", words.lower()))


def _asks(text: str) -> bool:
    return _TAIL.sub("", text).rstrip("*_ ").endswith("?")


def _asking_heading(section: str, lexicon: Lexicon) -> bool:
    """The heading names a section of questions: one of Lexicon.question_headings, as
    its whole or as its closing words ("Things still to decide", "Points still open",
    "Things to do"). Closing in a to-do word (Lexicon.todo_headings), it does not when
    it negates it ("Things we decided not to do", "Things we don't need to do") or,
    unless open_item_words say its items are still open ("What we still need to do"),
    when it says what to do (Lexicon.instruction_openers: "What to do")."""
    key = _key(section)
    found = [h for h in lexicon.question_headings if key == h or key.endswith(f"_{h}")]
    if not found:
        return False
    closing = max(found, key=lambda h: len(h.split("_")))
    if key == closing or closing not in lexicon.todo_headings:
        return True
    words = key.split("_")
    before = words[:len(words) - len(closing.split("_"))]
    if set(before) & (lexicon.negation_words | {"t"}):  # "don't" reads as "don", "t"
        return False
    return bool(set(words) & lexicon.open_item_words) \
        or words[0] not in lexicon.instruction_openers


def open_question(text: str, section: str, kind: str, box: str | None,
                  lexicon: Lexicon, then: str | None = None) -> bool:
    """The unit asks or leaves to do rather than states: an unticked to-do, a line that
    ends in a question mark (its tags and closing context aside) and is not answered by
    the unit after it in its paragraph (`then`: "Can I park? Yes, behind the hall." is
    a question with its answer), a line labelled as a question (Lexicon.question_labels:
    "TBD:"; a question heading's words as a label: "**Open questions:**"), or any unit
    of a section whose heading says it holds questions (Lexicon.question_headings:
    "Open questions")."""
    if kind in ("rel", "code", "row", "step"):
        return False  # a relation, code or a block's row or step is read in its block
    if kind == "check":
        return box == " "  # a ticked box under "Open questions" is one settled
    if _asking_heading(section, lexicon):
        return True
    if _asks(text):
        return then is None or _asks(then)
    label = _LABEL.match(text)  # "TBD: ...", "[todo] ...", "**Open questions:**"
    asking = lexicon.question_labels | lexicon.question_headings
    return label is not None and any(_key(g) in asking for g in label.groups() if g)


__all__ = ["open_question"]
