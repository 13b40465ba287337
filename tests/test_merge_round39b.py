"""Round 39's second landing (issue 18): two harms the first landing did on merge-DE, each
in a domain no other test uses and failing on that landing:
- a thing of one word that moved is moved where it is a line's subject, not where it
  names another thing ("Show moves to Mill Farm" / "No lunging on the show field");
- "remains closed" says how a named place is, not that it is gone."""

from __future__ import annotations

from helpers_merge import entry, fm, merged, note


def test_a_thing_of_one_word_moves_where_it_is_the_subject():
    older = note("gymkhana/rules.md", fm("Gymkhana entry rules", "2024-06-01") + """\
## Entering

Entries close on 1 June.

## On the day

- Hats must be worn when mounted.
- No practice jumping is allowed on the gymkhana field on the day.
""")
    newest = note("gymkhana/guide.md", fm("Gymkhana Entry Guide", "2025-06-02") + """\
## Entering

Entries close on 3 June.

## Getting there

Park in the lower field.

## Observations

- [venue] Gymkhana moves to Mill Farm for 2025 #gymkhana
""")
    composed = merged(newest, older)
    jumping = entry(composed, "No practice jumping")
    # got (before): superseded, "the newest says gymkhana moved"
    assert jumping.status == "carried", jumping.why


def test_a_place_that_remains_closed_is_not_gone():
    older = note("rescue/crags.md", fm("Mountain rescue: crag access", "2024-03-01") + """\
## Access

- Ridley Crag: no climbing at all after the rockfall in May 2024. Training walks below it
  are still allowed.
""")
    newest = note("rescue/crags-2025.md", fm("Mountain rescue: crag access 2025",
                                             "2025-03-04") + """\
## Access

- Ridley Crag remains closed to climbing.
""")
    composed = merged(newest, older)
    crag = entry(composed, "Ridley Crag: no climbing")
    # got (before): superseded, "the newest says Ridley Crag is gone"
    assert "is gone" not in crag.why, crag.why
