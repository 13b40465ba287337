"""Issue 18, points 3-4 (merge16a): an older note's intro line and the sentences whose
point is a link land where a careful editor puts them, or nowhere. A link line
(link_lines.py: its first link within Thresholds.link_lead_words words, no fact but
its links and names) is the prose form of a relation: to a member of the group it
links the merged note itself (dropped); to a note the newest links already it says
nothing new (present); to a note its own note relates to, that relation stands for
it (kept once, as the relation); else it is carried beside the newest's intro. An
older intro's fact (an address) is written in the newest's lead, not as a loose
paragraph at the end of a body section. Domain: a luthier's workshop (no other test
uses it); real parser, real model. The tests marked so failed before the change."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note, section_of

from review_app.core.merging import compose

NOW = dt.datetime(2026, 6, 1, 12, 0, 0)

ADDRESS = ("How Ashgrove Guitars builds a steel-string guitar at Unit 3, Mill Yard, "
           "Hebden Bridge HX7 8AD.")

OLDEST = note("luthier/build-notes-v1.md", fm("Guitar Build Notes v1", "2024-09-01") + (
    "First notes on the steel-string build, written up from the bench diary.\n\n"
    "## Neck\n\n"
    "The truss rod is a two-way rod fitted before the fingerboard is glued.\n"))

OLDER = note("luthier/guitar-build-notes.md", fm("Guitar Build Notes", "2025-03-01") + (
    ADDRESS + " Update to [[Guitar Build Notes v1]] after the spring price review. "
    "See also [[Tonewood Store]] for the spruce and rosewood stock. "
    "Ties in with [[Finishing Room Rules]]. "
    "Linked to [[Spray Booth Log]] for the lacquer batches.\n\n"
    "## Bracing\n\n"
    "Tops are braced with an X pattern in Sitka spruce. The braces are scalloped by "
    "hand with a finger plane.\n\n"
    "## Finishing\n\n"
    "Finishing uses nitrocellulose lacquer sprayed in the booth, eight coats.\n\n"
    "## Relations\n"
    "- relates_to [[Tonewood Store]]\n"))

NEWER = note("luthier/steel-string-build-procedure.md",
             fm("Steel-String Build Procedure", "2026-02-10") + (
                 "The current build procedure for our steel-string guitars, revised "
                 "after the winter build review.\n\n"
                 "## Bracing\n\n"
                 "Tops are braced with an X pattern in Adirondack spruce. Braces are "
                 "scalloped by hand and tap-tuned before the back goes on.\n\n"
                 "## Frets\n\n"
                 "Frets are pressed in with an arbor press, then levelled and crowned "
                 "so the fret height is even along the neck.\n\n"
                 "## Finishing\n\n"
                 "Finishing uses a waterborne lacquer sprayed in the booth, six coats, "
                 "with three days between sanding and buffing.\n\n"
                 "## Relations\n"
                 "- relates_to [[Finishing Room Rules]]\n"))


def _composed():
    c = compose("merge", NEWER, [OLDER, OLDEST], now=NOW)
    check_ledger(c)
    return c


def test_a_link_line_to_a_member_names_the_merged_note_itself() -> None:  # failed before
    c = _composed()
    e = entry(c, "Update to [[Guitar Build Notes v1]]")
    assert e.status == "dropped" and "merged note itself" in e.why, e
    assert "spring price review" not in c.text


def test_a_link_line_to_a_note_the_newest_links_is_present() -> None:  # failed before
    c = _composed()
    e = entry(c, "Ties in with [[Finishing Room Rules]]")
    assert e.status == "present" and e.by_text == "- relates_to [[Finishing Room Rules]]", e
    assert "Ties in with" not in c.text
    assert c.text.count("[[Finishing Room Rules]]") == 1


def test_a_link_line_its_note_relates_is_kept_once_as_the_relation() -> None:  # failed before
    c = _composed()
    e = entry(c, "See also [[Tonewood Store]]")
    assert e.status == "present" and e.by_text == "- relates_to [[Tonewood Store]]", e
    assert entry(c, "- relates_to [[Tonewood Store]]").status == "carried"
    assert c.text.count("[[Tonewood Store]]") == 1
    assert "- relates_to [[Tonewood Store]]" in c.text


def test_a_link_line_of_an_older_intro_goes_beside_the_intro() -> None:  # failed before
    c = _composed()
    e = entry(c, "Linked to [[Spray Booth Log]]")
    assert e.status == "carried", e
    assert section_of(c.text, "Linked to [[Spray Booth Log]]") == \
        "# Steel-String Build Procedure"


def test_an_older_intro_fact_goes_in_the_newest_lead() -> None:  # failed before
    c = _composed()
    assert entry(c, "Hebden Bridge HX7 8AD").status == "carried"
    assert section_of(c.text, "Hebden Bridge HX7 8AD") == "# Steel-String Build Procedure"


def test_a_link_giving_a_fact_of_its_own_is_no_link_line() -> None:
    # four words before the link, and a number: a statement that names a note
    line = "Lacquer is logged in the [[Spray Booth Log]] in 5 litre batches."
    older = note("luthier/guitar-build-notes.md",
                 OLDER.text.replace("Linked to [[Spray Booth Log]] for the lacquer "
                                    "batches.", line))
    c = compose("merge", NEWER, [older, OLDEST], now=NOW)
    assert entry(c, "Lacquer is logged").status == "carried"
    assert line in c.text
