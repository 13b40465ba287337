"""What the newest note says is over, in words rather than in a value.

"Owen Pryce left at the end of April", "no deposit is taken any more", "Annealer D
replaced Annealer C", "the contract itself (signed 13 December 2024)": each names a
thing and says it is gone, replaced or done. An older unit that states that thing as
current ("Audit lead: Owen Pryce", "[cost] Deposit is EUR 250", "Three annealers A, B,
C", "[status] Contract negotiation open") is contradicted by it. The cue words are the
Lexicon's (`gone_cues`, `replaced_cues`, `replaced_by_cues`, `done_cues`, `open_cues`);
what a cue speaks of is read from its clause: the name or the words just before it (or,
for "replaced X" and "no X", just after it; for "we no longer X", whose subject is the
speaker, X after it). A handover (`handover_cues`: "Ines Carvalho took over costume
repairs from Tomas Lindqvist") replaces the holder after "from" in what changed hands;
told from the old holder's side (`handed_cues`: "Maya has handed onboarding over to
Tomasz Wren"), the holder before the cue.
Whether an older text speaks of a thing read here is ended_text's to say.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from .facts import stem
from .lexicon import Lexicon

TOKEN = re.compile(r"[°º][A-Za-z]+|[A-Za-z][\w'’\-]*|[£$€¥]?\d[\d,.:/\-]*|[.;:!?()\[\],]")
AMOUNT = re.compile(r"[£$€¥]\d[\d,.]*")
_VALUE = re.compile(r"[£$€¥]?\d[\d,.:]*")  # a time, count or amount ("11", "10:30", "£5")
STOP = frozenset(".;:!?[],")  # a clause ends here ("the contract (signed ...)": not yet)
REACH = 3  # content words taken on the side a cue speaks of

EndKind = Literal["gone", "replaced", "moved", "done"]


@dataclass(frozen=True)
class Ended:
    """One thing a unit says is over."""

    kind: EndKind  # gone (left, removed, no longer), replaced (by `instead`), moved
    # (to `instead`: where it was is over), done
    names: frozenset[str]  # name tokens of the thing (as written; "Annealer", "C")
    words: frozenset[str]  # its content words, stemmed
    instead: frozenset[str] = frozenset()  # replaced: name tokens of what took its place
    # of `names`, those what replaced it does not share ("Annealer D replaced Annealer
    # C": C)
    distinct: frozenset[str] = frozenset()
    person: bool = False  # a person who left, retired, moved on ("Owen Pryce left")
    said: str = ""  # the thing as the text names it ("Owen Pryce", "deposit")
    # how often it was done, when the newest says only that way of doing it is over
    # ("no longer ... on a fixed weekly schedule": {"every"}): an older unit stating
    # no such value of it speaks of what still holds
    how: frozenset[str] = frozenset()
    # a handover: what changed hands, stemmed ("took over costume repairs from Tomas
    # Lindqvist": costume, repair); the older holder holds it no more, not all he did
    duty: frozenset[str] = frozenset()
    # a business the writers say they no longer deal with ("We no longer order from
    # Bond International"): named, so any older line naming it as current is over
    party: bool = False
    # the amounts the thing is named with ("the optional £1 waiting charge"): a text
    # giving them with one of its words speaks of it ("they may ask for an extra £1"
    # when the driver has to wait; not "limited to 2 hours" for a "£2 parking charge")
    numbers: frozenset[str] = frozenset()
    # who did what is over ("Reception no longer pays out petty cash": reception): a text
    # speaks of it only when it names them too (ended_text.speaks_of); the thing's own
    # facts ("Petty cash is kept in the blue tin") and the doer's others still hold
    doer: frozenset[str] = frozenset()
    # a handover said for good (handover_for_good): "took over ... from Tomas until the
    # end of January" is not. Read only by the chain of what older versions tell
    # (pass_said_over): in the newest, the words that say a while also say when it was
    # ("during the spring reorganisation") or what the new holder will do ("and will run
    # it from now on"), so there the newest's handover stands
    lasting: bool = True


@lru_cache(maxsize=256)
def _phrases(words: frozenset[str]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The cue phrases by their first word, each word's longest first: _match looks
    up the token's own phrases instead of trying every phrase at every token."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for p in sorted((tuple(w.split("_")) for w in words), key=len, reverse=True):
        out.setdefault(p[0], []).append(p)
    return {w: tuple(ps) for w, ps in out.items()}


def capital(token: str, lexicon: Lexicon) -> bool:
    return token[:1].isupper() and token.lower() not in lexicon.function_words \
        and token.lower() not in lexicon.months


def bare(token: str) -> str:
    return re.sub(r"['’]s$", "", token)


def _side(tokens: list[str], start: int, step: int, lexicon: Lexicon,
          stop: frozenset[str] = frozenset(), floor: int = 0,
          acts: frozenset[str] = frozenset()
          ) -> tuple[frozenset[str], frozenset[str], str, frozenset[str]]:
    """(name tokens, content words, the thing as written) on one side of a cue, within
    its clause (and before a word of `stop`; not below token `floor`, where an earlier
    cue ended: "the workaround has ended and the refund offer has ended" ends the
    refund offer, not an "ended refund offer"): the first name met (a run of
    capitalised words), else up to REACH content words; and the amounts of money met
    on the way ("the optional £1 waiting charge": £1)."""
    names: list[str] = []
    words: list[str] = []
    numbers: list[str] = []
    k = start
    skip = (lexicon.function_words - lexicon.weekdays) | lexicon.auxiliary_words | \
        lexicon.months | lexicon.value_verbs | acts  # "no deposit is taken any more": the
    # deposit; "no longer run a Sunday collection": the Sunday one, not the weekday ones
    while floor <= k < len(tokens) and tokens[k] not in STOP \
            and tokens[k].lower() not in stop and not (
                step > 0 and (names or words) and _when(tokens, k, lexicon)) and not (
                step < 0 and (names or words) and k > 0 and _when(tokens, k - 1, lexicon)):
        # (nor, read back from a cue, the phrase saying when that opens it: "This year
        # the garden party moves to the green" moves the garden party)
        # ("no longer offer next day delivery": "next day" opens the thing, not a when)
        t = tokens[k]
        first = k == 0 or tokens[k - 1] in STOP
        if capital(t, lexicon) and not (first and not (
                k + 1 < len(tokens) and capital(tokens[k + 1], lexicon))):
            names.append(bare(t))
        elif names:
            break  # the name ended
        elif t[:1].isalpha() and t.lower() not in skip:
            words.append(stem(bare(t).lower(), lexicon))
            if len(words) >= REACH:
                break
        elif AMOUNT.fullmatch(t.rstrip(".,")):
            numbers.append(t.rstrip(".,"))
        k += step
    seen = names or words
    return frozenset(names), frozenset(words), " ".join(seen if step > 0 else seen[::-1]), \
        frozenset(numbers)


def _when(tokens: list[str], k: int, lexicon: Lexicon) -> bool:
    """Token k opens a phrase saying when ("this year", "any more", "next season"):
    the thing a cue names after it ends there ("no longer running a raffle this year"
    ends the raffle)."""
    if k + 1 >= len(tokens) or tokens[k].lower() not in lexicon.when_determiners:
        return False
    nxt = tokens[k + 1].lower()
    return nxt in lexicon.calendar_words or nxt in lexicon.measure_words or \
        nxt in lexicon.when_nouns


def _party(tokens: list[str], k: int, lexicon: Lexicon) -> tuple[frozenset[str], str]:
    """The name after the preposition at token k, where "we no longer X" stopped
    ("We no longer order from Bond International": the business is what is over, not
    ordering), as name tokens and as written; empty when no name follows."""
    names: list[str] = []
    j = k + 1
    while j < len(tokens) and tokens[j] not in STOP and capital(tokens[j], lexicon) \
            and tokens[j].lower() not in lexicon.weekdays:
        names.append(bare(tokens[j]))
        j += 1
    return frozenset(names), " ".join(names)


def _match(tokens: list[str], low: list[str], k: int,
           phrases: dict[str, tuple[tuple[str, ...], ...]]) -> int:
    """Length of the longest cue phrase at token k, or 0."""
    for p in phrases.get(low[k], ()):
        if tuple(low[k:k + len(p)]) == p:
            return len(p)
    return 0


_Cues = tuple[tuple[dict[str, tuple[tuple[str, ...], ...]], str, int], ...]


def _cues(lexicon: Lexicon) -> tuple[_Cues, frozenset[str]]:
    """`ended`'s cue phrases (by first word, with their kind and side), in the order
    it tries them, and every word a cue phrase starts with; built once per lexicon."""
    memo = lexicon.memo("ended_cues")
    found = memo.get(None)
    if found is None:
        cues: _Cues = ((_phrases(lexicon.replaced_by_cues), "replaced", -1),
                       (_phrases(lexicon.replaced_cues), "replaced", 1),
                       (_phrases(lexicon.gone_cues), "gone", -1),
                       (_phrases(lexicon.gone_after_cues), "gone", 1),
                       (_phrases(lexicon.left_cues), "left", -1),
                       (_phrases(lexicon.moved_cues), "moved", -1),
                       (_phrases(lexicon.done_cues), "done", -1),
                       (_phrases(lexicon.handover_cues), "handover", 1),
                       (_phrases(lexicon.handed_cues), "handed", 1))
        found = memo[None] = (cues, frozenset(w for phrases, _, _ in cues for w in phrases))
    return found


def points_at_version(words: list[str], lexicon: Lexicon) -> bool:
    """"Anything not listed here is unchanged from the February policy.", "This replaces
    the 2023 reporting note": the text names another version of its note (one of
    `version_reference_cues`, then within four words a document noun). `words`: the
    text's words, lower case."""
    joined = f" {' '.join(words)} "
    for cue in lexicon.version_reference_cues:
        phrase = cue.replace("_", " ")
        at = joined.find(f" {phrase} ")
        if at >= 0:
            after = joined[at + len(phrase) + 1:].split()[:4]
            if set(after) & (lexicon.self_nouns | lexicon.document_nouns):
                return True
    return False


@lru_cache(maxsize=1 << 14)
def ended(text: str, lexicon: Lexicon) -> tuple[Ended, ...]:
    """Every thing the text says is gone, replaced or done."""
    tokens = TOKEN.findall(text)
    low = [t.lower() for t in tokens]
    out: list[Ended] = []
    cues, firsts = _cues(lexicon)
    k = 0
    floor = 0  # one past the last cue matched
    while k < len(tokens):
        if low[k] not in firsts:  # no cue phrase starts here (_match would find none)
            k += 1
            continue
        for phrases, kind, side in cues:
            n = _match(tokens, low, k, phrases)
            if not n:
                continue
            if kind == "gone" and n == 1 and any(
                    low[j] in lexicon.rule_markers for j in range(max(0, k - 2), k)):
                break  # a rule says when it is done ("only sold once ..."), not that it was
            if _conditional(low, k, lexicon):
                k += n - 1
                break  # "If it rains, the barbecue moves to the village hall": a
                # fallback, not a change
            if kind == "replaced" and (k == 0 or low[k - 1] in lexicon.self_pointers) \
                    and points_at_version(
                        [w for w in low[k:k + n + 5] if w[:1].isalpha()], lexicon):
                k += n - 1
                break  # the note ("This replaces ...") replaces an older version of
                # itself, whose words it restates: nothing it names is over ("A shared
                # calendar replaces the paper rota list" still ends the list)
            duty: frozenset[str] = frozenset()
            how: frozenset[str] = frozenset()
            subject: frozenset[str] = frozenset()  # (Ended.doer)
            lasting = True
            dealt = False
            numbers: frozenset[str] = frozenset()
            if kind == "handover":  # "X took over costume repairs from Y": Y's are over
                then = next((j for j in range(k + n, len(tokens)) if tokens[j] in STOP
                             or low[j] in lexicon.handover_from_words), None)
                if then is None or tokens[then] in STOP:
                    k += n - 1
                    break  # "took over the bar": from whom is not said
                lasting = handover_for_good(low, lexicon)
                duty = _side(tokens, k + n, 1, lexicon, lexicon.handover_from_words)[1]
                names, words, said, numbers = _side(tokens, then + 1, 1, lexicon)
                other = _side(tokens, k - 1, -1, lexicon)[0]
                kind = "replaced"
            elif side < 0:
                names, words, said, numbers = _side(tokens, k - 1, -1, lexicon, floor=floor)
                other = _side(tokens, k + n, 1, lexicon)[0]
                act, at = _acts(tokens, low, k + n, lexicon) if kind == "gone" and (
                    names or words) and "_".join(low[k:k + n]) in lexicon.act_ended_cues \
                    else ("", k + n)
                if act and k and low[k - 1] in lexicon.clause_joiners:
                    # "Marta still drops in on the Friday race but no longer plans the
                    # weeks": the subject is the clause's, not the words before "but"
                    names, words = _clause_subject(tokens, low, k, lexicon)
                    if not (names or words):
                        k += n - 1
                        break  # ("He still does the till but no longer works Saturdays",
                        # "Sarah, our coordinator, still helps but ...": whose, unread)
                if act == "thing" and _whole_name(names):
                    # "Priya Shah no longer manages the shop": a person's hold on it is
                    # over, as for one who stood down as chair (the shop still is); a
                    # line naming the hold by its verb says it too ("Manager: Priya Shah")
                    duty = _side(tokens, at, 1, lexicon, lexicon.adverbial_words)[1] \
                        | {stem(low[k + n], lexicon)}
                elif act:
                    # the subject still is; what it did is over where a text names it too:
                    # that act on that day ("Tom no longer works Saturdays": "Tom works
                    # Saturdays on the till", not "Tom works weekdays"), or the thing it
                    # acted on, read as after "we no longer" below ("Reception no longer
                    # pays out petty cash", "Sarah no longer leads the Tuesday group")
                    subject = words | {stem(w.lower(), lexicon) for w in names}
                    names, words, said, numbers = _side(tokens, k + n, 1, lexicon) \
                        if act == "value" else (frozenset(), frozenset(), "", frozenset())
                if kind == "gone" and not (names or words):
                    # "We no longer run a Sunday collection", "we dropped the van":
                    # the subject is the speaker, the thing is what they did, up to
                    # the words saying when or how ("on a fixed weekly schedule")
                    names, words, said, numbers = _side(tokens, at, 1,
                                                        lexicon, lexicon.adverbial_words,
                                                        acts=lexicon.offer_verbs)
                    stop = next((j for j in range(k + n, len(tokens)) if tokens[j] in STOP
                                 or low[j] in lexicon.adverbial_words), len(tokens))
                    if not names and len(words) <= 1 and stop < len(tokens) \
                            and low[stop] in lexicon.party_words:
                        # (only the act before it: "order paper from X" ends the paper)
                        party, as_said = _party(tokens, stop, lexicon)
                        if party:
                            names, said, dealt = party, as_said, True
                    elif not names and len(words - lexicon.verb_particles) <= 1 \
                            and stop < len(tokens) and low[stop] in lexicon.place_words:
                        # "We no longer pick up at Asda Kingsway": the place is over for
                        # what was done there (a name of two words or more: "at Easter"
                        # says when)
                        place, as_said = _party(tokens, stop, lexicon)
                        if len(place) >= 2:
                            names, said = place, as_said
                            duty = words - lexicon.verb_particles  # for that act only
                            # ("We no longer park on Hall Lane": the hall is still there)
                    other = frozenset()
                    how = _how(low[k + n:], lexicon)
            elif kind == "handed":  # "Maya has handed onboarding over to Tomasz Wren"
                if (k and low[k - 1] in lexicon.passive_words) or (
                        n == 1 and low[k + 1:k + 2] and low[k + 1] != "over"
                        and low[k + 1] in lexicon.verb_particles):
                    k += n - 1
                    break  # "toys are handed in", "handed out": no holder handing over
                to = next((j for j in range(k + n, len(tokens)) if tokens[j] in STOP
                           or low[j] in lexicon.handed_to_words), None)
                names, words, said, numbers = _side(tokens, k - 1, -1, lexicon, floor=floor)
                if not names and (one := _one_name_before(tokens, low, k, lexicon)):
                    names, said = frozenset({one}), one  # (handing over says it is someone)
                at = k + n + (low[k + n:k + n + 1] == ["over"])  # ("handed over the rota")
                duty = _side(tokens, at, 1, lexicon, lexicon.handed_to_words | {"over"})[1]
                handed = low[at:to] if to is not None else []
                if to is None or tokens[to] in STOP or not names or not duty \
                        or "over" not in low[k + n:to] \
                        or not handover_for_good(low, lexicon) \
                        or not any(w in lexicon.handed_duties or (w.endswith("ing") and len(
                            w) > 5) for w in handed):
                    k += n - 1
                    break  # "handed in the keys", "handed Tomasz the keys", "handed her
                    # report to the trustees", "handed the trophy over to", "until the
                    # end of January": nothing of the holder's is over for good
                other = _side(tokens, to + 1, 1, lexicon)[0]  # (a person: below)
            else:  # "replaced the spreadsheet with Koha": Koha took its place
                names, words, said, numbers = _side(tokens, k + n, 1, lexicon,
                                                    lexicon.instead_words)
                then = next((j for j in range(k + n, len(tokens)) if tokens[j] in STOP
                             or low[j] in lexicon.instead_words), None)
                other = _side(tokens, then + 1, 1, lexicon)[0] if then is not None \
                    and low[then] in lexicon.instead_words else \
                    _side(tokens, k - 1, -1, lexicon)[0]
            person = kind == "handed"  # ("stood down as chair": a person, for a duty)
            kind = "replaced" if kind == "handed" else kind
            if kind == "moved":  # a person who moved left; a thing moved to `other`
                person = _whole_name(names)
                kind = "gone" if person else "moved"
            if kind == "left":  # a person leaves; "on the left" is a place
                if not names and (one := _one_name_before(tokens, low, k, lexicon)):
                    names, said = frozenset({one}), one  # "Owen has left for university"
                person = _whole_name(names) or (
                    len(names) == 1 and said in names)
                thing = not names and k > 0 and low[k - 1] in lexicon.passive_words \
                    and "_".join(low[k:k + n]) in lexicon.retired_thing_cues
                # "the paper loans book was retired" (not "until she retired")
                # its head (the last two words: "loans book") is what others name
                kind, words = "gone", frozenset(
                    stem(w.lower(), lexicon) for w in said.split()[-2:]) & words \
                    if thing else frozenset()
                if not names and not words and (role := _role_left(tokens, low, k, n,
                                                                   lexicon)):
                    words, said, person = frozenset({stem(role, lexicon)}), role, True
                if person and low[k + n:k + n + 1] == ["as"]:
                    # "Mary Jones stood down as chair": that role is over, not the others
                    # she holds
                    duty = _side(tokens, k + n + 1, 1, lexicon,
                                 lexicon.adverbial_words | lexicon.clause_joiners)[1]
            if kind == "done" and names and _closed_for_good(tokens, low, k, n, names,
                                                             lexicon):
                kind = "gone"  # "The Plough closed in the summer of 2024": a place
            if names or words:
                instead = other - names if kind in ("replaced", "moved") else frozenset()
                distinct = names - other if kind in ("replaced", "moved") else names
                out.append(Ended(kind, names, words if not names else frozenset(  # type: ignore[arg-type]
                    stem(w.lower(), lexicon) for w in names), instead, distinct, person, said,
                    how, duty, dealt, numbers if kind == "gone" and not names else frozenset(),
                    subject, lasting))
            floor = k + n
            k += n - 1
            break
        k += 1
    return tuple(out)


def _whole_name(names: frozenset[str]) -> bool:
    """Name tokens that name a person whole: two or more, none an initial ("Priya Shah")."""
    return len(names) >= 2 and all(len(n) >= 2 for n in names)


def in_s(word: str) -> bool:
    """A word ending in an -s that may be a plural or a verb's ("stocks", "Tuesdays"; not
    "class", "bus", "analysis")."""
    return word.endswith("s") and not word.endswith(("ss", "us", "is"))


def _acts(tokens: list[str], low: list[str], k: int, lexicon: Lexicon
          ) -> tuple[Literal["", "thing", "value"], int]:
    """What follows token k, right after a gone cue, when k is a verb its subject does: a
    present-tense form in -s ("pays", "stocks"; not "class", "bus"), lower case. "thing"
    and the index of the thing's first word (particles and determiners aside: "pays out
    petty cash", "leads the Tuesday group"); "value" when the rest of its clause says
    when or how much: a day, a month or a number ("Tom no longer works Saturdays", "The
    class no longer meets on Tuesdays", "The café no longer serves breakfast after 11": a
    value changed); else "" ("no longer runs" alone, "no longer works at the farm": the
    subject is what is over)."""
    if k + 1 >= len(tokens) or not tokens[k].isalpha() or not tokens[k].islower():
        return "", k
    w = low[k]
    if len(w) < 4 or not in_s(w) or w in lexicon.function_words:
        return "", k
    j = k + 1
    while j < len(tokens) and (low[j] in lexicon.verb_particles or low[j] in lexicon.determiners):
        j += 1
    if j >= len(tokens) or tokens[j] in STOP or not low[j][:1].isalpha():
        return "", k
    end = next((i for i in range(j, len(tokens)) if tokens[i] in STOP), len(tokens))
    for i in range(j, end):
        t = low[i]
        when = lexicon.day(t) is not None or t.removesuffix("s") in lexicon.months
        modifier = when and i + 1 < end and tokens[i + 1].isalpha() \
            and tokens[i + 1].islower() and low[i + 1] not in lexicon.function_words
        if _VALUE.fullmatch(t) or (when and not modifier):  # ("the Tuesday group" names a
            return "value", j  # group, "the under-12s" a team)
    if low[j] in lexicon.function_words - lexicon.weekdays or low[j] in lexicon.happening_words:
        return "", k  # ("no longer takes place": the subject is what is over)
    return "thing", j


def handover_for_good(low: list[str], lexicon: Lexicon) -> bool:
    """The handover told in these words (lower case tokens) is for good: they say no
    while (for_a_while), return, question or future (Lexicon.handover_not_for_good)."""
    return not for_a_while(low, lexicon) \
        and not any(w in lexicon.handover_not_for_good for w in low)


def for_a_while(low: list[str], lexicon: Lexicon) -> bool:
    """These words (lower case tokens) say a state lasts a while (Lexicon.for_a_while:
    "until", "temporarily"), a span ("summer", "repairs": Lexicon.while_spans) counting
    only after for/over/through ("for the summer", "over the winter"; "in the summer of
    2024" says when, "took over costume repairs" what)."""
    def opened(i: int) -> bool:
        j = i - 1 - (i >= 2 and low[i - 1] in lexicon.determiners)
        return j >= 0 and low[j] in lexicon.while_span_openers

    return any(w in lexicon.for_a_while and (w not in lexicon.while_spans or opened(i))
               for i, w in enumerate(low))


def _closed_for_good(tokens: list[str], low: list[str], k: int, n: int,
                     names: frozenset[str], lexicon: Lexicon) -> bool:
    """A named place, business or account, the subject of its clause, closed (Lexicon.
    closing_cues) and not for a while ("The Plough closed in the summer of 2024", "The
    Instagram account has been closed"; not
    "The Plough is closed until Easter", "closed for the winter", nor "Entries for the
    Open Trial closed", whose subject is the entries)."""
    if "_".join(low[k:k + n]) not in lexicon.closing_cues or set(low) & lexicon.reopening_words \
            or low[k + n:k + n + 1] == ["for"]:
        return False
    if k and low[k - 1] in lexicon.state_copulas and low[k + n:k + n + 1] != ["down"]:
        return False  # a state ("The Lamb is closed on Mondays"), not an ending
    j = k - 1
    while j >= 0 and low[j] in lexicon.auxiliary_words:
        j -= 1
    if j > 0 and tokens[j].islower() and bare(tokens[j - 1]) in names:
        j -= 1  # its head noun ("The Instagram account has been closed")
    if j < 0 or bare(tokens[j]) not in names:
        return False
    while j >= 0 and bare(tokens[j]) in names:
        j -= 1
    if j >= 0 and low[j] in lexicon.determiners:
        j -= 1
    return j < 0 or tokens[j] in STOP


def _role_left(tokens: list[str], low: list[str], k: int, n: int, lexicon: Lexicon) -> str:
    """The role whose holder a cue only a person does says left, when it is the clause's
    whole subject ("The caretaker has retired", "Our treasurer resigned in May"): who
    holds it in older notes holds it no more. "" otherwise ("The bus left at 9": a bus
    leaves, a caretaker retires)."""
    if "_".join(low[k:k + n]) not in lexicon.person_left_cues:
        return ""
    j = k - 1
    while j >= 0 and low[j] in lexicon.auxiliary_words:
        j -= 1
    if j < 1 or not tokens[j].isalpha() or not tokens[j].islower() \
            or low[j - 1] not in lexicon.determiners:
        return ""
    return low[j] if j < 2 or tokens[j - 2] in STOP else ""


def _conditional(low: list[str], k: int, lexicon: Lexicon) -> bool:
    """The sentence holding token k opens with a condition ("If it rains, ...")."""
    j = k
    while j > 0 and low[j - 1] not in ".!?;":
        j -= 1
    return low[j] in lexicon.condition_openers if j < len(low) else False


def _clause_subject(tokens: list[str], low: list[str], k: int, lexicon: Lexicon
                    ) -> tuple[frozenset[str], frozenset[str]]:
    """(name tokens, content words) of the subject opening the clause of token k: its
    run of capitalised words ("Marta", "Priya Shah"), else its first content word after
    the determiners ("the bar")."""
    j = max((i + 1 for i in range(k) if tokens[i] in STOP), default=0)
    while j < k and low[j] in lexicon.determiners:
        j += 1
    run: list[str] = []
    while j + len(run) < k and capital(tokens[j + len(run)], lexicon):
        run.append(bare(tokens[j + len(run)]))
    if len(run) >= 2:
        return frozenset(run), frozenset()
    if j < k and tokens[j][:1].isalpha() and low[j] not in lexicon.function_words:
        return frozenset(), frozenset({stem(bare(tokens[j]).lower(), lexicon)})
    return frozenset(), frozenset()


def _one_name_before(tokens: list[str], low: list[str], k: int, lexicon: Lexicon) -> str:
    """The one capitalised word opening the sentence right before a leaving cue at token
    k (auxiliaries between: "Owen has left", "Lukasz left us in May"): a leaving verb
    says the word is someone's name, as a pronoun after it would (roles.py). "" when
    none."""
    j = k - 1
    while j >= 0 and low[j] in lexicon.auxiliary_words:
        j -= 1
    if j < 0 or (j > 0 and tokens[j - 1] not in STOP) or len(tokens[j]) < 3 \
            or not capital(tokens[j], lexicon) or tokens[j].isupper() \
            or low[j] in lexicon.no_one_words:
        return ""
    return bare(tokens[j])


def _how(rest: list[str], lexicon: Lexicon) -> frozenset[str]:
    """{"every"} when the clause says how often ("on a fixed weekly schedule")."""
    often = lexicon.frequency_words | lexicon.every_words
    clause = itertools.takewhile(lambda t: t not in STOP, rest)
    return frozenset({"every"}) if any(t in often for t in clause) else frozenset()


def is_open(text: str, lexicon: Lexicon) -> bool:
    """The text says its thing is not settled yet ("open", "draft", "under
    discussion", "still proposed", an unticked box)."""
    low = [t.lower() for t in TOKEN.findall(text)]
    return any(_match(low, low, k, _phrases(lexicon.open_cues)) for k in range(len(low)))


__all__ = ["AMOUNT", "REACH", "STOP", "TOKEN", "Ended", "bare", "capital", "ended", "in_s",
           "is_open", "points_at_version"]
