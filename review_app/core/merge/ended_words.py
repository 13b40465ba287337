"""How a note says a thing is over: gone, left, replaced, moved, handed over, done, closed
(for good or for a while). Read by ended.py, ended_text.py and pass_said_over.py through
the Lexicon, which extends this: one object still holds every word list."""

from __future__ import annotations

from dataclasses import dataclass, field

from .standing_words import StandingWords
from .value_words import word_set


@dataclass(frozen=True)
class EndedWords(StandingWords):
    # What the newest says is over, in words (core/merge/ended.py); "_" joins the words
    # of one cue. The thing is named before these ("The deposit step was removed",
    # "requests are no longer accepted", "no deposit is taken any more", "Mango Lassi is
    # off the menu", "We stopped offering Cerakote"; not a bare "is off": "the heating is
    # off" is a state, nor a bare "stopped": "the bus stopped at the gate"):
    gone_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        removed no_longer any_more anymore discontinued abolished scrapped withdrawn abandoned
        cancelled canceled dropped decommissioned dismantled sold closed_down
        has_ended have_ended has_stopped have_stopped has_closed have_closed
        is_off_the are_off_the taken_off
        stopped_offering stopped_selling stopped_serving stopped_stocking stopped_doing
        stopped_running stopped_taking
        """))
    # ("Rush work has ended": the perfect says a state of now; "the season ended on 3
    # May" tells a past event, not that the recurring thing is gone.)
    # Of them, those a verb follows whose subject still is ("Reception no longer pays
    # out petty cash": what it did is over, ended._acts) ...
    act_ended_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        no_longer
        """))
    # ... unless the verb and the word after it say only that the subject happens
    # ("The Friday market no longer takes place", "no longer goes ahead"):
    happening_words: frozenset[str] = field(default_factory=lambda: word_set("""
        place ahead effect
        """))
    # ... after these ("no more paper forms"):
    gone_after_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        no_more
        """))
    # Words that open a sentence before a leaving cue without naming anyone ("Everyone
    # left early", "Turn left at the gate"): no one-word name (ended._one_name_before).
    no_one_words: frozenset[str] = field(default_factory=lambda: word_set("""
        everyone everybody someone somebody anyone anybody nobody nothing everything
        something all most many some few none turn keep bear go
        """))
    # A present copula before "closed" says how a place is, not that it ended ("The
    # Lamb is closed on Mondays", "Harlow Wood remains closed to collecting"; "The
    # Plough was closed in May" ended it).
    state_copulas: frozenset[str] = field(default_factory=lambda: word_set("""
        is are remains remain stays stay
        """))
    # Words after a name saying what kind of place it is ("the Plough Inn", "the Red
    # Lion Hotel"): the name before them is the place's (ended._head).
    place_kind_words: frozenset[str] = field(default_factory=lambda: word_set("""
        inn arms hotel tavern pub bar café cafe tearoom tearooms restaurant shop stores
        """))
    # Of left_cues, those only a person does: "The caretaker has retired" says the
    # caretaker of older notes is gone ("The bus left at 9" says no such thing).
    person_left_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        retired resigned stepped_down stepped_back stood_down
        """))
    # A leaving: the one who left is named before these, and only a person or a party
    # ("Owen Pryce left", "when he retired", "The Scouts pulled out in July", "Dubwise
    # Distribution ceased trading"):
    left_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        left retired resigned stepped_down stepped_back stood_down has_gone pulled_out
        dropped_out backed_out
        withdrew
        ceased_trading stopped_trading went_bust went_under went_out_of_business
        """))
    # Words telling that what a sentence states holds from some change on ("Fuel is now
    # included in the session price"): the older arrangement nearest it is what changed
    # (pass_blocks._unspoken holds such a step back rather than carry it).
    now_words: frozenset[str] = field(default_factory=lambda: word_set("""
        now nowadays
        """))
    # A thing moved, named before these ("The catalogue moved to Koha", "bookings are
    # now kept in the app"): where older notes say it is, is over. A person who moves
    # left. (A bare "now in" is no move: "the club is now in its 40th year".)
    moved_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        moved_to moved_into migrated_to switched_to relocated_to transferred_to
        moves_to moves_into
        now_lives_in now_kept_in now_held_in now_stored_in now_hosted_on now_runs_on
        """))
    # The writers as a subject ("we moved to the Zettle reader", "they switched to a
    # Thursday run"): what they moved to replaces their former arrangement of its kind
    # (moved_to.moved_to).
    speaker_words: frozenset[str] = field(default_factory=lambda: word_set("""
        we they i
        """))
    # Words that say where a thing is ("lives in a spreadsheet", "kept at the desk"):
    # an older unit placing the thing a newest unit says moved is superseded by it.
    place_words: frozenset[str] = field(default_factory=lambda: word_set("""
        in on at inside within
        """))
    # Words ending the thing a cue names after it, before what took its place
    # ("replaced the spreadsheet with Koha", "switched from paper to the app").
    instead_words: frozenset[str] = field(default_factory=lambda: word_set("""
        with to by for
        """))
    # Words that open what says when, where or how a thing is done ("shock-dose the
    # pools on a fixed weekly schedule"): the thing a cue names after it ends there.
    adverbial_words: frozenset[str] = field(default_factory=lambda: word_set("""
        on in at every each when whenever once after before until from with by for via
        per as unless during
        """))
    # ... of which these also retire a thing no person names, said in the passive
    # after one of `passive_words` ("the paper loans book was retired"): it is gone
    retired_thing_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        retired
        """))
    passive_words: frozenset[str] = field(default_factory=lambda: word_set("""
        was were been is are be
        """))
    # The thing replaced is named after these ("D replaced C", "took over from Vos"),
    # what replaced it before:
    replaced_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        replaced replaces replacing over_from instead_of succeeded succeeds in_place_of
        supersedes superseding switched_from moved_from migrated_from
        """))
    # A handover: the new holder before these, what changed hands after them, the
    # old holder after one of `handover_from_words` ("Ines Carvalho took over costume
    # repairs from Tomas Lindqvist"):
    handover_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        took_over takes_over taken_over taking_over
        """))
    handover_from_words: frozenset[str] = field(default_factory=lambda: word_set("""
        from
        """))
    # ... or the old holder before these, what changed hands after them, "over" and then
    # the new holder after one of `handed_to_words` ("Maya has handed onboarding over to
    # Tomasz Wren", "Maya handed over the rota to Sam Reid"); done, so past forms only
    # ("Maya hands over the float at close" is a routine), and not an object handed to
    # someone ("Maya handed Tomasz the keys", "handed her report to the committee"):
    handed_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        handed
        """))
    # What is handed over is a responsibility when it is one of these or a word in -ing
    # ("the Saturday rota", "onboarding"), not an object ("the trophy", "a lost wallet"):
    handed_duties: frozenset[str] = field(default_factory=lambda: word_set("""
        rota rotas role roles job jobs duty duties responsibility responsibilities
        chair post lead account accounts books
        """))
    # A handover that is not for good: for a while (`for_a_while` too), taken back, asked
    # or to come ("for the next six weeks", "for her maternity leave", "took it back"):
    handover_not_for_good: frozenset[str] = field(default_factory=lambda: word_set("""
        next leave cover covering back will shall ?
        """))
    handed_to_words: frozenset[str] = field(default_factory=lambda: word_set("""
        to
        """))
    # ... and before these ("C was replaced by D"):
    replaced_by_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        replaced_by was_replaced were_replaced superseded_by
        """))
    # The thing is done (named before): an older unit saying it is open is stale.
    done_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        signed done completed finished resolved closed accepted approved installed
        delivered concluded
        """))
    # "closed" of a named place or business says it is gone (ended._closed_for_good),
    # unless the sentence says it will open again ("closed until Easter", "reopens in
    # May"; "closed for the winter" is read by the "for" after the cue)
    closing_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        closed closed_down shut shut_down
        """))
    reopening_words: frozenset[str] = field(default_factory=lambda: word_set("""
        until till temporarily temporary reopen reopens reopening reopened meantime
        meanwhile
        """))
    # Words of a state that lasts a while ("closed until the end of January while the
    # kitchen is refitted", "closed for the winter"): what such a sentence says is gone
    # is not gone for good (pass_said_over reads a version's "gone" over the versions
    # before it only without them).
    for_a_while: frozenset[str] = field(default_factory=lambda: word_set("""
        until till temporarily temporary while during meantime meanwhile winter summer
        spring autumn refit refurbishment repairs
        """))
    # Those of them that name the span itself say a while only after one of
    # `while_span_openers` ("for the summer", "over the winter", "for repairs"); else
    # they say when ("took over from Pauline in the summer") or what ("costume repairs").
    while_spans: frozenset[str] = field(default_factory=lambda: word_set("""
        winter summer spring autumn refit refurbishment repairs
        """))
    while_span_openers: frozenset[str] = field(default_factory=lambda: word_set("""
        for over through
        """))
