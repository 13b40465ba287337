"""The facts a unit states: numbers (quantities, money, dates, versions), code spans,
links, names, decisions, and a "Label: value" pair. A fact is what a reader would
miss if the unit were dropped, so only units with one are carried over."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from .lexicon import Lexicon
from .worded_values import (
    in_ranges,
    later_clock,
    range_start,
    spelled_numbers,
    word_tables,
    word_times,
)

_ARABIC_INDIC = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹", "01234567890123456789")
_NUMBER = re.compile(r"(?<![\w.])[$€£¥]?\d+(?:[.,:/\-]\d+)*(?:%| ?[ap]m\b|[a-zA-Zµ°]{1,3}\b)?")
# A time of day, as the 12- or the 24-hour clock writes it ("7:30pm", "7 pm", "19:30")
_CLOCK = re.compile(r"(\d{1,2})(?::(\d\d))?(?: ?([ap]m))?")
_CODE = re.compile(r"`([^`\n]+)`")
_WIKI = re.compile(r"\[\[([^\]\[|#]+)(?:[#|][^\]]*)?\]\]")
_URL = re.compile(r"(?:https?|memory)://[^\s)>\]]+")
# An email address is a contact as a web address is: a fact, not a run of names
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
_WORD = re.compile(r"[A-Za-z][\w'’\-]*")
_LABEL = re.compile(r"^\s*(?:\*\*|__)?([^:*_`\n]{1,60}?)"
                    r"(?::(?:\*\*|__)|(?:\*\*|__)?:)\s+(?:\*\*|__)?\s*(\S.*)$")
_MASK = re.compile(r"`[^`\n]+`|\[\[[^\]]+\]\]|(?:https?|memory)://\S+|[$€£¥]?\d+(?:[.,:/\-]\d+)*%?")


# One spelling per value, whatever the writer's: "20 per cent" is "20%", "21 °C" is
# "21°C", "£12k" is "£12000", a range its two ends (a rewording that keeps the numbers
# states the same facts).
_PERCENT = re.compile(r"(\d)\s?(?:per\s?cent|percent)\b", re.IGNORECASE)
_DEGREES = re.compile(r"(\d) (°[CFcf]?)(?![A-Za-z])")
_THOUSANDS = re.compile(r"([$€£¥])(\d+(?:\.\d+)?)([kKmM])\b")
# a range of times is its two ends ("10:00-16:00" / "10am to 4pm", "6-8pm" / "6pm to 8pm")
_CLOCKS = re.compile(r"(?<![\d:])(\d{1,2}:\d\d)\s?[-–]\s?(\d{1,2}:\d\d)(?![\d:])")
_HOURS = re.compile(r"(?<![\d:.])(\d{1,2})\s?[-–]\s?(\d{1,2})\s?([ap]m)\b", re.IGNORECASE)


MAX_DIGITS = 9
"""The most digits a number read as a count or a list's item number has (CommonMark's
limit for an ordered list marker): a longer run of digits is text, not a count, and `int`
refuses runs of thousands of digits."""


def as_count(token: str) -> int | None:
    """A token of decimal digits as its number, up to MAX_DIGITS; else None ("²" is a
    digit to `str.isdigit`, not to `int`)."""
    return int(token) if token.isdecimal() and len(token) <= MAX_DIGITS else None


def one_spelling(text: str) -> str:
    """`text` with each value in the one spelling facts read it in."""
    if not any(map(str.isdigit, text)):
        return text
    text = _DEGREES.sub(r"\1\2", _PERCENT.sub(r"\1%", text))
    text = _HOURS.sub(r"\1\3 to \2\3", _CLOCKS.sub(r"\1 to \2", text))
    return _THOUSANDS.sub(lambda m: m.group(1) + _scaled(m.group(2), m.group(3)), text)


def _scaled(number: str, suffix: str) -> str:
    whole, _, part = number.partition(".")
    zeros = 3 if suffix in "kK" else 6
    if len(part) > zeros:
        return number + suffix
    return (whole + part.ljust(zeros, "0")).lstrip("0") or "0"


@dataclass(frozen=True)
class Facts:
    values: frozenset[str]  # every fact, normalised ("n:250", "code:x", "link:y", "name:z")
    label: str | None  # "status" of "**Status:** Accepted"
    decision: bool

    def kinds(self) -> set[str]:
        return {v.split(":", 1)[0] for v in self.values}


def _num(token: str) -> str:
    """One spelling per value: a time of day on the 24-hour clock without a leading
    zero ("7:30pm", "7:30 pm" and "19:30" are "19:30"; "07:00" is "7:00"), an ordinal
    as its number, money without trailing decimal zeros, so a restated value is the
    same fact."""
    low = token.lower().replace(",", "")
    low = re.sub(r"^(\d{1,2})\.(\d\d)(?=\s?[ap]m$)", r"\1:\2", low)  # "5.30pm" is 17:30
    m = _CLOCK.fullmatch(low)
    if m is not None and (m.group(2) or m.group(3)):
        hour, minute = int(m.group(1)), m.group(2) or "00"
        if m.group(3) and 1 <= hour <= 12:
            hour = hour % 12 + (12 if m.group(3) == "pm" else 0)
        if hour <= 23 and int(minute) <= 59:
            return f"{hour}:{minute}"
    if (ordinal := re.fullmatch(r"(\d+)(?:st|nd|rd|th)", low)) is not None:
        return ordinal.group(1)  # "the 1st of May" / "1 May"
    if low[:1] in "$€£¥" and "." in low:  # "£3.50" / "£3.5"
        low = low.rstrip("0").rstrip(".") if re.fullmatch(r".\d+\.\d+", low) else low
    return re.sub(r"\s+", "", low)


_HEAD_WORD = r"(?!(?i:is|are|now|still)\b)[A-Za-z][A-Za-z'’-]*"
_HEAD = re.compile(rf"^\s*(?:[-*+]\s+)?({_HEAD_WORD}(?:\s+{_HEAD_WORD}){{0,2}})"
                   r"(?:\s+(?:is|are|of))?(?:\s+(?:now|still))?,?\s+(?=[£$€¥]?\d)")


def value_head(text: str, kind: str, lexicon: Lexicon) -> str | None:
    """What a line without a "Label:" gives a value of, in stemmed words: a table row's
    first cell ("| Reception hours | 4pm to 8pm |"), or the one to three words before a
    line's first figure or sum ("Quiet hours 10pm to 7am", "Dogs welcome, £25 per dog", "Minimum
    job charge is £450", "Minimum call-out charge of £85", "Queen room is now $129"), none
    of them a function word (a row's
    "Check-out" heads it); None where it has no such head."""
    if kind == "row":
        cells = text.split(" | ")
        head = cells[0] if len(cells) > 1 and _names_a_thing(cells[0], lexicon) else None
        if head is not None and re.sub(r"\([^)]*\)", "", head).strip():
            # a parenthesis qualifies the thing: "Full valet (by appointment)" and
            # "Full valet (booked)" are one row
            head = re.sub(r"\([^)]*\)", "", head)
    else:
        m = _HEAD.match(text)
        head = m.group(1) if m else None
    words = re.findall(r"[a-z0-9]+", head.lower()) if head is not None else []
    if not words or kind != "row" and any(w in lexicon.function_words for w in words):
        return None  # "We also hold 6 ...", "Maximum altitude of 120 ...": no head
    if kind == "row":  # a first cell's days ("Mon-Fri" heads what "Monday-Friday"
        # does); a "sat nav" in prose is no day
        words = [lexicon.day(w) or w for w in words]
    return " ".join(stem(w, lexicon) for w in words)


def _names_a_thing(cell: str, lexicon: Lexicon) -> bool:
    """A first cell names its row's thing unless it is a value: no figure, or a word of
    its own beside one ("Copper #2 (mixed)", "Room 2"), not a date's month or day
    ("12 May", "Mon 3")."""
    if not re.search(r"\d", cell):
        return True
    dates = lexicon.months | lexicon.weekdays
    return any(len(w) >= 3 and not any(d.startswith(w) for d in dates)
               for w in re.findall(r"[a-z]+", cell.lower()))  # ("Sat 27 Sept": a date)


_LIST_NUMBER = re.compile(r"^\s*(?:[-*+]\s+)?(?:\[.\]\s+)?(\d{1,3})[.)]\s")


def list_number(text: str) -> frozenset[str]:
    """The value a numbered step or item's own number would read as ("3. Wash the jars",
    "- [ ] 3. Wash ..." -> {"n:3"}): its place in its list, not a fact it states."""
    m = _LIST_NUMBER.match(text)
    return frozenset({f"n:{m.group(1)}"}) if m else frozenset()


def labels_apart(mine: str | None, theirs: str | None) -> bool:
    """Two "Label: value" lines' labels name two things: neither label's words are all
    in the other's ("Accommodation booking fee: £45" is no other value of "Registration
    fee: £65", though both are a fee; "Out of hours emergency: 07700 ..." none of "Park
    office: 01766 ...", though both are phone numbers)."""
    if mine is None or theirs is None:
        return False
    a, c = set(re.findall(r"[a-z0-9]+", mine)), set(re.findall(r"[a-z0-9]+", theirs))
    return bool(a) and bool(c) and not (a <= c or c <= a)


def label_of(text: str, max_chars: int) -> tuple[str, str] | None:
    m = _LABEL.match(text)
    if m is None or len(m.group(1)) > max_chars or len(m.group(1).split()) > 6:
        return None
    label = re.sub(r"\s+", " ", m.group(1).strip().lower())
    return (label, m.group(2).strip()) if label else None


def facts_of(text: str, lexicon: Lexicon, label_chars: int = 48, *,
             all_names: bool = False, label_words: int = 8) -> Facts:
    """The unit's facts. `all_names`: read as what the base states: a capitalised first
    word counts as a name too ("Priyanka Rao is ..." states the name Priyanka), and a
    spelled-out number is its number ("six months" states 6). Kept by the lexicon (the
    passes ask for one unit's facts many times)."""
    memo = lexicon.memo("facts")
    key = (text, label_chars, all_names, label_words)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _facts_of(text, lexicon, label_chars, all_names, label_words)
    return found


def _facts_of(text: str, lexicon: Lexicon, label_chars: int, all_names: bool,
              label_words: int) -> Facts:
    plain = one_spelling(text.translate(_ARABIC_INDIC))
    values: set[str] = set()
    for m in _CODE.finditer(plain):
        values.add("code:" + m.group(1).strip().lower())
    for m in _WIKI.finditer(plain):
        values.add("link:" + m.group(1).strip().lower())
    for m in _URL.finditer(plain):
        values.add("link:" + m.group(0).rstrip(".,;").lower())
    rest = _URL.sub(" ", _WIKI.sub(" ", _CODE.sub(" ", plain)))
    for m in _EMAIL.finditer(rest):
        values.add("link:mailto:" + m.group(0).lower())
    rest = _EMAIL.sub(" ", rest)
    for start, end, clock in reversed(in_ranges(rest, word_times(rest, lexicon), lexicon)):
        values.add("n:" + clock)  # "half seven": 7:30
        rest = f"{rest[:start]} {rest[end:]}"
    for m in _NUMBER.finditer(rest):
        value = _num(m.group(0))
        if re.fullmatch(r"\d{1,2}:\d\d", m.group(0)) and (
                before := range_start(rest, m.start(), None, lexicon)) is not None:
            value = later_clock(value, before[0])  # "9am to 5:30" ends at 17:30
        values.add("n:" + value)
    for ch in set(rest).intersection(lexicon.cjk_digits):  # (not a loop over every character)
        values.add("n:" + ch)
    words = _WORD.findall(rest)
    for m in _WORD.finditer(rest):
        w = m.group(0)
        k = m.start() - 1  # the character before the word, opening marks skipped
        while k >= 0 and rest[k] in " *_(\"'":  # (no slice: linear in a long unit)
            k -= 1
        if (k < 0 or rest[k] in ".!?;:") and not all_names:
            continue  # a sentence's first word is capitalised anyway
        if w[:1].isupper() and w.lower() not in lexicon.function_words and len(w) > 1:
            values.add("name:" + w.lower())
    values |= spelled_numbers(rest, lexicon, measured=not all_names)
    low = {w.lower() for w in words}
    decision = bool(low & lexicon.decision_words)
    label = label_of(text, label_chars)
    if label is not None and len(label[1].split()) > label_words:
        label = None  # "Prepared statements: asyncpg caches them ..." is prose
    if label is not None:
        values.add(f"label:{label[0]}={_norm_value(label[1])}")
    return Facts(frozenset(values), label[0] if label else None, decision)


def word_names(text: str, lexicon: Lexicon) -> frozenset[str]:
    """Every word of `text` as the name fact it would be (plain_name), capitalised or
    not: a name the newest writes in lower case ("the keys are at reception", "the
    bookings secretary") is one it states, not a fact only an older "Reception" gives."""
    memo = lexicon.memo("word_names")
    found = memo.get(text)
    if found is None:
        found = memo[text] = frozenset(
            plain_name("name:" + w) for w in (m.group(0).lower() for m in _WORD.finditer(text))
            if len(w) > 1 and w not in lexicon.function_words)
    return found


def plain_name(value: str) -> str:
    """A name fact as one spelling: no possessive, no hyphens ("Treasurer's" is
    treasurer, "Wi-Fi" is wifi); other facts as they are."""
    if not value.startswith("name:"):
        return value
    return re.sub(r"['’]s$", "", value).replace("-", "")


def _norm_value(value: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[*_`.]+", "", value.lower())).strip()


@functools.lru_cache(maxsize=65_536)
def masked(text: str) -> str:
    """The unit with its values taken out: what it speaks of, not what it says (kept:
    the section alignment masks every base unit once per older unit)."""
    return _MASK.sub(" # ", text.translate(_ARABIC_INDIC))


_CAPITAL = r"[A-ZÀ-Þ][\w'’\-]*"
_NAME_RUN = re.compile(rf"{_CAPITAL}(?:[ \t]+{_CAPITAL})+")


def unnamed(text: str, lexicon: Lexicon) -> str:
    """`masked`, and each person-like name (two or more capitalised words, none a
    function word or a month) taken out too: what a unit says of someone, not who
    ("Boat bookings go through #" / "# takes the boat bookings"). Names weigh so much
    in the embedding that the same duty held by two people reads as two things."""
    def one(m: re.Match[str]) -> str:
        words = m.group(0).lower().split()
        return m.group(0) if any(w in lexicon.function_words or w in lexicon.months
                                 for w in words) else "#"
    for start, end, _ in reversed(word_times(text, lexicon)):  # a time in words too
        text = f"{text[:start]} # {text[end:]}"
    return _NAME_RUN.sub(one, masked(text))


_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")
_IDENT = re.compile(r"^(?=.*[A-Za-z])(?=.*\d)[\w\-]+$")


def _shape(token: str) -> str:
    # a clock time's hour may be read with or without its leading zero ("9:30" and
    # "10:00" are one shape: times are normalised to the same clock upstream)
    return re.sub(r"^9:", "99:", re.sub(r"\d", "9", re.sub(r"[A-Za-z]", "A", token)))


def value_shape(value: str) -> str | None:
    """A number fact's shape ("n:17:30" -> "99:99", "n:0142" -> "9999"): another value
    of this shape is likely another value of the same thing. None for short plain
    numbers (every count would match) and for other facts."""
    if not value.startswith("n:"):
        return None
    shaped = _shape(value[2:])
    return shaped if len(shaped) >= 4 or not shaped.isdigit() and len(shaped) >= 3 \
        else None


_COUNTED = re.compile(r"\d+|[A-Za-z]+")


def counts(text: str, lexicon: Lexicon) -> set[tuple[int, str]]:
    """What a text counts: (the number, the stem of the word after it), digits or
    spelled out ("Seven steps", "an eight-step checklist", "8 steps" -> (7, "step"),
    (8, "step"), (8, "step")), so two notes counting one thing by other numbers meet."""
    table = word_tables(lexicon).numbers
    words = _COUNTED.findall(text.lower())
    out: set[tuple[int, str]] = set()
    k = 0
    while k < len(words) - 1:
        w = words[k]
        n = as_count(w) if w.isdecimal() else table.get(w)
        if n is not None and not w.isdecimal() and k + 2 < len(words) and n >= 20 and \
                (unit := table.get(words[k + 1])) is not None and unit < 10:
            n, k = n + unit, k + 1  # "thirty two"
        nxt = words[k + 1]
        if n is not None and not nxt.isdigit() and nxt not in table:
            out.add((n, stem(nxt, lexicon)))
        k += 1
    return out


def stem(word: str, lexicon: Lexicon) -> str:
    """A rough stem, so "starts on" and "start date" frame one thing (kept by the
    lexicon: a compose stems the same words thousands of times)."""
    memo = lexicon.memo("stem")
    found = memo.get(word)
    if found is None:
        found = memo[word] = word
        for end in lexicon.stem_suffixes:
            if end == "es" and not word[:-2].endswith(lexicon.es_after):
                continue
            if end == "s" and word.endswith(lexicon.s_kept_after):
                continue
            if word.endswith(end) and len(word) - len(end) >= 3:
                found = memo[word] = word[: -len(end)]
                break
    return found


RATE = "per:"
"""value_frames' mark of the word a rate is counted by."""


def value_frames(text: str, lexicon: Lexicon) -> set[str]:
    """What each value (number or name) in the unit measures: the two nearest content
    words before and after it, other values skipped ("EUR 250 per week" -> "<eur", ">week";
    "the head chef, Marta Silva, owns" -> "<chef", ">owns"); an identifier (HX-44821)
    adds its shape ("<confirmation=AA-99999"). Two units with a frame in common and
    different values state two values of one thing."""
    tokens = re.findall(r"[$€£¥]?\d+(?:[.,:/\-]\d+)*%?|[A-Za-z][\w'\-]*",
                        _CODE.sub(" ", text.translate(_ARABIC_INDIC)))

    spelled = word_tables(lexicon).numbers

    def is_value(k: int) -> bool:
        t = tokens[k]
        return t[:1].isdigit() or t[:1] in "$€£¥" or (
            k > 0 and t[:1].isupper() and t.lower() not in lexicon.function_words) or (
            # a number spelled out before its unit ("two weeks before the show"), as
            # facts_of reads it
            t.lower() in spelled and k + 1 < len(tokens)
            and tokens[k + 1].lower() in lexicon.measure_words)

    values = [is_value(k) for k in range(len(tokens))]
    out: set[str] = set()
    for k in range(len(tokens)):
        if not values[k]:
            continue
        for step, mark in ((-1, "<"), (1, ">")):
            j, found = k + step, 0
            while 0 <= j < len(tokens) and abs(j - k) <= 8 and found < 2:
                w = tokens[j].lower()
                if not values[j] and w not in lexicon.function_words:
                    # what a rate is counted by ("£2 per bird") is its unit, marked so:
                    # thing_frames leaves it out ("pools ... per bird" / "Entry ...
                    # per bird" are two prices)
                    word = stem(w, lexicon) if step < 0 or tokens[j - 1].lower() \
                        not in lexicon.rate_words else f"{RATE}{stem(w, lexicon)}"
                    out.add(mark + word)
                    if _IDENT.match(tokens[k]):  # an identifier: its shape too
                        out.add(f"{mark}{word}={_shape(tokens[k])}")
                    elif tokens[k][:1] in "$€£¥" or (k > 0 and tokens[k - 1].lower()
                                                     in lexicon.currencies):
                        out.add(f"{mark}{word}=money")
                    elif _ISO_DATE.match(tokens[k]) or (
                            k > 0 and tokens[k - 1].lower() in lexicon.months):
                        out.add(f"{mark}{word}=date")
                    found += 1  # the two nearest words: "confirmation number HX-1"
                j += step
    return out


def thing_frames(frames: set[str], lexicon: Lexicon) -> set[str]:
    """Those of `frames` (value_frames) that say what a number measures beyond its unit
    ("<write", "<customer" of "We write to the customer at 60 days"; not ">day"): two
    numbers in "days" are values of one thing only when more than the unit is shared
    ("at 60 days" of reminders / "Allow 10 working days" of an estimate)."""
    if not frames:
        return frames
    units = {stem(w, lexicon) for w in lexicon.measure_words}
    return {f for f in frames if (w := f[1:].split("=", 1)[0]) not in units
            and not w.startswith(RATE)}


_CODED = re.compile(r"(?<![\w.])\d+([A-Z]{1,2})(?![\w.]\w)")


def code_letters(suffix: str, lexicon: Lexicon) -> bool:
    """Capital letters glued to a number name a grade, a level, a division or a
    version ("Grade 4B", "Division 3A", "Band 2C"): the number and its letters are one
    value, a code, not a count of a unit "b"; unless they are a unit symbol ("400W")."""
    return suffix.isalpha() and suffix.isupper() and suffix not in lexicon.unit_symbols


def coded_values(text: str, lexicon: Lexicon) -> frozenset[str]:
    """The number facts of `text` written as codes (code_letters), as facts spell them
    ("n:4b" of "Grade 4B")."""
    return frozenset("n:" + m.group(0).lower() for m in _CODED.finditer(text)
                     if code_letters(m.group(1), lexicon))


def weekdays_named(text: str, lexicon: Lexicon) -> frozenset[str]:
    """The days of the week a text names ("Wednesday, Saturday and Sunday", "on
    Saturdays"): a set of days is a value of when a thing is done, as an hour is."""
    return frozenset(w for w in (m.lower().removesuffix("s") for m in _WORD.findall(text))
                     if w in lexicon.weekdays)


_YEAR = re.compile(r"(?:19|20)\d\d(?:[-/.]\d\d?){0,2}")
_TIME = re.compile(r"\d{1,2}:\d\d")


def value_kind(v: str) -> str:
    """What a fact is: a year, a time of day, money, a share, another number, or its
    prefix (name, code, link, label)."""
    head, _, val = v.partition(":")
    if head != "n":
        return head
    if _YEAR.fullmatch(val):
        return "year"
    if _TIME.fullmatch(val):
        return "time"
    if val[:1] in "$€£¥":
        return "money"
    return "percent" if val.endswith("%") else "number"


def same_kind(new: frozenset[str], other: set[str] | frozenset[str]) -> bool:
    """A base unit whose only values of its own are years or dates (when) does not
    state another value of an older unit's count, time or name (how many, what): an
    intro dated "autumn term 2025" is no other number of pupils."""
    theirs = {value_kind(v) for v in other if not v.startswith("name:")}
    return not theirs or theirs != {"year"} or "year" in {value_kind(v) for v in new}


def kinds_meet(new: frozenset[str], other: set[str] | frozenset[str]) -> bool:
    """A base unit states another value of an older unit's facts only in a kind the
    older one has: "No. 3 Church Row" (a number) is no other value of a stop's
    "09:15–10:00" (times), nor a price of a count. Names are matched elsewhere."""
    theirs = {value_kind(v) for v in other if not v.startswith("name:")}
    mine = {value_kind(v) for v in new if not v.startswith("name:")}
    return not theirs or not mine or bool(theirs & mine)


def conditions(text: str, lexicon: Lexicon) -> frozenset[str]:
    """The number facts of `text` written as a condition (after one of
    Lexicon.condition_words: "trees over £500", "more than 3 items")."""
    out: set[str] = set()
    for m in _NUMBER.finditer(text):
        before = _WORD.findall(text[:m.start()])
        if before and before[-1].lower() in lexicon.condition_words:
            out |= {v for v in facts_of(m.group(0), lexicon).values if v.startswith("n:")}
    return frozenset(out)


def condition_kept(new: frozenset[str], text: str, other: set[str] | frozenset[str],
                   other_text: str, lexicon: Lexicon) -> bool:
    """Every number an older unit alone gives is a condition and the base unit gives
    no other condition: a bound is no other value of a price or count ("Trees over
    £500 include a free repot" / "Specimen trees from £180"); only another bound is
    ("orders over £50 ship free" / "orders over £60 ...")."""
    numbers = {v for v in new if v.startswith("n:")}
    if not numbers or not numbers <= conditions(text, lexicon):
        return False
    return not ({v for v in other if v.startswith("n:")} & conditions(other_text, lexicon))
