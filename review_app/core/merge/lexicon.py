"""Every word list the merge engine uses, in one object: another language is one more
Lexicon, passed in through MergeContext."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from typing import Any

from .ended_words import EndedWords
from .value_words import word_set

MEMO_ENTRIES = 200_000
"""Results a lexicon keeps per kind before it starts afresh: a 3 x 600-word group has
~2,000 distinct words and ~350 units, so a session's previews stay far below it."""


@dataclass(frozen=True)
class Lexicon(EndedWords):
    """Every word list the engine reads sentences by; how a language writes its values
    (dates, money, numbers and times in words) is ValueWords', how a note speaks of
    itself and its versions NoteWords', and how it says when and how often (intervals,
    opening hours) TimeWords', and how it names a note's standing and stages (a draft,
    an interim state, a title's status) StandingWords', and how it says a thing is over
    (gone, replaced, moved, handed over, done) EndedWords', which it extends."""

    # Capitalised words that start or glue sentences, not names.
    function_words: frozenset[str] = field(default_factory=lambda: word_set("""
        a an the this that these those it its we our us you your they their he she his her
        i my me and or but if then when while for to of in on at by with from as is are
        unless although though whether
        was were be been being has have had do does did not no yes all any each every
        some most more less many much few one two three first second last next new old
        also only just still now today always never usually often currently after before during
        until since because so than there here what which who whom whose where why how
        note notes see use uses used set run runs step steps please should must may can
        could would will shall per via about into over under between above below
        monday tuesday wednesday thursday friday saturday sunday
        status summary context decision decisions overview background
        """))
    # Function words above that still say what a person does when they follow a name
    # ("Wes runs the rota", "Ana sets the menu"): the slot a name fills (roles.py).
    duty_verbs: frozenset[str] = field(default_factory=lambda: word_set("""
        run runs set sets use uses
        """))
    # Verbs that join a name to its role without saying what the person does: "the
    # driver remains Gareth Pugh" names the same slot as "the driver is Gareth Pugh"
    # and "Driver: Gareth Pugh" (roles.py).
    copulas: frozenset[str] = field(default_factory=lambda: word_set("""
        is are was were remains remain stays stay
        """))
    # Words that join a name to the role it takes, as a copula does ("Hannah Kowalczyk,
    # who took over as treasurer", "Mel Corrigan became vice-chair", "Ed was elected
    # chair"), and the relative pronoun that opens such a clause after a name (roles.py).
    role_taking: frozenset[str] = field(default_factory=lambda: word_set("""
        became becomes become took_over_as takes_over_as taken_over_as stepped_in_as
        steps_in_as elected appointed acts_as acting_as serves_as serving_as
        """))
    relative_pronouns: frozenset[str] = field(default_factory=lambda: word_set("""
        who
        """))
    # Determiners that name one of many ("who became a coach"), not the one post.
    indefinite_articles: frozenset[str] = field(default_factory=lambda: word_set("""
        a an
        """))
    # A role several people hold at once ("co-chair", "joint treasurer"): another holder
    # replaces no one (roles.same_slot); matched as a word's start.
    shared_role_marks: frozenset[str] = field(default_factory=lambda: word_set("""
        co- joint
        """))
    # After a role taken in a clause, the body it is held in ("who serves as treasurer
    # of the county league", "who became chair for the parish council"): another body's
    # role, not the note's.
    role_of_words: frozenset[str] = field(default_factory=lambda: word_set("""
        of for
        """))
    # What a note names its list items by ("step 3", "rule 3a", "the third step"): such a
    # note's carried steps keep their numbers (step_numbers.step_named).
    step_nouns: frozenset[str] = field(default_factory=lambda: word_set("""
        step steps item items point points rule rules decision decisions action actions
        motion motions
        """))
    ordinal_words: frozenset[str] = field(default_factory=lambda: word_set("""
        first second third fourth fifth sixth seventh eighth ninth tenth last
        """))
    # Words opening a step that goes on from the one before it ("3. Then set the alarm").
    follow_on_openers: frozenset[str] = field(default_factory=lambda: word_set("""
        then next after_that afterwards finally also
        """))
    # Words that open a noun phrase ("the coordinator", "our treasurer"): after a
    # copula they make what follows a role ("Tomasz is now the coordinator", not
    # "Deliveries are booked": roles.py).
    determiners: frozenset[str] = field(default_factory=lambda: word_set("""
        the a an our their its this that his her my your
        """))
    # Words that make a unit a decision (a fact even without a number or a name).
    decision_words: frozenset[str] = field(default_factory=lambda: word_set("""
        decided decide decision chose chosen choose accepted rejected approved agreed
        adopted deprecated superseded selected picked dropped replaced keep drop
        """))
    # Relation types a note has one of at a time: another target in the newest note
    # supersedes the older one.
    one_valued_relations: frozenset[str] = field(default_factory=lambda: word_set("""
        member_of owned_by reports_to stays_at part_of located_in managed_by led_by
        assigned_to belongs_to works_at lives_in status replaced_by successor_of
        """))
    # Observation categories a note has one of at a time: another one in the newest
    # note supersedes the older one.
    one_valued_categories: frozenset[str] = field(default_factory=lambda: word_set("""
        status state stage phase owner lead coordinator version
        """))
    # Units of time and measure: "kept for 30 days" and "rotated after 90 days" count
    # nothing in common, "14 colonies" and "19 colonies" do.
    # Words naming what a sum is, one thing to a reader: "Call-out fee is now £95" gives
    # another value of "Call-out charge £85".
    price_nouns: frozenset[str] = field(default_factory=lambda: word_set("""
        fee fees charge charges cost costs price prices rate rates tariff tariffs
        """))
    # Words naming what a price buys only as paying to get in ("Tickets are £5",
    # "Admission is £6"): the note's one price, like price_nouns (one_price).
    admission_nouns: frozenset[str] = field(default_factory=lambda: word_set("""
        ticket tickets admission admissions entry entries
        """))
    # Units a figure is read in (with measure_words and unit_symbols): "20 psi" and "15
    # psi" measure one thing; "14 Carver Street" and "10 June" measure nothing.
    measure_units: frozenset[str] = field(default_factory=lambda: word_set("""
        psi bar mm cm km kg g lb lbs oz kw kwh watts volts amps mph kph rpm newtons nm
        ml gallons feet ft inches metre meter pints
        """))
    measure_words: frozenset[str] = field(default_factory=lambda: word_set("""
        second seconds minute minutes hour hours day days week weeks month months year
        years times percent per cent degrees metres meters miles km kg litre litres liter
        liters knots stone tonne tonnes grams inches feet pints gallons nights
        """))
    # Units of measure written as capitalised symbols ("400 W ERP", "230 V", "2.4 GHz",
    # "16 MB"): a value in them is a measure like "450 kg" (thing_values), though a
    # capitalised word is otherwise a name.
    unit_symbols: frozenset[str] = field(default_factory=lambda: word_set("""
        W kW MW V kV mA Hz kHz MHz GHz kB MB GB TB dB
        """))
    # Who a thing comes from: one of `supplier_words` after one of `supply_verbs`
    # ("Straw is grown for us by the Pennington farm", "supplied from Kemtech"): a
    # supplier is a fact. Not who keeps or runs it ("kept by Hugo": roles.holders).
    supplier_words: frozenset[str] = field(default_factory=lambda: word_set("""
        by from through
        """))
    supply_verbs: frozenset[str] = field(default_factory=lambda: word_set("""
        grown supplied sourced imported made milled sawn seasoned bred raised brewed
        roasted woven printed bought ordered delivered shipped cut coppiced
        """))
    # Headings of sections whose items are decisions, each a fact of its own.
    decision_headings: tuple[str, ...] = ("decision", "not doing", "out of scope",
                                          "non-goal", "won't do", "rejected")
    # Nouns that name an item of a numbered list by its number ("decision 2", "step 3");
    # the singular of the list's heading words counts too.
    numbered_item_nouns: frozenset[str] = field(default_factory=lambda: word_set("""
        decision step item point rule option phase stage task action question
        """))
    # A newer version saying items of an older list still hold, named by number or code
    # ("D1 and D2 still apply", "Decisions 2 and 3 stand exactly as drafted"):
    # pass_standing; "_" joins the words of one cue.
    standing_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        still_apply still_applies still_stand still_stands stand_as stands_as unchanged
        still_hold still_holds remain_in_force remains_in_force still_in_force still_valid
        as_drafted as_agreed as_before as_written stay_as stays_as
        """))
    # One of these right after an item's label says it holds ("Decision 1 stands.", "D2
    # applies as before"); alone in a clause it may be anything's ("the kiosk stands").
    standing_verbs: frozenset[str] = field(default_factory=lambda: word_set("""
        stands stand holds hold applies apply remains remain continues continue stays stay
        """))
    # With standing_cues and a plural of numbered_item_nouns, the items a newer version
    # does not name ("Decisions not mentioned below still stand"): pass_standing.
    unnamed_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        not_mentioned not_listed not_named not_changed not_covered other remaining the_rest
        """))
    # A table row's status cell opening with one of these, after the item it names
    # ("| 2 | Kept (quarterly since June) |"): the item holds (pass_standing).
    standing_cells: frozenset[str] = field(default_factory=lambda: word_set("""
        kept unchanged stands stand holds applies continues same retained
        """))
    # Words right before a one-word gone cue that make it a rule, not an event ("a
    # product is only sold once its CPSR is signed", "must be removed before ..."):
    # nothing is said to be gone (ended.ended)
    rule_markers: frozenset[str] = field(default_factory=lambda: word_set("""
        only must can may should cannot
        """))
    # A sentence with one of these prescribes ("Every group gets this briefing before
    # launch, no exceptions."): a rule of the note, a fact, never just its intro
    # (pass_lead); "_" joins the words of one cue.
    rule_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        must never always no_exceptions without_exception mandatory compulsory
        not_allowed not_permitted is_required are_required
        """))
    # A year beside one of these bounds something that lasts or lies ahead ("Since 2023
    # the club phone number is ...", "due by 30 June 2025", "every March"): no date of
    # the version an older lead opens (pass_lead._version_year)
    lasting_words: frozenset[str] = field(default_factory=lambda: word_set("""
        since until till due deadline expires expiry valid every each annually yearly
        renew renews renewal
        """))
    # Labels that mark a line as a question still to settle, not a fact ("TBD: who
    # signs off?", "Open question: ..."; "_" joins the words of one label): an older
    # draft's such line is not carried (questions.py).
    question_labels: frozenset[str] = field(default_factory=lambda: word_set("""
        tbd tbc todo to_do fixme open_question question undecided to_decide open_point
        """))
    # Headings whose section holds questions still to settle ("## Open questions",
    # "## Things still to decide", "## Things to do"): whatever its items say, each asks
    # rather than states (questions.py). They count as the whole heading or its
    # closing words, except where the heading says what is done (below).
    question_headings: frozenset[str] = field(default_factory=lambda: word_set("""
        open_questions open_points unresolved undecided to_decide todo to_do todos tbd
        pending_decisions questions_to_settle still_open still_to_decide to_sort
        to_sort_out to_do_list loose_ends
        """))
    # Of those, the to-do words name a list of open items only when the heading does
    # not open with one of `instruction_openers` ("## What to do", "## What we ask owners
    # to do", "## How to do a stock take" tell what to do) nor negate them ("## Things we
    # decided not to do", "## No longer to do": decisions), unless one of
    # `open_item_words` says the items are still open ("## What we still need to do",
    # "## What remains to do"). "## What's undecided" is open whatever its first word.
    todo_headings: frozenset[str] = field(default_factory=lambda: word_set("""
        to_do todo todos
        """))
    instruction_openers: frozenset[str] = field(default_factory=lambda: word_set("""
        what how when where who which why
        """))
    open_item_words: frozenset[str] = field(default_factory=lambda: word_set("""
        still left remaining remains outstanding pending yet
        """))
    # Words before an instruction's verb ("Please book by phone ..."): the verb comes next.
    polite_openers: frozenset[str] = field(default_factory=lambda: word_set("""
        please kindly
        """))
    # ... what an older unit says when the thing was not done yet.
    open_cues: frozenset[str] = field(default_factory=lambda: word_set("""
        open draft pending proposed negotiation negotiating under_discussion planned
        unsigned not_yet awaiting in_progress outstanding to_be tbd
        """))
    # Words that deny what a unit says ("Pets are not allowed", "never on a Sunday",
    # "cannot reach", "integrate rather than build"; a word ending in "n't" too; "_"
    # joins the words of one cue): an older unit and the newest unit nearest it in
    # meaning, one with such a word and one without, say opposite things
    # (pass_said_over for observations, pass_polarity for prose; merge.polarity.negated).
    negation_words: frozenset[str] = field(default_factory=lambda: word_set("""
        not no never cannot nor neither none nobody nothing nowhere without forbidden
        prohibited banned disallowed rather_than instead instead_of no_longer stopped
        ceased
        """))
    # A place shut on the days a line names ("Closed Monday to Wednesday"): a newest
    # line giving hours on one of those days says it is open then (pass_polarity).
    closed_words: frozenset[str] = field(default_factory=lambda: word_set("""
        closed shut
        """))
    # Parts of a day: closed on "Friday mornings" is not closed on Fridays.
    day_parts: frozenset[str] = field(default_factory=lambda: word_set("""
        morning mornings afternoon afternoons evening evenings night nights lunchtime
        lunchtimes
        """))
    # Comparatives of a limit after "no"/"not" and before "than" ("no more than five
    # high", "not later than 16:00"): a bound, not a negation (negation.negated).
    limit_comparatives: frozenset[str] = field(default_factory=lambda: word_set("""
        more less fewer later earlier longer shorter higher lower greater bigger smaller
        further wider heavier lighter older younger sooner
        """))
    # Openers and phrases of a prohibition ("Never stack product against the fan", "No sale
    # of donated food", "Crossbows not permitted", "Cut tiles are never returnable", "Food
    # cannot be stored"): a rule forbidding an act, which only a newest unit stating that
    # act contradicts (pass_polarity); "_" joins one cue's words.
    # ... but a "no" clause saying a thing is not needed states what is ("No agitation
    # needed in a vertical tank"): a claim an instruction to do it contradicts.
    need_words: frozenset[str] = field(default_factory=lambda: word_set("""
        need needed needs required necessary
        """))
    prohibition_openers: frozenset[str] = field(default_factory=lambda: word_set("""
        never no do_not don't dont must_not
        """))
    prohibition_phrases: frozenset[str] = field(default_factory=lambda: word_set("""
        not_permitted not_allowed must_not may_not is_forbidden are_forbidden is_prohibited
        are_prohibited is_banned are_banned is_never are_never cannot_be can_never
        we_never we_don't we_dont we_won't
        """))
    # Whom a rule is for ("Juniors must be signed in by a parent" is no rule for the
    # adults a newer line names) and words marking a line as one more of its kind ("The
    # officer also tests borrowed sets"): what bounds a clause, as a day or a denial
    # does (said_clauses.qualifiers: a clause saying it again has them too).
    audience_words: frozenset[str] = field(default_factory=lambda: word_set("""
        junior juniors adult adults child children kid kids member members visitor
        visitors guest guests senior seniors student students beginner beginners parent
        parents novice novices youth newcomer newcomers volunteer volunteers staff
        """))
    addition_words: frozenset[str] = field(default_factory=lambda: word_set("""
        also too additionally
        """))
    # Words opening a condition ("... if nobody from the committee can open up"): what a
    # condition says is not asserted, so its negation is not the unit's (pass_polarity).
    condition_openers: frozenset[str] = field(default_factory=lambda: word_set("""
        if unless in_case whenever
        """))
    # Words between a thing and what is said of it ("the contract itself (signed ...)",
    # "working temperature is now 1,140 °C", "licensed power is unchanged at 400 W").
    auxiliary_words: frozenset[str] = field(default_factory=lambda: word_set("""
        is are was were be been being has have had will would now itself themselves also
        still unchanged
        """))
    # Modal and "do" verbs: a "not" after one of these (or an auxiliary_words verb)
    # denies the verb that follows; after a noun, before a participle, it picks out a
    # subset ("Pens not collected within 90 days are treated as abandoned": negation.py).
    modal_words: frozenset[str] = field(default_factory=lambda: word_set("""
        do does did can could must should may might shall need needs to
        """))
    # Words around a value that say how exact or how bounded it is, not what it measures.
    bound_words: frozenset[str] = field(default_factory=lambda: word_set("""
        about around approx approximately roughly up down then only least most max maximum
        min minimum
        """))
    # Words after a comma that open a clause of its own (pass_trimmed cuts there): "...
    # we use Brackley Vets, 01280 703 441, unless the owner asks for their own practice"
    clause_joiners: frozenset[str] = field(default_factory=lambda: word_set("""
        and but unless then so
        """))
    # Words before a value that make it a condition a rule applies under, not the
    # value of a thing: "trees over £500 get a free repot" prices no tree.
    condition_words: frozenset[str] = field(default_factory=lambda: word_set("""
        over above under below exceeding beyond than
        """))
    # Verbs of what a business does with a thing ("We no longer serve a cheese board"):
    # the thing that ended is the cheese board, which older lines name without the verb.
    offer_verbs: frozenset[str] = field(default_factory=lambda: word_set("""
        serve serves offer offers sell sells stock stocks provide provides supply supplies
        use uses carry carries hire hires rent rents lend lends
        serving offering selling stocking providing supplying using carrying hiring
        renting lending running holding organising organizing organise organize
        """))
    # Prepositions before the business an arrangement was with ("We no longer order
    # from Bond International"): that business is what ended. Not "with": "We no
    # longer meet with Sarah Jones on Tuesdays" ends the Tuesday meetings, not Sarah.
    # Plurals without an -s ("three people", "two children"): what recounts.py counts.
    irregular_plurals: frozenset[str] = field(default_factory=lambda: word_set("""
        people children men women
        """))
    # Words completing a verb ("pick up", "drop off"): no thing of their own.
    verb_particles: frozenset[str] = field(default_factory=lambda: word_set("""
        up off out down in on over
        """))
    party_words: frozenset[str] = field(default_factory=lambda: word_set("""
        from through via
        """))
    # Verbs that tie a value to its thing without naming it ("kept for 30 days", "holds
    # 500 kg", "costs EUR 20"): backups and logs are both kept, two things.
    value_verbs: frozenset[str] = field(default_factory=lambda: word_set("""
        keep keeps kept hold holds held take takes took taken cost costs run runs ran last
        lasts lasted get gets got give gives gave given pay pays paid reach reaches reached read
        reads stay stays stayed set sets go goes went come comes came need needs needed
        make makes made add adds added
        """))
    # Words between a value and the thing named after it ("EUR 44.00 after discount").
    value_then_words: frozenset[str] = field(default_factory=lambda: word_set("""
        after before of
        """))
    # Headings of a section that holds one value at a time (pass_one_valued).
    one_valued_headings: frozenset[str] = field(default_factory=lambda: word_set("""
        status state stage
        """))
    # Words that open a sentence only read after the one before it ("It should be under
    # 16 MB", "This means ...", "Both are checked weekly", "The latter ...", "Yes, ..."
    # answering the question before it): the sentence leans on its predecessor
    # (merge/pass_leaning.py).
    leaning_openers: frozenset[str] = field(default_factory=lambda: word_set("""
        it its this that these those they them their theirs both such either neither
        latter former otherwise hence thus therefore consequently yes
        """))
    # Prepositions that, opening a sentence with a demonstrative standing alone as their
    # object, point at what came before ("After that the surveyor re-checks ...", "Beyond
    # that, £1 per mile", "Before that, a plain white gi"): the sentence leans on its
    # predecessor (pass_leaning.leans). Followed by a noun the demonstrative names its own
    # thing ("At this temperature", "From this season").
    leaning_prepositions: tuple[str, ...] = (
        "after", "before", "beyond", "besides", "despite", "until", "apart from",
        "other than", "on top of", "because of", "in addition to", "instead of",
        "except for", "as well as", "as for", "unlike")
    demonstratives: frozenset[str] = field(default_factory=lambda: word_set("""
        this that these those
        """))
    # ... and the words that open the clause after such a phrase ("After that the ...",
    # "Beyond that there is ...", "After that we ..."): followed by anything else (an
    # adjective, a number, "who", "under") the demonstrative names its own thing ("After
    # that first visit", "Except for those under 12").
    clause_openers: frozenset[str] = field(default_factory=lambda: word_set("""
        the a an no we you they it he she i there our your their its his her
        """))
    # Words that, opening a sentence, point at a person named before it ("She does the
    # first interview", "Her direct line is ..."): the sentence leans on its predecessor
    # like one of `leaning_openers` (merge/pass_leaning.refers_back). Not for
    # pass_said_over, which reads `leaning_openers` alone.
    person_pointers: frozenset[str] = field(default_factory=lambda: word_set("""
        he she him his her hers
        """))
    # A phrase that points at a thing named before ("washed in the same bay"): the
    # sentence leans on its predecessor unless "as" names the thing right after
    # ("the same bay as the kiln").
    same_pointer: tuple[str, str] = ("the", "same")
    # "there" points at a place named before ("No other film is stored there.") unless
    # one of these follows it: then it is the existential "there is / there are".
    existential_there: frozenset[str] = field(default_factory=lambda: word_set("""
        is are was were be been being will would may might must should shall can could
        has have had seems seem remains remain appears appear isn't aren't wasn't weren't
        """))
    place_pointer: str = "there"
    # Object pronouns that point at a thing or person named before when they follow the
    # opening verb ("Use them unless ...", "Hang it face-down", "Ring him on ..."): the
    # sentence leans on its predecessor (pass_leaning.refers_back).
    object_pointers: frozenset[str] = field(default_factory=lambda: word_set("""
        it them him her
        """))
    # Words before an instruction's verb ("Do not modify it", "Never move them").
    verb_preludes: frozenset[str] = field(default_factory=lambda: word_set("""
        do don't dont not never always please
        """))
    # ... and a demonstrative standing alone as that object ("Announce this in the
    # preamble", "Check these weekly"); followed by a noun it names its own thing.
    demonstrative_objects: frozenset[str] = field(default_factory=lambda: word_set("""
        this these those
        """))
    # The line written above the steps, rows or items of an older version of a block
    # that are carried (nothing in the newest speaks of them, or the person chose to):
    # they follow the newest's block as a list or table of their own, never continuing
    # or splicing into it (pass_render). It names no note: the ledger does. Only where
    # they are no sentences: sentences follow the block plainly (held_blocks.as_prose).
    held_over_line: str = "Also from an earlier version:"
    # Word endings a rough stemmer takes off, longest first.
    stem_suffixes: tuple[str, ...] = ("ing", "ed", "es", "s")
    # The word before what a rate is counted by ("£2 per bird"): that word is the rate's
    # unit, not the thing priced (facts.value_frames).
    rate_words: frozenset[str] = frozenset({"per"})
    # A plural's "es" is an ending only after these ("boxes", "wishes", "classes",
    # "buses"; "cores" is "core" + "s", as "horses" is "horse" + "s"), and a final "s" is
    # none after these ("class", "status"): a word and its plural stem alike.
    es_after: tuple[str, ...] = ("ss", "us", "x", "z", "ch", "sh")
    s_kept_after: tuple[str, ...] = ("ss", "us", "is")
    # Endings that make a noun of a verb: the thing a value is stated for is one thing
    # whether named by the noun or the verb ("collection every 6 weeks" / "collects
    # monthly", "inspection" / "inspected": thing_values).
    action_noun_suffixes: tuple[str, ...] = ("ions", "ion")
    # Non-ASCII numerals read as values (Chinese; Arabic-Indic digits are mapped apart).
    cjk_digits: str = "零〇一二两三四五六七八九十百千万"
    # Results of pure functions of a text under this lexicon (a unit's facts, a word's
    # stem, its content words): one compose asks for a unit's facts ~10 times and a
    # word's stem ~30 times, and the preview, the warm-up and apply ask again. Not
    # compared or hashed: a cache, not part of what the lexicon says.
    cache: dict[str, dict[Any, Any]] = field(default_factory=dict, init=False, repr=False,
                                             compare=False, hash=False)

    def __hash__(self) -> int:
        """The hash of every compared field, as the dataclass's own, worked out once:
        the fields are frozen, and the lru_caches keyed by a lexicon (holders, ended,
        thing_values, refill, ...) hash it at every call (2 µs for its 88 fields; tens
        of thousands of calls in a compose)."""
        kept = self.cache.get("hash")  # (not through memo: never started afresh)
        if kept is None:
            kept = self.cache["hash"] = {None: hash(tuple(
                getattr(self, f.name) for f in fields(self)
                if (f.compare if f.hash is None else f.hash)))}
        return kept[None]

    def memo(self, kind: str) -> dict[Any, Any]:
        """The cache of one function's results (text -> result), started afresh past
        MEMO_ENTRIES; results are immutable, so threads may share them."""
        table = self.cache.get(kind)
        if table is None or len(table) > MEMO_ENTRIES:
            table = self.cache[kind] = {}
        return table



def phrase_cues(text: str, cues: frozenset[str]) -> frozenset[str]:
    """The cues ("_" joining a phrase's words) `text` holds as whole words."""
    joined = f" {' '.join(re.findall(r'[a-z]+', text.lower()))} "
    return frozenset(c for c in cues if f" {c.replace('_', ' ')} " in joined)


ENGLISH = Lexicon()
