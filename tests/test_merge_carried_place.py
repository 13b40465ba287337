"""What merge carries from two older notes is carried once (in other words too), the
newer older note's value of a one-valued thing wins, and a carried unit goes where it
belongs: checklist items with a checklist, an older section after its counterpart's
neighbour, never after the newest's closing sections; a relation is written once
after its target's other name is rewritten (pass_once, pass_render, link rewriting)."""

from __future__ import annotations

from review_app.core.merging import compose, rewrite_links_text
from tests.helpers_merge import check_ledger, dated, entry, note


def _orchard() -> tuple:
    newest = dated("orchard/cider-press-hire-2026.md", "Cider press hire 2026",
                   "cider-press-hire-2026",
                   "The press hire runs from 1 September 2026; the co-op pays half.\n\n"
                   "## Terms\n\n- Fee: GBP 45 a day\n- Deposit: none\n",
                   modified="2026-06-01")
    middle = dated("orchard/cider-press-hire-agreed.md", "Cider press hire (agreed)",
                   "cider-press-hire-agreed",
                   "Status: **agreed**. Contact: Owain Rhys.\n\n"
                   "## Terms\n\n- Fee: GBP 40 a day\n\n"
                   "## Settled questions\n\n- [x] Soil Association certificate sent\n",
                   modified="2025-09-01")
    oldest = dated("orchard/cider-press-hire.md", "Cider press hire", "cider-press-hire",
                   "Current status: **open**, draft terms under discussion.\n\n"
                   "## Terms\n\n- Fee: GBP 35 a day\n\n"
                   "## Open questions\n\n- [x] Organic (Soil Association) certificate "
                   "sent\n\n## Observations\n\n- [status] Hire negotiation open #hire\n",
                   modified="2025-05-01")
    return newest, middle, oldest


def test_older_notes_are_carried_once_and_the_newer_ones_value_wins() -> None:
    newest, middle, oldest = _orchard()
    composed = compose("merge", newest, [middle, oldest])
    text = composed.text
    # one checklist item in two wordings, from two older notes: once, the newer's
    assert text.count("Soil Association") == 1
    assert "- [x] Soil Association certificate sent" in text
    assert entry(composed, "Organic (Soil").status == "present"
    # "open" (first draft) against "agreed" (the later version): the later one's
    assert "Status: **agreed**" in text and "**open**" not in text
    assert "Hire negotiation open" not in text
    opened = entry(composed, "Current status")
    assert opened.status == "dropped" and "carry" in opened.flips
    check_ledger(composed)


def test_checklist_items_stay_with_a_checklist() -> None:
    newest, middle, oldest = _orchard()
    composed = compose("merge", newest, [middle])
    lines = composed.text.splitlines()
    at = lines.index("- [x] Soil Association certificate sent")
    assert lines[at - 2] == "## Settled questions"  # under its own heading, not in prose
    with_list = dated("orchard/cider-press-hire-2027.md", "Cider press hire 2027",
                      "cider-press-hire-2027",
                      "The press hire runs from 1 September 2027.\n\n"
                      "## Checks\n\n- [x] Insurance renewed\n- [ ] Press cleaned\n\n"
                      "## Terms\n\n- Fee: GBP 45 a day\n", modified="2027-06-01")
    joined = compose("merge", with_list, [middle]).text.splitlines()
    at = joined.index("- [x] Soil Association certificate sent")
    assert joined[at - 1] == "- [ ] Press cleaned"  # joins the newest's checklist


def test_an_older_section_goes_after_its_neighbours_counterpart_not_after_contact() -> None:
    newer = dated("planetarium/rhea-okafor-2026.md", "Rhea Okafor (show producer)",
                  "rhea-okafor-2026",
                  "Rhea Okafor produces the dome shows since March 2026.\n\n"
                  "## Role\n\n- Produces the monthly dome show\n- Runs the school bookings\n\n"
                  "## Background\n\n- MSc in astrophysics (2021)\n\n"
                  "## Contact\n\n- Office: dome annex, room 12\n", modified="2026-04-01")
    older = dated("planetarium/rhea-okafor.md", "Rhea Okafor", "rhea-okafor",
                  "Rhea Okafor is a presenter.\n\n"
                  "## Role\n\n- Produces the monthly dome show\n\n"
                  "## Current projects\n\n- Restoring the 1968 Zeiss projector slides, about "
                  "2,400 of them, by June 2026\n- Cataloguing the meteorite drawer for the "
                  "Lindqvist bequest\n\n"
                  "## Contact\n\n- Office: dome annex, room 12\n", modified="2025-04-01")
    text = compose("merge", newer, [older]).text
    assert "## Current projects" in text
    assert text.index("## Current projects") < text.index("## Contact")
    assert text.index("## Current projects") > text.index("## Role")


def test_a_relation_is_written_once_when_a_rewrite_makes_two_one() -> None:
    retired = note("lighthouse/lamp-check.md", "---\ntitle: Lamp check (2025 rebuild)\n---\n")
    kept = note("lighthouse/lamp-procedure.md", "---\ntitle: Lamp procedure\n---\n")
    text = ("---\ntitle: Fog signal\n---\n\n# Fog signal\n\n## Relations\n"
            "- part_of [[Station Duties]]\n- relates_to [[Lamp check (2025 rebuild)]]\n"
            "- relates_to [[Lamp procedure]]\n")
    out, count = rewrite_links_text(text, {"lamp check (2025 rebuild)": kept})
    assert out.count("relates_to [[Lamp procedure]]") == 1 and count == 1
    assert "- part_of [[Station Duties]]" in out
    assert retired.title not in out
    # a note's own repeated relation is left as it wrote it
    twice = text.replace("[[Lamp check (2025 rebuild)]]", "[[Station Duties]]").replace(
        "- relates_to [[Lamp procedure]]", "- relates_to [[Station Duties]]")
    assert rewrite_links_text(twice, {"lamp check (2025 rebuild)": kept})[0] == twice
