"""How a note names its standing and its stages: a status ("draft", "adopted"), the
stages a status closes, what a draft or an interim state says of itself, and the words
of a title that name a version or a placeholder rather than the subject. Read by
pass_one_valued.py, pass_interim.py and title.py through the Lexicon, which extends
this: one object still holds every word list."""

from __future__ import annotations

from dataclasses import dataclass, field

from .time_words import TimeWords
from .value_words import word_set


@dataclass(frozen=True)
class StandingWords(TimeWords):
    # A note's standing ("draft", "proposed", "not yet agreed", "adopted", "retired";
    # "_" joins the words of one cue): in a title a stamp, like a year or a "v2"
    # ("Deck plan (draft)", "Proposal: shared kiln": merge/title.py, which the kept-file
    # choice reads too); in a short unit a status statement, of which the note holds
    # one at a time (pass_one_valued.one_status: "Not yet agreed." is not written
    # after the newest's "Adopted at the AGM on 4 May").
    status_words: frozenset[str] = field(default_factory=lambda: word_set("""
        draft drafts drafted wip proposal proposed rfc tentative provisional preliminary
        final finalised finalized approved accepted agreed adopted ratified signed
        rejected withdrawn retired deprecated superseded obsolete archived pending
        under_review under_discussion for_discussion not_yet_agreed not_yet_approved
        not_yet_adopted not_yet_decided in_force
        """))
    # Of `status_words`, those that close the stages before them ("Status: accepted at
    # the October meeting", "Signed off by the board"): once the newest states one, an
    # older unit speaking of an earlier stage states nothing current (pass_one_valued.
    # earlier_stage).
    closing_status_words: frozenset[str] = field(default_factory=lambda: word_set("""
        final finalised finalized approved accepted agreed adopted ratified signed
        signed_off in_force live closed published confirmed complete completed finished
        """))
    # Verbs that close a stage: a clause "until <they> <verb>" ("Until the owners accept
    # it, quote from this note anyway") speaks of the stage before (pass_one_valued.
    # earlier_stage).
    closing_verbs: frozenset[str] = field(default_factory=lambda: word_set("""
        accept accepts accepted approve approves approved adopt adopts adopted agree
        agrees agreed sign signs signed ratify ratifies ratified finalise finalises
        finalize finalizes
        """))
    # What a draft says of itself while it is one: its standing ("still a proposal",
    # "up for discussion"), its call for comments ("comments to Ruth by the end of
    # August") or its pitch ("the idea this year is ...", "we propose"). "_" joins the
    # words of one cue; matched as whole words (pass_one_valued.earlier_stage); a call
    # still to be answered ("Committee to confirm.", "so we can decide") too. Not
    # "proposal" alone: "who wrote the proposal" speaks of a client's, not the note's.
    earlier_stage_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        a_proposal this_proposal our_proposal proposal_from proposal_for we_propose
        proposed draft drafted
        for_discussion up_for_discussion under_discussion comments_to comments_by
        comments_welcome
        feedback_to feedback_by feedback_welcome the_idea not_yet_agreed
        not_yet_decided not_yet_approved to_be_agreed to_be_decided tentative
        provisional suggested to_confirm to_be_confirmed tbc can_decide still_to_decide
        yet_to_decide still_waiting waiting_on waiting_for for_now still_needs still_need
        still_requires
        """))
    # Of earlier_stage_cues, those saying a state holds only until something is settled
    # ("for now", "still waiting on", "TBC"): under a newest whose status closes the
    # stages, one naming what the newest names is over (pass_one_valued.earlier_stage).
    interim_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        for_now still_waiting waiting_on waiting_for tbc to_be_confirmed not_yet_agreed
        not_yet_decided
        """))
    # Phrases telling a state of one thing that passes ("PO-3381 is overdue", "LBC
    # decision pending", "expected back in May", "Until fixed, the van waits ..."):
    # carried from an older version the newest does not repeat it in, it is held back
    # (pass_interim). Not "for now" (a standing choice: "enough for now"), nor "waiting
    # on" (a past wait told), nor "to confirm" (an instruction: "ring ... to confirm").
    passing_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        pending awaiting is_overdue are_overdue expected_back until_fixed still_waiting
        tbc to_be_confirmed
        """))
    # The word of a passing state telling it is still open ("is still overdue"; not
    # "fixed" or "confirmed", which tell it ended): a newest unit with one tells passing
    # states of its own (pass_interim).
    open_state_words: frozenset[str] = field(default_factory=lambda: word_set("""
        pending overdue awaiting expected waiting tbc
        """))
    # Words that make a line a rule for any case, not the state of one thing ("If an
    # invoice is overdue, we add 2%"), and the first words of a generic subject ("A
    # broken tool is tagged out until fixed").
    general_words: frozenset[str] = field(default_factory=lambda: word_set("""
        if when whenever unless any every each always never must should shall
        """))
    generic_openers: frozenset[str] = field(default_factory=lambda: word_set("""
        a an all any each every
        """))
    # Words in a title that name a version's recency, not its subject ("Rota (old)",
    # "Menu (new)"): with `status_words`, two titles differing in them name two issues
    # of one note (merge/title.py). Not status statements in a sentence: "the new
    # tables" says nothing of the note's standing.
    title_status_words: frozenset[str] = field(default_factory=lambda: word_set("""
        current latest old outdated legacy previous revised updated new
        """))
    # Words that make a title a placeholder or a working name, never one to rename a
    # note to ("Untitled", "Copy of opening hours", "Opening hours TODO", "Opening
    # hours - merged notes"): title.renamed.
    placeholder_title_words: frozenset[str] = field(default_factory=lambda: word_set("""
        untitled copy todo tmp temp scratch merged duplicate
        """))
