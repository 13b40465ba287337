"""A hub note (a section index: a line saying what the section holds, then list items
each opening on a link, however few) lists notes; it is no condensed copy of the one
note its entry glosses (issue 19: index notes are read by their shape). On a real
agent-written wiki 8 of 14 listed pairs were such a hub of one to five entries and a note
it lists, one in the likely band, as a "condensed copy". A stone carving workshop's notes,
a domain no other test uses."""

from __future__ import annotations

from pathlib import Path

import pytest

from review_app.core.notes import parse_note
from review_app.core.strategies.coverage import note_shape, pair_shape

HUB = """---
title: Lettering
type: note
permalink: carving/lettering/index
---

# Carving > Lettering

Cutting letters in stone: layout, tools and the stones that take a letter well.

## Articles

- [[lettering-in-slate]] - how the workshop cuts Roman capitals in Welsh slate: setting \
out on tracing paper, the V-cut with a 6 mm chisel and a dummy mallet, depth at a third of \
the stroke width, and finishing the cut with gilding or paint.
"""

ARTICLE = """---
title: Lettering in slate
type: note
permalink: carving/lettering/lettering-in-slate
---

# Lettering in slate

The workshop cuts Roman capitals in Welsh slate from Penrhyn: it holds a sharp arris and \
takes gilding well. Every inscription starts on tracing paper, drawn full size.

## Setting out

Draw the letters full size on tracing paper, check the spacing by eye from three metres, \
then transfer with chalk paper. Margins are at least the height of the capitals.

## Cutting

Cut a V in each stroke with a 6 mm chisel and a dummy mallet, working from the centre line \
out to each edge. Depth is about a third of the stroke width. Serifs are cut last, with the \
chisel turned on its corner. Keep the chisel sharp: hone it every twenty minutes on the \
oil stone.

## Finishing

Wash the dust out with clean water, let it dry overnight and gild with 23.5 carat leaf on \
an oil size, or paint with enamel for outdoor stones. Clean the face with fine wet and dry \
paper so the letters stand out.

## Mistakes

A chipped arris can be dressed back only if the stroke is widened to match: plan the width \
with a margin. A letter cut in the wrong place cannot be filled invisibly in slate.
"""

OTHERS = {
    "banker-masonry": ("Banker masonry", "Banker masons work stone on a fixed bench. The "
                       "workshop has four bankers; each mason keeps their own set of claw "
                       "tools and points. Sandbags under the stone stop it rocking."),
    "dust-control": ("Dust control", "Silica dust is the main risk. Cutting with power tools "
                     "happens only in the extraction booth, with an FFP3 mask. The floor is "
                     "vacuumed, never swept, at the end of each day."),
    "stone-suppliers": ("Stone suppliers", "Portland limestone comes from Albion Stone, "
                        "slate from Penrhyn quarry, sandstone from a yard near Darley Dale. "
                        "Orders over a tonne are delivered on a pallet and need the forklift."),
    "apprentices": ("Apprentice programme", "Two apprentices start each September. They spend "
                    "the first term on mouldings and templates before they touch a letter. "
                    "Each has a mentor among the senior masons."),
    "tool-sharpening": ("Tool sharpening", "Tungsten-tipped chisels go to the grinding wheel "
                        "with a green grit wheel; steel chisels are forged and tempered on "
                        "site twice a year. Blunt tools go in the red box by the forge."),
    "commissions": ("Taking a commission", "A memorial commission starts with a site visit and "
                    "a drawing for the family. A deposit of 30% secures the slot; churchyard "
                    "memorials need the diocese's permission before cutting starts."),
}


def _wiki(root: Path) -> Path:
    folder = root / "carving" / "lettering"
    folder.mkdir(parents=True)
    (folder / "index.md").write_text(HUB, encoding="utf-8")
    (folder / "lettering-in-slate.md").write_text(ARTICLE, encoding="utf-8")
    for slug, (title, body) in OTHERS.items():
        (root / "carving" / f"{slug}.md").write_text(
            f"---\ntitle: {title}\ntype: note\npermalink: carving/{slug}\n---\n\n# {title}\n\n"
            f"{body}\n", encoding="utf-8")
    return root


def _shape(body: str) -> str:
    note = parse_note("x.md", f"---\ntitle: X\n---\n\n{body}".encode())
    assert not isinstance(note, str)
    return note_shape(note)  # type: ignore[arg-type]


@pytest.mark.parametrize("body,shape", [
    (HUB.split("---\n", 2)[2], "hub"),
    ("# Lettering\n\n- [[lettering-in-slate]]\n- [[gilding]]\n", "hub"),
    # a note with relations is no hub: a relation opens on its type, not on a link
    ("# Gilding\n\nGild on an oil size.\n\n## Relations\n- relates_to [[Lettering]]\n"
     "- part_of [[Finishing]]\n", ""),
    # a note saying things of its own beside one link is no hub
    ("# Gilding\n\nGild on an oil size.\nUse 23.5 carat leaf.\nBurnish with cotton wool.\n\n"
     "- [[lettering-in-slate]] shows the letters it is used on\n", ""),
    ("# Gilding\n\nGild on an oil size after the paint has dried overnight.\n", ""),
])
def test_a_hub_is_a_list_of_links_beside_a_line_or_two(body: str, shape: str):
    assert _shape(body) == shape


def test_a_hub_is_an_index_of_the_notes_it_links_only():
    """Against a note it does not link to, a hub reads as any note: a checklist whose items
    open on links to their how-to notes may be a cut-down copy of a third note (an
    adversarial review of the first version, which read it as an index against all)."""
    hub = parse_note("carving/lettering/index.md", HUB.encode())
    article = parse_note("carving/lettering/lettering-in-slate.md", ARTICLE.encode())
    other = parse_note("carving/dust-control.md",
                       b"---\ntitle: Dust control\n---\n\nExtraction booth only.\n")
    assert not isinstance(hub, str) and not isinstance(article, str)
    assert not isinstance(other, str)
    assert pair_shape(hub, article) == "index"
    assert pair_shape(hub, other) == ""
    assert pair_shape(article, hub) == ""


def test_a_hub_and_the_note_its_one_entry_glosses_are_not_a_likely_duplicate(
        tmp_path: Path, scan_project):
    """Failed before: the hub was "a condensed copy" of the article, listed at least as
    possible and, on a real wiki, in the likely band."""
    res = scan_project(_wiki(tmp_path / "kb"), state_dir=tmp_path / "state")
    hub, article = "carving/lettering/index.md", "carving/lettering/lettering-in-slate.md"
    cand = res.strategy.score_pair(res.client, res.notes[hub], res.notes[article])
    assert not any("condensed copy" in r for r in cand.reasons), cand.reasons
    assert cand.score < res.likely_threshold
    assert not any({hub, article} <= set(g.paths) and g.band == "likely" for g in res.groups)
