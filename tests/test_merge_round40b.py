"""Round 40, second landing: what the newest says is over, named the way an older line
names it: a name in the plural ("Fifth Saturdays are no longer used" / "Fifth Saturday
(when there is one): ..."), a hyphenated thing written as words ("The second-bottle
discount has ended" / "Discount on a second bottle"). Domains no other merge test uses (a
maypole dancing group, a wine circle)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import dated, note

from review_app.core.merge.ended import ended
from review_app.core.merge.ended_text import speaks_of
from review_app.core.merge.lexicon import Lexicon
from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 6, 9, 0, 0)


def _merge(older_body: str, newest_body: str, folder: str) -> str:
    older = dated(f"{folder}/old.md", "Practice Nights", f"{folder}/old", older_body,
                  modified="2024-04-01")
    newer = dated(f"{folder}/new.md", "Practice Nights", f"{folder}/new", newest_body,
                  modified="2025-04-01")
    return compose("merge", newer, [older], kept=newer, now=NOW).text


def test_a_name_gone_in_the_plural_ends_the_older_line_naming_it_singular():
    text = _merge("## The monthly pattern\n\n- First Saturday: practice in the church "
                  "hall.\n- Third Saturday: dancing on the green.\n- Fifth Saturday (when "
                  "there is one): a ceilidh at the Wheatsheaf.\n\n## Kit\n\nBells and "
                  "ribbons are kept in the hall cupboard.\n",
                  "## Practice\n\nWe practise in the church hall on the first Saturday and "
                  "dance on the green on the third.\n\n## What changed\n\nFifth Saturdays "
                  "are no longer used; there is no ceilidh now.\n\n## Kit\n\nBells and "
                  "ribbons are kept in the hall cupboard.\n", "maypole")
    assert "Fifth Saturday (when there is one)" not in text
    # guard: a line naming another Saturday is not that name
    assert "no ceilidh now" in text


def test_a_hyphenated_thing_gone_is_named_by_its_words():
    """"The second-bottle discount has ended" names the thing an older observation gives
    in words ("10% off a second bottle", its category saying discount); "second" alone
    is no "second-..." thing. (Read at the rule: a compose reaches such a line by other
    passes too.)"""
    lx = Lexicon()
    [end] = ended("The second-bottle discount has ended.", lx)
    assert speaks_of("- [discount] 10% off a second bottle on tasting nights #shop", end, lx)
    assert not speaks_of("- [pricing] A second glass costs £4 #bar", end, lx)
    assert not speaks_of("Bottle discounts are agreed with the shop.", end, lx)


def _over(said: str, text: str) -> bool:
    lx = Lexicon()
    return any(speaks_of(text, end, lx) for end in ended(said, lx))


def test_guards_from_review_other_names_and_words_stay():
    """A singular gone name is no plural one (the Swan pub closing is no end of "the
    Swans" team), a one-word plural is no singular ("The Swans folded" / "the Swan"); a
    hyphenated thing's parts must stand together ("one-to-one" is no "one lane ...
    from 6 to 8pm"), and an older compound is not split ("pre-school" is no school)."""
    assert not _over("The Swan has closed, so the quiz moved to the Bell.",
                     "- Five-a-side: the Swans play on Tuesday evenings.")
    assert not _over("The Swans have folded.", "- Quiz night: first Monday at the Swan.")
    assert not _over("One-to-one sessions have ended.",
                     "- Sessions run from 6 to 8pm on Mondays; one lane is kept for beginners.")
    assert _over("One-to-one sessions have ended.", "- One to one sessions: £20 for 30 minutes.")
    assert not _over("The Saturday school has ended for lack of tutors.",
                     "- Pre-school group meets Saturday mornings in the small hall.")


def test_a_dated_tag_only_an_older_note_gives_is_not_written():
    """Tags are unioned, but an older note's dated tag ("season-2023-24", "2023") names
    its period, not the newest body's; an undated one ("open-mic") is still carried,
    and the newest's own dated tag stays. (A storytelling club.)"""
    from review_app.core.notes import parse_note

    older = note("tales/evenings.md", "---\ntitle: Story evenings\nmodified: 2023-09-01\n"
                 "tags: [storytelling, open-mic, season-2023-24, '2023']\n---\n\n"
                 "Evenings are on the last Friday at the Crown, £3 on the door.\n")
    newer = note("tales/story-evenings.md", "---\ntitle: Story evenings\nmodified: "
                 "2024-09-01\ntags: [storytelling, season-2024-25]\n---\n\n"
                 "Evenings are on the last Friday at the Crown, £4 on the door.\n")
    for kept in (older, newer):
        out = compose("merge", newer, [older], kept=kept, now=NOW)
        tags = parse_note(kept.path, out.text.encode()).tags  # type: ignore[union-attr]
        assert set(tags) == {"storytelling", "open-mic", "season-2024-25"}, tags
