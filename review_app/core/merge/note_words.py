"""How a note speaks of itself rather than its subject: its history and versions, what
it is, where it came from, the changes a version made. Read by other_value.py and
version_talk.py through the Lexicon, which extends this: one object still holds every
word list."""

from __future__ import annotations

from dataclasses import dataclass, field

from .value_words import ValueWords, word_set


@dataclass(frozen=True)
class NoteWords(ValueWords):
    # Words that open a sentence about the note itself, not its subject ("Revision of
    # the February procedure.", "Version adopted at ...", "Written after ..."): in an
    # older note's intro they tell that version's history, not a fact of now.
    note_history_words: frozenset[str] = field(default_factory=lambda: word_set("""
        revision revised revisions version versions changes changelog draft drafted
        written rewritten rewrite amended edition updated
        """))
    # A sentence whose subject is the note or its revision ("This note is what the
    # sergeant hands to new pipers", "The main change is a wadding layer"): one of
    # `version_pointers`, at most two other words, one of `version_nouns` (or of
    # `self_nouns` after one of `self_pointers`), then no word
    # of `version_noun_joiners` ("the change of shift" is a subject's fact). One whose
    # claim is a change: a first person doing or having done it ("We moved ...", "We
    # now run ...", "We have also added ..."), or a perfect of one of `change_verbs` ("the
    # start has moved forward"). An older intro's scope line opens with one of
    # `scope_openers` and one of `scope_followers` ("How we book ...", "What to do
    # ..."). All tell the older version's moment (version_talk.py).
    version_pointers: frozenset[str] = field(default_factory=lambda: word_set("""
        this these the our
        """))
    version_nouns: frozenset[str] = field(default_factory=lambda: word_set("""
        revision revisions change changes
        """))
    # Nouns that name the note itself only after one of `self_pointers` ("this note",
    # "this version"; "the minimum supported version" is the subject's).
    self_pointers: frozenset[str] = field(default_factory=lambda: word_set("""
        this these
        """))
    self_nouns: frozenset[str] = field(default_factory=lambda: word_set("""
        note notes version edition update rewrite draft write-up
        """))
    # A sentence leaving what it does not list to another version of its note, or naming
    # the version it replaced ("unchanged from the February policy", "as in the first
    # draft", "Supersedes the March note", "Same as rev 1, but ..."): one of these, then
    # within four words one of `self_nouns` or `document_nouns` (version_talk.py).
    version_reference_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        unchanged_from as_in_the same_as_in as_before_in carried_over_from supersedes
        replaces same_as
        """))
    # Nouns a lead sentence names its own note by ("Planning page for the fly-in",
    # "These are the standing rules for the field", "Internal contact sheet for
    # staff", "Standard prices from 1 September"): other_value.describes_note.
    self_description_nouns: frozenset[str] = field(default_factory=lambda: word_set("""
        page sheet notes rules list card prices rates procedure plan guide handbook
        policy record summary log overview reference checklist schedule timetable
        agenda minutes review update rota roster register inventory menu tariff
        """))
    # A table's closing row that sums the rows above it: no carried row goes after it.
    total_labels: frozenset[str] = field(default_factory=lambda: word_set("""
        total totals subtotal sum
        """))
    # After such a noun, a word joining what the note covers or came from.
    self_description_joiners: frozenset[str] = field(default_factory=lambda: word_set("""
        for of from on at after about below
        """))
    # Of those nouns, the ones naming an event as well ("Rent review on 1 June"): the
    # note's name only before "of" or "written after ..." ("Review of the January
    # decisions", "Mid-season update, written after the market").
    self_description_events: frozenset[str] = field(default_factory=lambda: word_set("""
        review update
        """))
    # Openings before such a noun that point at the note ("These are the ...").
    self_description_openers: frozenset[str] = field(default_factory=lambda: word_set("""
        this_is_the this_is_our these_are_the these_are_our here_is_the here_are_the
        """))
    document_nouns: frozenset[str] = field(default_factory=lambda: word_set("""
        policy plan procedure rules guide handbook list sheet rev revision
        """))
    version_noun_joiners: frozenset[str] = field(default_factory=lambda: word_set("""
        of to for from in on at with by every each
        """))
    first_person: frozenset[str] = field(default_factory=lambda: word_set("""
        we i
        """))
    change_verbs: frozenset[str] = field(default_factory=lambda: word_set("""
        moved changed revised switched shifted replaced reworked rewritten updated
        amended reduced increased raised lowered extended shortened brought
        """))
    # A line of a change log opens with one of these or of `change_verbs` ("Added the fit
    # check (step 3).", under "## Changes from v1"): that version's change, not a fact.
    log_verbs: frozenset[str] = field(default_factory=lambda: word_set("""
        added removed dropped introduced renamed renumbered merged deleted
        """))
    perfect_auxiliaries: frozenset[str] = field(default_factory=lambda: word_set("""
        has have had been
        """))
    # Words between a first person and what it did ("We have also added ...").
    claim_adverbs: frozenset[str] = field(default_factory=lambda: word_set("""
        also just recently since already then
        """))
    scope_openers: frozenset[str] = field(default_factory=lambda: word_set("""
        how what
        """))
    scope_followers: frozenset[str] = field(default_factory=lambda: word_set("""
        we to you
        """))
    # A sentence about where its note came from opens with a participle whose subject
    # is the note, then one of `source_words` ("Gathered from the staff room
    # whiteboard", "Taken from the first planning meeting", "Written by the site team
    # after ..."; other_value.provenance). A participle is a word ending in "ed" or
    # one of `irregular_participles`. A newest lead sentence naming its occasion
    # ("The up-to-date plan ..., after the final numbers meeting") carries one of
    # `occasion_words`.
    source_words: frozenset[str] = field(default_factory=lambda: word_set("""
        from after following by
        """))
    # An older intro saying when or by whom its version was agreed ("Agreed at the
    # January 2024 committee meeting.", "These are the house rules as agreed at the
    # October 2022 meeting.", "This procedure was agreed with ...") opens with one of
    # these or of `change_verbs`, then one of `source_words` or `approval_joiners` (or
    # the month or year it names) and names a month or year, or opens with one of
    # `self_pointers` and reaches one of these through `past_auxiliaries` or "is the"
    # ("This form is approved by the treasurer" is a rule of now: version_talk._agreed).
    approval_participles: frozenset[str] = field(default_factory=lambda: word_set("""
        agreed approved adopted accepted decided chosen confirmed ratified
        """))
    past_auxiliaries: frozenset[str] = field(default_factory=lambda: word_set("""
        was were been
        """))
    approval_joiners: frozenset[str] = field(default_factory=lambda: word_set("""
        at in on for with
        """))
    # After its approval a sentence saying more ("... and they apply until the lease
    # ends", "... and is reviewed every January", "...; small changes may still happen")
    # says something of now: one of these (or ";" or ",") opens that more ("... for use
    # through December 2026", "... as a condition of cover", "... to stop taking cash"),
    # unless "and" or "as" brings another participle of the approval ("... and shared
    # with parents", "... as agreed at ..."), or it is the participle's own joiner
    # ("Updated for the 2023-24 season").
    approval_enders: frozenset[str] = field(default_factory=lambda: word_set("""
        and but since until unless so which who while except because if when for as to
        through that
        """))
    irregular_participles: frozenset[str] = field(default_factory=lambda: word_set("""
        taken written drawn given made done kept brought sent told heard seen put got
        built held copied
        """))
    occasion_words: frozenset[str] = field(default_factory=lambda: word_set("""
        after following
        """))
    # After a `note_history_words` word, these make a byline ("Written by A. Moss"):
    # a note has one at a time (pass_one_valued).
    byline_words: frozenset[str] = field(default_factory=lambda: word_set("""
        by
        """))
