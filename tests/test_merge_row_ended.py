"""A table row names its thing by the word that tells it from the other rows; the note's
title says what they all are. When the newest says that thing is over ("Family
membership has been discontinued"), the older row ("| Family | £40 |" of a membership
price list) is old, not a row the newest's table left out to carry back (issue 18: no
superseded value stated as current; before, it was written under "Also from an earlier
version:" beside the sentence ending it)."""

from __future__ import annotations

from helpers_merge import entry, fm, merged, note

OLDER = fm("Folk club membership rates", "2025-05-04") + """\
What members of the Wheatsheaf Folk Club pay each season.

## Rates

| Category | Season fee | Notes |
|---|---|---|
| Adult | £30 | one vote at the AGM |
| Family (2 adults + children) | £55 | one household |
| Performer | £15 | plays at least four nights |
| Life member | free | elected at the AGM |

Pay the treasurer at any club night.
"""

NEWER = fm("Folk club membership rates 2026", "2026-02-10") + """\
Season fees from the spring 2026 season.

## Season fees

| Membership | Fee |
|---|---|
| Adult | £35 |
| Performer | £15 |

Family membership has been discontinued; each adult now joins on their own.

Pay the treasurer at any club night.
"""


def _composed(newer: str = NEWER):
    return merged(note("folk/subscriptions-2026.md", newer), note("folk/subscriptions.md", OLDER))


def test_a_row_of_a_thing_the_newest_says_is_gone_is_superseded():
    composed = _composed()
    row = entry(composed, "| Family (2 adults + children) |")
    # got (before): carried, "| Family (2 adults + children) | £55 | one household |" in
    # a second table under "Also from an earlier version:"
    assert row.status == "superseded", row.why
    assert row.by_text is not None and row.by_text.startswith("Family membership has been")
    assert "£55" not in composed.text, composed.text


def test_a_row_the_ended_thing_does_not_name_is_still_carried():
    composed = _composed()
    # the life membership is a row only the older table has, and nothing ends it
    assert entry(composed, "| Life member |").status == "carried"
    assert "elected at the AGM" in composed.text


def test_the_title_alone_does_not_name_the_thing():
    # "membership" comes from the title, but no word of "Junior membership" is the row's
    # own: the family row is not what ended
    composed = _composed(NEWER.replace("Family membership has been discontinued",
                                       "Junior membership has been discontinued"))
    assert entry(composed, "| Family (2 adults + children) |").status == "carried"
    assert "| Family (2 adults + children) | £55 | one household |" in composed.text


def test_a_row_naming_another_thing_of_the_title_is_not_what_ended():
    older = OLDER.replace("| Family (2 adults + children) | £55 | one household |",
                          "| Family session | £12 | Sundays |")
    newer = NEWER.replace("Folk club membership rates 2026",
                          "Folk club membership and session rates 2026")
    older = older.replace("Folk club membership rates",
                          "Folk club membership and session rates")
    composed = merged(note("folk/subscriptions-2026.md", newer),
                      note("folk/subscriptions.md", older))
    assert entry(composed, "| Family session |").status == "carried"
