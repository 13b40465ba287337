"""The written note's title: the kept file's, unless it names another issue of the note
than the body written under it.

The kept file is often an older note (the most linked-to, the undated name among notes
linked to alike, an important one, the person's `K`), while the body is the newest's.
When the two titles differ in a stamp (a year, date, quarter, month, version:
core/stamps.py) or a status word ("draft", "proposal", "final": Lexicon.status_words and
"old", "new": Lexicon.title_status_words), the kept title names another
period or standing than the body ("Rate card 2024" over 2025 prices, "Proposal: X"
over the accepted contract, "Dock rota" over "Dock rota 2026"), so the written title
and H1 follow the base when the two name one subject once stamps and status words are
taken out ("Dock rota" / "Dock rota 2026"), or when the kept title's own year or
status is one the base's lacks ("Delivery zones 2025" over "Courier price list":
the stale stamp misleads whatever the subject words), or when the kept title names the
standing its note declares (`status: open`, "... - open issue") and the base declares
another (`status: closed`). An undated established name is
kept over an agent's dated copy of it ("Quiz League Rules" over "Quiz league rules
summary 2025-09"). Two names of one issue are the newest author renaming the note when
each has a word the other lacks (`_renamed`): its title is written, the one the body under
it was given; so is a dated name the newest gave an undated one whose words it does not
keep (`_renamed_dated`: "Annual Show Rules" / "Show 2025 Exhibitor Guide"; blind
readers of merge-DK..DM faulted the older name in 12 of 39 notes). An older name stood
over the newest's body in 32 of 104 dev groups (merge-CY..DF) and blind readers faulted
it (7 of 13 notes of merge-CY; "Film Licensing FAQ" over the newest's "Screening Licences
Explained"). Not in an upsert, where the base's title is an agent's name for what it
writes.
The kept file's path and permalink stay (memory:// URLs hold), and apply points the
links to the old title at the new one (merging.retitled_mapping).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..notes import Note
from ..stamps import has_stamp, stamps, unstamped, version
from .facts import stem
from .lexicon import Lexicon

_WORD = re.compile(r"[^\W\d_]+")


def status_cues(text: str, lexicon: Lexicon) -> frozenset[str]:
    """The note-standing cues `text` holds (Lexicon.status_words; "not_yet_agreed" for
    "not yet agreed"): one notion of a status, read in titles (a status stamp) and in
    short units (a status statement: pass_one_valued.one_status)."""
    memo = lexicon.memo("status_cues")
    found = memo.get(text)
    if found is None:
        words = _WORD.findall(text.lower())
        joined = f" {' '.join(words)} "
        found = memo[text] = frozenset(
            cue for cue in lexicon.status_words if f" {cue.replace('_', ' ')} " in joined)
    return found


def cue_words(cues: frozenset[str]) -> frozenset[str]:
    """The words the cues are made of."""
    return frozenset(w for cue in cues for w in cue.split("_"))


def _status(title: str, lexicon: Lexicon) -> frozenset[str]:
    """A title's status stamp: its standing and recency words ("(draft)", "WIP", "old")."""
    return status_cues(title, lexicon) | frozenset(
        w for w in _WORD.findall(title.lower()) if w in lexicon.title_status_words)


def _subject(title: str, lexicon: Lexicon) -> list[str]:
    """The title's words once its stamps and status words are taken out."""
    gone = cue_words(_status(title, lexicon))
    return [w for w in _WORD.findall(unstamped(title)) if w not in gone]


def stamped_titles(titles: list[str], lexicon: Lexicon) -> list[bool]:
    """Which titles carry a stamp: a date, version or period (core/stamps.py), or a
    status stamp the other titles do not all share ("Club fees 2024 (draft)",
    "Proposal: shared kiln"; "New starters handbook" beside "New starters handbook
    2026" names its subject with "new", not a standing). The kept-file choice
    (grouping.choose_kept) prefers a title without one among members linked to alike."""
    status = [_status(t, lexicon) for t in titles]
    shared = frozenset.intersection(*status) if status else frozenset()
    return [has_stamp(t) or bool(s - shared) for t, s in zip(titles, status, strict=True)]


def differ_in_stamp(a: str, b: str, lexicon: Lexicon) -> bool:
    """Two titles name different issues of a note: their stamps or status words differ."""
    return sorted(stamps(a)) != sorted(stamps(b)) or _status(a, lexicon) != _status(b, lexicon)


def declared(note: Note) -> frozenset[str]:
    """The words of the standing a note declares in its frontmatter (`status: open`)."""
    return frozenset(_WORD.findall(str(note.metadata.get("status") or "").lower()))


def declared_stale(kept: Note, base: Note) -> bool:
    """The kept title names the standing its note declares ("Frame stock reorder - open
    issue", `status: open`) and the base declares another (`status: closed`): a status
    stamp the status word lists need not hold, read from the note's own frontmatter."""
    ours, theirs = declared(kept), declared(base)
    named = ours & frozenset(_WORD.findall(kept.title.lower()))
    return bool(named) and bool(theirs) and ours != theirs and not named & theirs


# a file's name for a title: "hours.md", "allergen_handling_v2", "renovation-costs-update"
_FILE_NAME = re.compile(r"\.[A-Za-z0-9]{1,5}$|_|^[a-z0-9]+(?:-[a-z0-9]+)+$")
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")


def _stale(kept: str, base: str, lexicon: Lexicon, base_year: int | None = None,
           others: tuple[str, ...] = ()) -> bool:
    """The kept title names an older issue than the base's, whatever its subject words:
    a standing the base's lacks ("(draft)", "Proposal"; "old"/"new" alone may name the
    subject: "New starters"), a year where the newest author's title has no stamp
    ("Pipe metal rules 2025" over the policy that replaced them), or an earlier year
    than the base title's. Two stamps of one period ("Q3" / "2026-09") are not, nor a
    version alone: an agent's "DB migration rules" does not rename "Database migration
    policy (v2)", whose next revision the merged note is. `base_year`: the year the
    newest note is dated; a kept year later than it names a coming issue ("Cave rules
    2027" written in 2026), no older one, and an undated newest title does not rename it.
    A version lower than one another member's title names (`others`: "Launch procedure
    v1" beside "... v2") is an earlier revision of the merged note: stale."""
    if status_cues(kept, lexicon) - status_cues(base, lexicon):
        return True
    ours_v = version(kept)
    if ours_v is not None and any((v := version(t)) is not None and v > ours_v
                                  for t in (base, *others)):
        return True
    ours = _YEAR.findall(kept)
    if not ours:  # a version ("policy (v2)") names a revision the merged note continues
        return False
    if not has_stamp(base):
        return base_year is None or int(min(ours)) <= base_year
    theirs = _YEAR.findall(base)
    return bool(theirs) and max(ours) < max(theirs)


def written_title(base: Note, kept: Note, members: list[Note], lexicon: Lexicon,
                  targets: Mapping[str, str] | None = None, *, stale_renames: bool = True
                  ) -> str:
    """The title the kept file is written under: the base's when the titles differ in a
    stamp or status word and either name one subject without them ("Rate card 2024" /
    "Rate card 2025", "Dock rota" / "Dock rota 2026") or the kept title is stale
    (_stale: "Delivery zones 2025" / "Courier price list", "Rider onboarding (draft)" /
    "New rider guide"): a title naming an older issue than the body misleads whatever
    its subject words (not with `stale_renames` off: an upsert, where the base's title is
    an agent's name for what it writes). Else the kept file's (an
    established undated name, "API rate limits", over an agent's "Rate limit policy
    2025-06"), unless the newest renamed the note (`_renamed`; in group apply only:
    in an upsert the kept name stays, whose links and readers know it).
    Never a title another note of the project answers to (`targets`,
    links.target_index): two notes of one title would make links ambiguous."""
    return title_choice(base, kept, members, lexicon, targets, stale_renames=stale_renames)[0]


def title_choice(base: Note, kept: Note, members: list[Note], lexicon: Lexicon,
                 targets: Mapping[str, str] | None = None, *, stale_renames: bool = True
                 ) -> tuple[str, str]:
    """written_title's title and why, as the preview and the ledger say it when the
    body written is not the kept file's own ("" when it is: nothing to explain)."""
    if kept.path == base.path:
        return kept.title, ""
    mine = "the kept file's"
    if base.title.strip().lower() == kept.title.strip().lower():
        return kept.title, f"{mine}, the same as the base's"
    stale_status = declared_stale(kept, base)
    if not stale_status and not differ_in_stamp(kept.title, base.title, lexicon):
        if stale_renames and _renamed(kept.title, base.title, lexicon) \
                and _free(base, kept, members, targets) and _sole(kept, targets):
            return base.title, (f'the base\'s; the newest note renamed "{kept.title}" '
                                "for the body written under it")
        return kept.title, (f"{mine}; the base's \"{base.title}\" differs in words, "
                            "not in a date, version or status")
    others = tuple(n.title for n in members if n.path not in {kept.path, base.path})
    stale = stale_status or stale_renames and _stale(
        kept.title, base.title, lexicon, base.modified.year, others)
    if (not stale
            and _subject(kept.title, lexicon) != _subject(base.title, lexicon)):
        if stale_renames and _renamed_dated(kept.title, base.title, lexicon) \
                and _free(base, kept, members, targets) and _sole(kept, targets):
            return base.title, (f'the base\'s; the newest note renamed "{kept.title}" '
                                "for the body written under it (its date is no copy's)")
        return kept.title, (f"{mine}; it names no older issue than the base's "
                            f'"{base.title}"')
    if not _free(base, kept, members, targets):
        owner = (targets or {})[base.title.strip().lower()]
        return kept.title, f'{mine}; another note ({owner}) is titled "{base.title}"'
    return base.title, (f'the base\'s; the kept file\'s "{kept.title}" names another issue '
                        "than the body written")


def _free(base: Note, kept: Note, members: list[Note],
          targets: Mapping[str, str] | None) -> bool:
    """No note outside the group answers to the base's title (two notes of one title
    would make links ambiguous)."""
    owner = (targets or {}).get(base.title.strip().lower())
    return owner is None or owner in {base.path, kept.path, *(n.path for n in members)}


def _sole(kept: Note, targets: Mapping[str, str] | None) -> bool:
    """No other note answers to the kept title: links to a title two notes share cannot
    all be rewritten, so renaming one of them would leave its links naming the other."""
    return not targets or targets.get(kept.title.strip().lower()) == kept.path


def _content(title: str, lexicon: Lexicon) -> frozenset[str]:
    return frozenset(stem(w, lexicon) for w in _WORD.findall(title.lower())
                     if w not in lexicon.function_words)


def _lacks(ours: frozenset[str], theirs: frozenset[str]) -> bool:
    """`ours` has a word `theirs` lacks, a word and its compound or longer form being
    one ("log" / "logbook", "book" / "booking")."""
    return any(not any(w.startswith(t) or t.startswith(w) for t in theirs if
                       min(len(w), len(t)) >= 3) and w not in theirs for w in ours)


def _renamed_dated(kept: str, base: str, lexicon: Lexicon) -> bool:
    """An undated kept title the newest renamed under a dated name: each has a content
    word the other lacks once the base's year is out ("Annual Show Rules" / "Show 2025
    Exhibitor Guide"). An agent's dated copy keeps the name's words ("Quiz League Rules"
    / "Quiz league rules summary 2025-09"), so it is not one; nor is a kept title with a
    stamp or status of its own, a base with a status ("... proposal draft 2") or a
    version ("Passenger Ticket Tariff (v2)": a revision), one naming the day or month it
    was written ("Rate limit policy 2025-06": `_written_on`) or a part of the year
    (`_yearly`: "Christmas Opening Times 2024")."""
    if has_stamp(kept) or _status(kept, lexicon) or _status(base, lexicon) \
            or not stamps(base) or version(base) is not None \
            or _written_on(base) or not _yearly(base, lexicon):
        return False
    return _renamed(kept, " ".join(_subject(base, lexicon)), lexicon)


def _years(stamp: str) -> bool:
    """A year or a span of years as stamps.stamps folds them ("2025", "202425" for
    "2024-25", "20242025"), not a year and month ("202506")."""
    if not re.fullmatch(r"(?:19|20)\d\d(?:\d\d|(?:19|20)\d\d)?", stamp):
        return False
    return len(stamp) != 6 or int(stamp[4:]) == (int(stamp[2:4]) + 1) % 100


def _yearly(title: str, lexicon: Lexicon) -> bool:
    """The title's stamps are years or a span of years ("2025", "2024-25"): the issue of
    a note kept year by year. A season, term, month, quarter or holiday ("Autumn 2024",
    "March 2025", "Christmas Opening Times 2024") names a part of the year, and a
    record of one occasion ("Safeguarding Review 2025": Lexicon.occasion_record_words)
    one event: such a title is a narrower note's, not the note's new name."""
    words = _WORD.findall(title.lower())
    cues = {*words, *(f"{a}_{b}" for a, b in zip(words, words[1:], strict=False))}
    if cues & (lexicon.holiday_words | lexicon.occasion_record_words):  # "new_year"
        return False
    return all(_years(st) for st in stamps(title))


_NUMERIC_DATE = re.compile(r"(?<!\d)((?:19|20)(\d\d))[-_./](0[1-9]|1[0-2])(?!\d)")


def _written_on(title: str) -> bool:
    """The title carries the day or month it was written ("Rate limit policy 2025-06",
    "Notes 2025-06-12"), an agent's copy of a name, not a period it covers ("2024-25":
    the season after 2024, "Autumn 2024", "(2025)")."""
    return any(int(m.group(3)) != (int(m.group(2)) + 1) % 100
               for m in _NUMERIC_DATE.finditer(title))


def _renamed(kept: str, base: str, lexicon: Lexicon) -> bool:
    """Two titles of one issue (no stamp or status between them) where the newest
    author renamed the note: each has a content word the other lacks ("Film Licensing
    FAQ" / "Screening Licences Explained"). Not a rewording ("Fees & Memberships" /
    "Fees and memberships", "Room booking" / "Booking a room", "Lamp room log" / "Lamp
    room logbook"), nor a narrower or broader name of one subject ("Opening hours" /
    "Christmas opening hours": the kept name still names the note, and the links to
    it need not change), nor a placeholder or a file's name for a title ("Untitled",
    "Copy of opening hours": Lexicon.placeholder_title_words; "hours.md",
    "allergen_handling_v2")."""
    ours, theirs = _content(kept, lexicon), _content(base, lexicon)
    if not (_lacks(ours, theirs) and _lacks(theirs, ours)) or _FILE_NAME.search(base.strip()):
        return False
    return not frozenset(_WORD.findall(base.lower())) & lexicon.placeholder_title_words

