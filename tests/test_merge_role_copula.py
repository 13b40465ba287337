"""A role joined to its holder by a copula without an article ("Carl Dean is match
secretary from this season") is the role an older "the match secretary, Gary Hobbs"
names (issue 18: a replaced holder is not written as current). Before, only "is the
match secretary" was read as a role, so the older line was carried beside the new
holder (a skittles league's fixtures secretary, merge-CZ)."""

from __future__ import annotations

from helpers_merge import entry, fm, merged, note

from review_app.core.merge.lexicon import Lexicon
from review_app.core.merge.roles import holders, replaced

LX = Lexicon()


def test_a_role_after_a_copula_without_an_article_is_read():
    (h,) = holders("Carl Dean is match secretary from this season.", LX)
    assert h.head == "secretary" and h.before == {"match", "secretary"}
    older = "Weigh-in sheets go to the match secretary, Gary Hobbs, by Sunday."
    assert replaced(older, ["Carl Dean is match secretary from this season."], LX) == 0
    # what is no noun phrase is no role: "is away on Mondays"
    assert holders("Gary Hobbs is away on Mondays.", LX)[0].head == ""
    # the head is the phrase's last noun, as before a name: "the shift lead, Bea Shaw"
    (lead,) = holders("Tomasz Nowak is now the shift lead for Saturdays.", LX)
    (bea,) = holders("Ask the shift lead, Bea Shaw, for the float.", LX)
    assert lead.head == bea.head == "lead"


def test_the_older_holder_of_a_role_a_copula_gives_another_is_superseded():
    older = note("fishing/matches.md", fm("Fishing club matches", "2024-03-01") + """\
## Results

Weigh-in sheets go to the match secretary, Gary Hobbs, by Sunday evening.
""")
    newest = note("fishing/matches-2025.md", fm("Fishing club matches 2025", "2025-03-01") + """\
## Results

Weigh-in sheets are photographed and uploaded to the club website on the day. Carl Dean is \
match secretary from this season and checks the uploads.
""")
    composed = merged(newest, older)
    line = entry(composed, "Gary Hobbs")
    assert line.status == "superseded", line.why
    assert "Gary Hobbs" not in composed.text


def test_a_thing_the_newest_says_was_abandoned_is_gone():
    older = note("quoits/cup.md", fm("Quoits league cup", "2024-02-01") + """\
## Rounds

1. The cup is drawn at the January meeting.
2. Losing quarter-finalists enter the Shield, a consolation competition played the same way.
""")
    newest = note("quoits/cup-2025.md", fm("Quoits league cup 2025", "2025-02-01") + """\
## Rounds

1. The cup is drawn at the January meeting.

## Observations

- [change] Shield abandoned #shield
""")
    composed = merged(newest, older)
    shield = entry(composed, "enter the Shield")
    # got (before): carried after the newest's list as a step it left out: "abandoned"
    # was no word of a thing gone
    assert shield.status == "superseded", shield.why
    assert "the newest says" in shield.why
