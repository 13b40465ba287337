"""One document's versions are listed (issue 19): titles naming a document and its next
version ("Lane Oiling Procedure" / "... v2" following it, or "Plan v1" / "Plan v3") are the
writer's word that one restates the other, as `supersedes` is. A rewrite that changed every
value and its layout scores low on its text (score-AF: two chains' first and second versions
at 0.22 and 0.27, unlisted); it is now listed as possible. Two releases filled from one spec
template are not lifted. A bowling alley's notes, a domain no other test uses."""

from __future__ import annotations

from pathlib import Path

import pytest

from review_app.core.strategies.cues import PairCues
from review_app.core.strategies.series import SeriesCue

V1 = """---
title: Lane Oiling Procedure
type: note
permalink: alley/lane-oiling-procedure
modified: 2024-03-02
tags: [lanes, maintenance]
---

# Lane Oiling Procedure

The lanes are oiled every morning before we open at 10:00. Dave Kirby does it on weekdays \
and the duty manager at weekends.

## Steps

1. Sweep each lane with the dust mop, foul line to pin deck.
2. Fill the machine tank with Kustodian Fire conditioner, 2 litres.
3. Run the machine down lanes 1 to 12 on the house pattern (38 feet).
4. Clean the gutters and the approach with the blue cloths.
5. Log the run in the maintenance book by the pro shop.

## Notes

- A tank lasts about three mornings.
- If the machine beeps twice, the cleaner fluid is low: top it up before oiling.
"""

V2 = """---
title: Lane Oiling Procedure v2
type: note
permalink: alley/lane-oiling-procedure-v2
modified: 2025-05-20
tags: [lanes]
---

# Lane Oiling Procedure v2

| When | Who | What |
|---|---|---|
| Tuesday to Sunday, 08:30 | Priya Shah | full dressing pass, all 16 beds |
| Monday | nobody | Brunswick engineer services the Kustodian |

We switched product to Brunswick Curve (3 L per fill, two days per fill) and every bed now \
runs the 41-foot league pattern since April. Records go on the tablet form. A double beep \
asks for the reservoir to be refilled first.

## Relations
- follows [[Lane Oiling Procedure]]
"""

OTHERS = {
    "shoe-hire": ("Shoe Hire Policy", "Shoe hire is £2.50 per game. Sizes 1 to 14 are kept "
                  "behind the front desk. Shoes are sprayed after every return and bagged by "
                  "size. Lost shoes are charged at £25."),
    "league-nights": ("League Night Schedule", "Leagues bowl on Wednesday and Thursday nights "
                      "from 19:00. Each team has four bowlers and a sheet is handed in by "
                      "18:45. Lanes 1 to 8 are reserved for leagues; open bowling continues "
                      "on the rest."),
    "pinsetter-faults": ("Pinsetter Fault Runbook", "When a pinsetter jams, switch the lane "
                         "off at the masking unit, wait for the sweep to stop, and clear the "
                         "deck from the catwalk. Never reach into the machine while it is "
                         "powered. Call the engineer if the fault repeats three times in an "
                         "hour."),
    "party-packages": ("Birthday Party Packages", "Parties are two games plus food for £14.95 "
                       "per child, minimum eight children. Bumpers go up on every party lane. "
                       "The host collects the group at the desk and seats them at the party "
                       "tables by the arcade."),
    "staff-rota": ("Staff Rota Rules", "The rota is published on Friday for the week after "
                   "next. Swaps must be agreed with the duty manager. Every shift starts with "
                   "the till count and ends with lane shutdown."),
    "bar-licensing": ("Bar Licensing Notes", "The bar licence covers alcohol sales from 12:00 "
                      "to 23:00. Under-18s must leave the bar area by 21:00. Staff on the bar "
                      "must have completed the licensing refresher in the last year."),
    "arcade-takings": ("Arcade Machine Takings", "Arcade takings are counted every Monday by "
                       "two staff together. Coins go in the safe bags and the total goes in "
                       "the takings spreadsheet. A machine with a coin jam is switched off and "
                       "tagged."),
    "approach-cleaning": ("Approach and Gutter Cleaning", "The approaches are wiped with the "
                          "blue cloths and approach cleaner every evening at close. Gutters "
                          "are vacuumed on Sundays. Sticky approaches are reported to the "
                          "duty manager before the lane opens."),
    "machine-service": ("Lane Machine Service Log", "The lane machine is serviced every three "
                        "months by the Brunswick engineer. Each service is written in the log "
                        "with the date, the parts changed and the next service date. Spare "
                        "wicks are kept in the pro shop store."),
}


def _alley(root: Path, follows: bool) -> Path:
    folder = root / "alley"
    folder.mkdir(parents=True)
    (folder / "lane-oiling-procedure.md").write_text(V1, encoding="utf-8")
    v2 = V2 if follows else V2.split("## Relations")[0]
    (folder / "lane-oiling-procedure-v2.md").write_text(v2, encoding="utf-8")
    for i, (slug, (title, body)) in enumerate(OTHERS.items()):
        (folder / f"{slug}.md").write_text(
            f"---\ntitle: {title}\ntype: note\npermalink: alley/{slug}\n"
            f"modified: 2025-01-{10 + i}\n---\n\n# {title}\n\n{body}\n", encoding="utf-8")
    return root


@pytest.mark.parametrize("follows", [True, False])
def test_a_rewritten_next_version_is_listed_as_possible(tmp_path: Path, scan_project,
                                                       follows: bool):
    """Failed before: the pair scored about 0.32 on its text, below the listing cut,
    although v2 is the original's title with a version added (and, in one case, says it
    follows the original): one document's versions, or an agent's copy of it."""
    res = scan_project(_alley(tmp_path / "kb", follows), state_dir=tmp_path / "state")
    pair = {"alley/lane-oiling-procedure.md", "alley/lane-oiling-procedure-v2.md"}
    groups = [g for g in res.groups if pair <= set(g.paths)]
    assert len(groups) == 1
    assert groups[0].band == "possible"  # the writer's word lists it; the text decides likely
    assert len(groups[0].paths) == 2
    cand = res.strategy.score_pair(res.client, res.notes["alley/lane-oiling-procedure.md"],
                                   res.notes["alley/lane-oiling-procedure-v2.md"])
    assert any("the original and v2 of one document" in r for r in cand.reasons)
    assert res.strategy.listing_threshold <= cand.score < res.likely_threshold
    # the bowling alley's other notes stay unlisted
    assert all(set(g.paths) == pair for g in res.groups)


def _cues(chain: str, template: int = 0, restates: bool = False) -> PairCues:
    return PairCues(None, None, "", "", SeriesCue(False, restates, chain=chain),
                    template=template)


def test_versions_of_one_title_are_listed_unless_they_share_only_the_template():
    likely, listing = 0.694, 0.41
    assert _cues("v1 and v3").adjust(0.2, likely, listing) == listing
    assert _cues("the original and v2").adjust(0.05, likely, listing) == listing
    # two spec releases filled from the project's template: read by their text alone
    assert _cues("v1 and v2", template=2).adjust(0.2, likely, listing) < listing
    # no chain, no word from the writer: the text's score stands
    assert _cues("").adjust(0.2, likely, listing) < listing
    # a chain's likely band is earned by its text, as any pair's
    assert _cues("v1 and v3").adjust(0.2, likely, listing) < likely
