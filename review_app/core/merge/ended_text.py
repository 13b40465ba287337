"""Whether a text speaks of what the newest says is over (ended.py reads what that is).

A thing named by a name is spoken of by that name's head ("the Sizzix Big Shot" is the
Big Shot, "the Plough Monday tour" is no Plough); a thing named by words, by every one
of them, or by its amount and one of them; a role whose holder left, by a holder named
right by it ("from the caretaker, Mr Doyle"); a person, by the name (a labelled line
about them opens its value with their whole name). `by_modifier` and `places` are the
weaker readings the callers weigh with meaning.
"""

from __future__ import annotations

import re

from .ended import AMOUNT, STOP, TOKEN, Ended, bare, capital, in_s
from .facts import label_of, stem
from .lexicon import Lexicon


def names_in(text: str) -> frozenset[str]:
    """Every capitalised token of the text, possessives bare ("Jonas's": Jonas)."""
    return frozenset(bare(t) for t in TOKEN.findall(text) if t[:1].isupper())


def _name_runs(text: str, lexicon: Lexicon) -> list[list[str]]:
    """The runs of capitalised tokens of the text, possessives bare and an opening
    determiner left out ("The Plough Monday tour": Plough, Monday). A name's last word
    is its head: "the Sizzix Big Shot" is the Big Shot, "the Plough Monday tour" is no
    Plough."""
    runs: list[list[str]] = []
    run: list[str] = []
    for t in [*TOKEN.findall(text), "."]:
        if t[:1].isupper() and not (not run and t.lower() in lexicon.determiners):
            run.append(bare(t))
        elif run:
            runs.append(run)
            run = []
    return runs


def _head(run: list[str], lexicon: Lexicon) -> str:
    """A name's head: its last word, or the one before a word saying what kind of place
    it is ("the Plough Inn" is the Plough; Lexicon.place_kind_words)."""
    if len(run) > 1 and run[-1].lower() in lexicon.place_kind_words:
        return run[-2]
    return run[-1]


def _mid_names(text: str) -> frozenset[str]:
    """The capitalised tokens of the text that open no sentence."""
    tokens = TOKEN.findall(text)
    return frozenset(bare(t) for k, t in enumerate(tokens)
                     if t[:1].isupper() and k and tokens[k - 1] not in ".!?")


def words_in(text: str, lexicon: Lexicon) -> frozenset[str]:
    skip = lexicon.function_words - lexicon.weekdays
    return frozenset(stem(bare(t).lower(), lexicon) for t in TOKEN.findall(text)
                     if t[:1].isalpha() and t.lower() not in skip)


def speaks_of(text: str, end: Ended, lexicon: Lexicon) -> bool:
    """The text names the thing `end` says is over (a name: its distinct tokens, a
    one-letter one with the rest of the name's words; else every word of it, or a word
    made from it: "card payments" is not "a valid card", "We no longer post ashes" ends
    "a postal ashes service"), and not what replaced it; and where one did what is over
    (Ended.doer), names them too ("Sarah leads the Tuesday group", not "The Tuesday
    group meets at 10")."""
    if end.doer and not all(mentions(text, frozenset({w}), lexicon) for w in end.doer):
        return False  # every word of it ("The Saturday market", not "On Saturdays the café")
    if not end.names and end.person:  # a role whose holder left: a text naming its
        # holder by it ("from the caretaker, Mr Doyle"), not the role ("Pay the treasurer")
        return _holder_named(text, end.words, lexicon)
    if not end.names:
        mine = words_in(text, lexicon)
        said = [stem(bare(t).lower(), lexicon) for t in TOKEN.findall(text)
                if t[:1].isalpha()] if any("-" in w for w in end.words) else []

        def named(w: str) -> bool:  # ("second-bottle discount": "a second bottle")
            return w in mine or any(_derived(w, t) for t in mine) or _in_words(w, said, lexicon)
        if end.numbers and end.numbers <= {t.rstrip(".,") for t in TOKEN.findall(text)
                                           if AMOUNT.fullmatch(t.rstrip(".,"))}:
            return any(named(w) for w in end.words)
        return all(named(w) for w in end.words)
    mine = names_in(text)
    if end.person and len(end.names) == 1:  # one word ("Owen has left"): a name where
        # no sentence starts ("Driver: Owen on Thursdays"), or opening one when it is no
        # word a sentence opens with ("Dennis keeps the key blanks"; not "Will ...")
        mine = _mid_names(text) | {n for n in mine - _mid_names(text)
                                   if n.lower() not in lexicon.function_words
                                   and n.lower() not in lexicon.months}
    if end.instead & mine:
        return False
    long_ = {n for n in end.distinct if len(n) >= 3}
    if long_ and not end.person:  # a place or a thing: named by the head of a name, not
        # as a modifier of a longer one ("The Plough closed" is not "the Plough Monday
        # tour")
        singular = _singular(long_, lexicon)
        return any((_head(run, lexicon) in end.names and set(run) & long_) or (
            singular is not None and _head(run, lexicon) == singular[0]
            and singular[1] <= set(run)) for run in _name_runs(text, lexicon))
    if long_:
        return bool(long_ & mine)
    rest = {stem(n.lower(), lexicon) for n in end.names - end.distinct}
    return bool(end.distinct & mine) and rest <= words_in(text, lexicon)


_WORD = re.compile(r"[A-Za-z][\w'’\-]*")  # a word as a line's opening is read


def _first_words(text: str, lexicon: Lexicon) -> frozenset[str]:
    """The content words of the text's first word that has any (its subject's opening);
    a set no end's words hold when there is none."""
    first = next((w for w in _WORD.findall(text)
                  if words_in(w, lexicon)), None)
    return words_in(first, lexicon) if first is not None else frozenset({"\0"})


def opens_with(text: str, end: Ended, lexicon: Lexicon, label_chars: int) -> bool:
    """The text's subject is the thing `end` names: its first content word is one of the
    thing's ("Rush orders are accepted until noon" / "rush work has ended"; not
    "Specimens are fixed with animal glue on 300 gsm card", whose card still holds). A
    labelled line is about its value when a person left: "Wassail master: Colin Ames,
    07700 900512" is about Colin Ames, whose phone left with him."""
    label = label_of(text, label_chars)
    if end.person and end.names:  # it opens (its value, if labelled) with the person's
        # whole name, for the role they left ("Bar: Colin Ward" is another Colin;
        # "Treasurer: Mary Jones" when she stood down as chair is a role she keeps)
        if label is not None:
            if end.duty and not mentions(label[0], end.duty, lexicon):
                return False
            text = label[1]
        opening = [bare(t) for t in TOKEN.findall(text)[:len(end.names)]]
        return set(opening) == set(end.names)
    return _first_words(text, lexicon) <= end.words


def opens_with_doer(text: str, end: Ended, lexicon: Lexicon) -> bool:
    """The text's subject is who did what `end` says is over (Ended.doer): its first
    content word is theirs ("Tom works Saturdays on the till, 8am to 1pm" when "Tom no
    longer works Saturdays": the times are that act's)."""
    return bool(end.doer) and _first_words(text, lexicon) <= end.doer


def opens_with_act(text: str, end: Ended, lexicon: Lexicon) -> bool:
    """The text is an instruction to do the act `end` says is over: its first word (after
    "please") is the act's bare verb ("Please book by phone to the office on 01632 960210"
    when "bookings are no longer taken over the phone"). A noun of it is no instruction
    ("Booking app help: the RideLink helpdesk on ...", "Bookings for care homes use the
    group account ..." name what still holds)."""
    words = _WORD.findall(text)
    while words and words[0].lower() in lexicon.polite_openers:
        words = words[1:]
    if not words:
        return False
    verb = words[0].lower()
    return stem(verb, lexicon) == verb and verb in {stem(w, lexicon) for w in end.words}


def _holder_named(text: str, roles: frozenset[str], lexicon: Lexicon) -> bool:
    """The text names a holder right by one of the roles ("the caretaker, Mr Doyle",
    "Mr Doyle, the caretaker", "caretaker Mr Doyle")."""
    tokens = TOKEN.findall(text)
    for k, t in enumerate(tokens):
        if not t[:1].isalpha() or stem(bare(t).lower(), lexicon) not in roles:
            continue
        after = tokens[k + 1:k + 3]
        after = after[1:] if after[:1] == [","] else after[:1]
        j = k - 1
        while j >= 0 and (tokens[j] == "," or tokens[j].lower() in lexicon.determiners):
            j -= 1  # "Mr Doyle, the caretaker"
        if (after and _personal(after[0], lexicon)) or (
                j > 0 and _personal(tokens[j], lexicon) and _personal(tokens[j - 1], lexicon)
                and not (j > 1 and tokens[j - 2].lower() in lexicon.determiners)):
            return True  # a full name before it ("Jo Bell, the treasurer"; not "Pay the
            # treasurer", "On Mondays, the caretaker", "At the Old School, the caretaker")
    return False


def _personal(token: str, lexicon: Lexicon) -> bool:
    """A capitalised word that can be part of a person's name (no day of the week)."""
    return capital(token, lexicon) and lexicon.day(token) is None


def mentions(text: str, words: frozenset[str], lexicon: Lexicon) -> bool:
    """The text names one of `words` (stemmed), or a word made from it ("Pick-ups" of
    "pick", "parking" of "park")."""
    mine = words_in(text, lexicon)
    return any(w in mine or any(_derived(w, t) for t in mine) for w in words)


def _singular(long_: set[str], lexicon: Lexicon) -> tuple[str, set[str]] | None:
    """The gone name's plural word in the singular and the name's words with it, where
    the name is a calendar slot or of more words than one: "Fifth Tuesdays are no longer
    used" names the "Fifth Tuesday" an older line gives a slot. Never the other way (the
    Swan closing is no end of "the Swans" team), nor a one-word name ("The Swans
    folded")."""
    plural = {n for n in long_ if len(n) > 3 and in_s(n)}
    if len(plural) != 1:
        return None
    [word] = plural
    if len(long_) < 2 and word[:-1].lower() not in lexicon.weekdays:
        return None
    return word[:-1], (long_ - plural) | {word[:-1]}


def _in_words(word: str, said: list[str], lexicon: Lexicon) -> bool:
    """A hyphenated word of the gone thing written as its words, next to each other and
    in order ("second-bottle" / "a second bottle"; "one-to-one" is no "one lane ...
    from 6 to 8pm")."""
    parts = [stem(p, lexicon) for p in word.split("-") if p]
    return "-" in word and len(parts) > 1 and any(
        said[k:k + len(parts)] == parts for k in range(len(said) - len(parts) + 1))


def _derived(word: str, other: str) -> bool:
    """One word made from the other by an ending ("post" / "postal"), four letters on;
    or the stem an "-ing" or "-ed" left without its silent "e" ("tuning" -> "tun",
    "tunes" -> "tune": "Saturday walk-in tuning has stopped" ends "Walk-in basic tunes
    continue on Saturdays")."""
    short, long_ = sorted((word, other), key=len)
    return len(short) >= 4 and long_.startswith(short) or \
        len(short) == 3 and long_ == short + "e"


def by_modifier(text: str, end: Ended, lexicon: Lexicon) -> bool:
    """The text names the thing `end` says is over by the word that tells it from
    others of its kind, with another head ("Rush orders are accepted until noon" /
    "Rush work has ended"): a thing of two or more words, no name, its first word in
    the text. Weaker than speaks_of: the caller asks the two to agree in meaning."""
    said = end.said.split()
    if end.names or len(said) < 2:
        return False
    first = said[0]  # (a thing with no name is said in its stemmed words)
    # as a modifier, a noun is written singular: "Keep knees soft" names knees, not the
    # "knee circles" that were replaced
    return first in end.words and any(
        stem(w, lexicon) == first and not (w.endswith("s") and not first.endswith("s"))
        for w in (bare(t).lower() for t in TOKEN.findall(text)))


def places(text: str, end: Ended, lexicon: Lexicon) -> bool:
    """The text says where the thing `end` says moved is: a place word follows its
    mention in one clause ("The catalogue lives in a spreadsheet"; not "Loans are
    recorded in the catalogue", nor "The catalogue has 4,000 records")."""
    tokens = TOKEN.findall(text)
    named = False
    for t in tokens:
        if t in STOP:
            named = False
        elif stem(bare(t).lower(), lexicon) in end.words or bare(t) in end.names:
            named = True
        elif named and t.lower() in lexicon.place_words:
            return True
    return False


__all__ = ["by_modifier", "mentions", "names_in", "opens_with", "opens_with_doer", "places",
           "speaks_of", "words_in"]
