"""Does an older sentence talk about its own version rather than the note's subject?

An older version's sentences about that version (what changed in it, who it is for,
why it was revised) and its reasons for a change the newest has since overtaken tell
that version's moment, not a still-true fact: "The main change is a wadding layer",
"This note is what the sergeant hands to new pipers", "We moved the morning round
earlier so ...", "... so the start has moved forward", and an older intro's scope
line "How we book and sequence visits." or its occasion "Reworked after the February
tank clean." (the newest's own intro is the note's intro; who wrote it, or where its
content was gathered from, is no such talk: pass_lead weighs that).
pass_verdicts reports such a sentence dropped unless it states a fact the newest lacks;
when it happened (a month, a weekday) is the older moment, no such fact.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .ended import points_at_version
from .lexicon import Lexicon
from .other_value import provenance


def _self_subject(words: list[str], lexicon: Lexicon) -> bool:
    """"This note is ...", "The main change is ...": the note or its revision is the
    subject (a pointer, at most two other words, a version noun, then no "of"/"to":
    "the change of shift" speaks of the subject; "version" is the note's only after
    "this": "the minimum supported version" is the subject's)."""
    if not words or words[0] not in lexicon.version_pointers:
        return False
    for k in range(1, min(4, len(words))):
        if words[k] in lexicon.version_nouns or (
                words[0] in lexicon.self_pointers and words[k] in lexicon.self_nouns):
            after = words[k + 1:k + 2]
            # ("The alarm code changes quarterly": a verb of the subject, said how often)
            return bool(after) and after[0] not in lexicon.version_noun_joiners \
                and not (after[0].endswith("ly") and len(after[0]) > 4)
        if words[k] in lexicon.function_words:
            return False
    return False


def _past(word: str, lexicon: Lexicon) -> bool:
    return word in lexicon.change_verbs or word in lexicon.irregular_participles or (
        len(word) > 4 and word.endswith("ed") and not word.endswith("eed"))


def _change_claim(words: list[str], lexicon: Lexicon) -> bool:
    """"We moved ...", "We now run ...", "We consulted ...", "We have also added
    ...": a first person telling what it did or now does; "the start has moved
    forward", "has been revised": a perfect of a change verb. Either tells the change,
    i.e. the older moment."""
    if words[:1] and words[0] in lexicon.first_person:
        k = 1
        while k < min(3, len(words) - 1) and (words[k] in lexicon.perfect_auxiliaries
                                               or words[k] in lexicon.claim_adverbs):
            k += 1
        if k < len(words) and (words[k] == "now" or _past(words[k], lexicon)):
            return True
    return any(w in lexicon.perfect_auxiliaries and any(
        x in lexicon.change_verbs for x in words[k + 1:k + 3]) for k, w in enumerate(words))


def _scope_line(words: list[str], lexicon: Lexicon) -> bool:
    """"How we book and sequence yard visits.", "What to do when ...": what the note
    covers, said the way its intro or title says it."""
    return len(words) > 2 and words[0] in lexicon.scope_openers \
        and words[1] in lexicon.scope_followers


def _agreed(words: list[str], lexicon: Lexicon) -> bool:
    """An intro sentence giving its version's approval: "Agreed at the January 2024
    committee meeting.", "Updated for the 2023-24 season." (a participle first, then
    one of `source_words` or `approval_joiners`, or the month or year it names), or
    "These rules were agreed at ...", "This is the running order the committee agreed
    in June" (a self pointer, then within seven words one of
    `approval_participles` after was/were/been, or after "is the"/"are the"; no
    `rule_markers` word on the way: "This form must be approved" is a rule)."""
    if not words:
        return False
    if _opens_with_approval(words, lexicon):
        # ("Accepted cards: Visa ..." is a label, "Decided in May: ..." a dated fact's)
        dated = any(w in lexicon.months or _YEAR.fullmatch(w) for w in words[1:])
        return dated and len(words) > 1 and (
            words[1] in lexicon.source_words or words[1] in lexicon.approval_joiners
            or words[1] in lexicon.months or bool(_YEAR.fullmatch(words[1])))
    if words[0] not in lexicon.self_pointers:
        return False
    described = words[1:3] in (["is", "the"], ["are", "the"])
    for k in range(1, min(8, len(words))):
        w = words[k]
        if w in lexicon.rule_markers:
            return False
        if w in lexicon.approval_participles:
            return described or words[k - 1] in lexicon.past_auxiliaries
    return False


def _opens_with_approval(words: list[str], lexicon: Lexicon) -> bool:
    """"Agreed ...", "Updated ...": the sentence opens with the participle of its
    version's approval or change."""
    return bool(words) and (words[0] in lexicon.approval_participles
                            or words[0] in lexicon.change_verbs)


# A year or a span of years as a sentence or a fact value writes it ("2023", "2023-24").
_YEAR = re.compile(r"(?:19|20)\d\d(?:[-–/]\d\d(?:\d\d)?)?")
AGREED = "it says when or by whom its version was agreed"
SELF_SUBJECT = "its subject is the note or its revision"
CAME_AFTER = "it tells what its version came after"
# Readings whose dates and decision are the version's own, not facts of now.
DATED_READINGS = frozenset({AGREED, SELF_SUBJECT, CAME_AFTER})

SCOPE_LINE = "it says what the note covers, as the newest's intro does"
_LABEL = re.compile(r"\b(?:v|version\s+)(\d+)\b", re.IGNORECASE)


def version_labels(titles: Iterable[str]) -> frozenset[str]:
    """The version numbers the group's titles carry ("Round plan v2" -> "2")."""
    return frozenset(m.group(1) for t in titles for m in _LABEL.finditer(t))


def version_talk(text: str, lexicon: Lexicon, intro: bool,
                 labels: frozenset[str] = frozenset()) -> str | None:
    """Which reading makes the sentence talk about its version ("its subject is the
    note", "it tells what was done or changed then", "what the note covers", "it names
    a version of the note": `labels`, version_labels of the group's titles), or None.
    A scope line and an occasion are read so only in their note's intro; a question
    is no such talk."""
    if text.rstrip("*_ ").endswith("?"):
        return None
    if any(m.group(1) in labels for m in _LABEL.finditer(text)):
        return "it names a version of the note"  # "..., so v2 adds a seniority step"
    words = re.findall(r"[a-z][a-z'’\-]*", text.lower())
    if _self_subject(words, lexicon):
        return SELF_SUBJECT
    if _change_claim(words, lexicon):
        return "it tells what was done or changed then"
    if points_at_version(words, lexicon):
        return "it leaves what it does not list to another version of the note"
    if intro and words[:1] and words[0] in lexicon.change_verbs and provenance(text, lexicon) \
            and words[1:2] != ["by"]:  # ("Gathered from ...": where its content came from)
        return CAME_AFTER  # "Reworked after the clean."
    if intro and _agreed(re.findall(r"[a-z0-9][a-z0-9'’\-]*", text.lower()), lexicon):
        return AGREED
    if intro and _scope_line(words, lexicon):
        return SCOPE_LINE
    return None


def only_when(values: Iterable[str], lexicon: Lexicon) -> bool:
    """Every value is a when without a year (a month, a weekday: "in August"): the
    moment of the older version, not a fact the newest lacks. A year makes it a dated
    record ("We opened the yard in 1998"), a fact (as past_events reads dates)."""
    return all(v.startswith("name:") and (v[5:] in lexicon.months or v[5:] in
                                          lexicon.weekdays) for v in values)


def says_only_its_version(text: str, lexicon: Lexicon, talk: str = AGREED) -> bool:
    """Nothing follows the version's approval but its when, where and by whom: no ";"
    or ",", and no word of `approval_enders` except an "and" bringing another
    participle ("Agreed by the leaders in August 2023 and shared with parents"), so a
    rule or term said after it ("... and they apply until the lease ends in 2027")
    keeps the sentence a fact. A sentence whose subject is the note (SELF_SUBJECT)
    says of the note all it says ("This note sets out when and where we rehearse in
    2023."): only a second clause (";", ",") says more."""
    if re.search(r"[;,:]", text.rstrip(" .")):
        return False
    words = re.findall(r"[a-z][a-z'’\-]*", text.lower())
    if talk == SELF_SUBJECT:
        return "that" not in words  # "This note records that the lease runs until ..."
    for k, w in enumerate(words[1:], 1):
        if w in lexicon.approval_enders:
            nxt = words[k + 1] if k + 1 < len(words) else ""
            joiner = k == 1 and _opens_with_approval(words, lexicon)
            if joiner or (w in ("and", "as") and (
                    nxt.endswith("ed") or nxt in lexicon.irregular_participles)):
                continue
            return False
    return True


def only_dated(values: Iterable[str], text: str, lexicon: Lexicon,
               written: int | None = None) -> bool:
    """Every value is the version's own moment or decision, for a reading of
    DATED_READINGS: a month or weekday, a year or a span of years ("2023-24"), a day
    written beside a month ("on 5 September"), or the sentence's decision ("Agreed at
    the January 2024 committee meeting." states nothing of now). A name or an amount
    is still a fact ("..., with Rob Ellis confirming the station's side"), and so is a
    year after `written`, the year the older note was written ("runs until 2027")."""
    months = "|".join(sorted(lexicon.months, key=len, reverse=True))
    for v in values:
        if v.startswith("decision:") or only_when([v], lexicon):
            continue
        number = v[2:] if v.startswith("n:") else ""
        if _YEAR.fullmatch(number) and (written is None or int(number[:4]) <= written):
            continue  # (a year after the note was written is a term: "until 2027")
        if number.isdigit() and re.search(
                rf"\b{number}(?:st|nd|rd|th)?\s+(?:{months})\b|\b(?:{months})\s+{number}\b",
                text, re.IGNORECASE):
            continue
        return False
    return True


__all__ = ["AGREED", "DATED_READINGS", "SCOPE_LINE", "only_dated", "only_when",
           "says_only_its_version", "version_labels", "version_talk"]
