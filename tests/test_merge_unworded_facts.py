"""Merge (issue 18): a still-true older fact with no number or name in it is carried
(and a sentence the newest cut a contact from is written whole, in its place),
a carried unit is written in its section's prose (never into or right after an
ordered list or table it is not part of), and two older versions' wordings of one
fact are written once."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def test_an_older_fact_without_a_value_the_newest_lacks_is_carried() -> None:
    newer = dated("lab/darkroom-2026.md", "Community darkroom", "darkroom-2026",
                  "The darkroom is open to members on Tuesday and Thursday evenings.\n\n"
                  "## Booking\n\nBook an enlarger on the sheet by the door. "
                  "Sessions last 3 hours.\n\n"
                  "## Chemistry\n\nDeveloper is mixed fresh each session from the stock "
                  "bottles.\nUsed fixer goes into the silver recovery drum.\n",
                  modified="2026-02-10")
    older = dated("lab/darkroom.md", "Darkroom", "darkroom",
                  "The darkroom is open to members on Tuesday evenings.\n\n"
                  "## Booking\n\nBook an enlarger on the sheet by the door. Sessions last "
                  "2 hours. Members who miss two bookings lose priority for a month.\n\n"
                  "## Chemistry\n\nDeveloper is always made up fresh for every session. "
                  "Paper is kept in the light-tight drawer under the sink, sorted by "
                  "grade.\nUsed fixer goes into the silver recovery drum (Hal, 01632 960 "
                  "118).\n",
                  modified="2025-06-01")
    composed = compose("merge", newer, [older])
    text = composed.text
    check_ledger(composed)
    # no number, name or code, yet a reader would miss each: carried, in its section
    for fact, heading in (("Members who miss two bookings lose priority for a month.",
                           "## Booking"),
                          ("Paper is kept in the light-tight drawer under the sink, sorted "
                           "by grade.", "## Chemistry")):
        assert entry(composed, fact).status == "carried"
        assert text.count(fact) == 1
        assert text.index(heading) < text.index(fact)
    assert text.index("lose priority") < text.index("## Chemistry")
    # what the newest says in other words, and the old value, are not written
    assert "always made up fresh" not in text
    assert "last 2 hours" not in text and "Sessions last 3 hours." in text
    # a contact the newest cut from its sentence: the fuller sentence, in its place
    assert text.count("silver recovery drum") == 1
    assert "Used fixer goes into the silver recovery drum (Hal, 01632 960 118)." in text
    fixer = entry(composed, "(Hal, 01632")
    kept = compose("merge", newer, [older], choices={fixer.key: "newer"})
    assert "01632" not in kept.text and "silver recovery drum." in kept.text
    # the person can still leave it out with one key
    paper = entry(composed, "light-tight drawer")
    assert "drop" in paper.flips
    left = compose("merge", newer, [older], choices={paper.key: "drop"})
    assert "light-tight drawer" not in left.text


def test_a_carried_unit_never_follows_a_table_or_numbered_list_it_is_not_part_of() -> None:
    newer = dated("wall/climbing-wall-2026.md", "Climbing wall", "climbing-wall-2026",
                  "The bouldering wall in the sports hall reopened after the winter "
                  "refit.\n\n"
                  "## Prices\n\nDay passes are sold at reception.\n\n"
                  "| Pass | Price |\n|---|---|\n| Day pass | 9 |\n| Ten-visit card | 75 |\n\n"
                  "## Decisions\n\n1. Ropes are retired after five years.\n"
                  "2. Only staff reset the routes.\n3. Chalk balls only, from March.\n\n"
                  "## Safety\n\nClimbers wear rental shoes or their own clean shoes on the "
                  "mats.\n",
                  modified="2026-03-01")
    older = dated("wall/climbing-wall.md", "Climbing wall", "climbing-wall",
                  "The bouldering wall is in the sports hall.\n\n"
                  "## Prices\n\nDay passes are sold at reception.\n\n"
                  "| Pass | Price |\n|---|---|\n| Day pass | 8 |\n| Ten-visit card | 70 |\n\n"
                  "- Children under twelve climb free with a paying adult.\n\n"
                  "## House rules\n\nLoose chalk from bags is emptied into the bin by the "
                  "Fenwick door.\n",
                  modified="2025-05-01")
    composed = compose("merge", newer, [older])
    text = composed.text
    check_ledger(composed)
    lines = text.splitlines()
    child = lines.index("- Children under twelve climb free with a paying adult.")
    chalk = lines.index("Loose chalk from bags is emptied into the bin by the Fenwick door.")
    # the bullet goes with its section's prose, not under the rate table
    assert lines.index("Day passes are sold at reception.") < child \
        < lines.index("| Pass | Price |")
    # a loose sentence is not written under the numbered decisions nearest in meaning
    # nor after the rate table (no section of the newest is clearly nearest it: it
    # keeps its own heading, placement.unit_homes)
    assert lines[chalk - 1] == "" and not lines[chalk - 2][:1].isdigit()
    heading = next(ln for ln in reversed(lines[:chalk]) if ln.startswith("#"))
    assert heading not in ("## Decisions", "## Prices")
    assert "3. Chalk balls only, from March." in lines
    assert "| Day pass | 9 |" in lines and "| Day pass | 8 |" not in lines


def test_two_older_versions_wording_one_fact_write_it_once() -> None:
    newer = dated("guild/weaving-studio-2026.md", "Weaving studio", "weaving-studio-2026",
                  "The weaving studio sits above the old dye works, behind the canal "
                  "basin.\n\n## Looms\n\nThere are 6 floor looms and 4 table looms.\n\n"
                  "## Yarn\n\nMembers bring their own warp yarn.\n",
                  modified="2026-04-01")
    mid = dated("guild/weaving-studio-2025.md", "Weaving studio", "weaving-studio-2025",
                "The studio is above the old dye works.\n\n"
                "## Looms\n\nThere are 6 floor looms and 3 table looms.\n\n"
                "## Yarn\n\nMembers bring their own warp yarn. Weft from the Hollins bins "
                "is free to use.\n",
                modified="2025-09-01")
    older = dated("guild/weaving-studio.md", "Weaving studio", "weaving-studio",
                  "The studio is above the old dye works.\n\n"
                  "## Looms\n\nThere are 5 floor looms.\n\n"
                  "## Yarn\n\nMembers bring their own warp yarn. Weft in the Hollins bin "
                  "costs members nothing.\n",
                  modified="2025-01-01")
    composed = compose("merge", newer, [mid, older])
    text = composed.text
    check_ledger(composed)
    # the newer version's wording is written once; the older one's is a row to flip
    assert text.count("Weft from the Hollins bins is free to use.") == 1
    assert "costs members nothing" not in text
    again = entry(composed, "costs members nothing")
    assert again.status == "dropped" and again.held and "weaving-studio-2025" in again.why
    both = compose("merge", newer, [mid, older], choices={again.key: "carry"})
    assert "Weft in the Hollins bin costs members nothing." in both.text
