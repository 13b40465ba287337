"""The kept file is not an older draft (issue 18 item 7, DESIGN "Kept file"): a status
stamp in a title ("(draft)", "Proposal:", "WIP") is a stamp like a year or a "v2"
(merge/title.stamped_titles, one notion with the written title's), so of notes linked to
alike the unstamped note's file is kept (with no links at all, the body written's: the
newest's); an important or most linked-to stamped note is still kept, and a status word
every title shares is the subject's, not a stamp."""

from __future__ import annotations

from pathlib import Path

from review_app.core.grouping import choose_kept
from review_app.core.merging import compose
from review_app.core.notes import Note
from review_app.core.project import load_notes

DRAFT = """---
title: Croquet lawn fees (draft)
type: proposal
permalink: croquet-lawn-fees-draft
tags: [croquet, draft]
created: 2026-01-12
modified: 2026-01-12
---

# Croquet lawn fees (draft)

- Full members: £180 a season
- Lawn hire for visitors: £12 a session

Status: draft, for the committee.
"""

ADOPTED = """---
title: Croquet lawn fees
type: policy
permalink: croquet-lawn-fees
tags: [croquet]
created: 2026-03-02
modified: 2026-03-02
---

# Croquet lawn fees

- Full members: £195 a season
- Lawn hire for visitors: £12 a session

Adopted at the AGM on 28 February 2026.
"""


def _notes(tmp_path: Path, draft: str = DRAFT, adopted: str = ADOPTED) -> dict[str, Note]:
    (tmp_path / "club").mkdir(parents=True)
    (tmp_path / "club" / "fees-2026-draft.md").write_text(draft)
    (tmp_path / "club" / "croquet-lawn-fees.md").write_text(adopted)
    return {n.path: n for n in load_notes(tmp_path)[0]}


def test_the_unstamped_note_is_kept_over_an_older_draft(tmp_path: Path) -> None:
    notes = _notes(tmp_path)
    kept, why = choose_kept(list(notes.values()))
    assert kept.path == "club/croquet-lawn-fees.md", why
    # the merged note then carries the adopted note's identity, type and tags
    draft = notes["club/fees-2026-draft.md"]
    c = compose("merge", kept, [draft], kept=kept)
    head = c.text.split("\n---\n", 1)[0]
    assert "permalink: croquet-lawn-fees\n" in head and "type: policy" in head
    assert "draft" not in head
    assert "Status: draft" not in c.text and "£180" not in c.text
    # linked to alike, the stamp decides, also when the draft is the newer one
    newer_draft = _notes(tmp_path / "newer", draft=DRAFT.replace("2026-01-12", "2026-04-12"))
    kept, why = choose_kept(list(newer_draft.values()), dict.fromkeys(newer_draft, 1))
    assert kept.path == "club/croquet-lawn-fees.md", why
    assert "status stamp" in why


def test_a_proposal_title_is_a_stamp_too(tmp_path: Path) -> None:
    draft = DRAFT.replace("title: Croquet lawn fees (draft)",
                          'title: "Proposal: croquet lawn fees"')
    notes = _notes(tmp_path, draft=draft.replace("# Croquet lawn fees (draft)",
                                                 "# Proposal: croquet lawn fees"))
    assert notes["club/fees-2026-draft.md"].title == "Proposal: croquet lawn fees"
    kept, why = choose_kept(list(notes.values()), dict.fromkeys(notes, 1))
    assert kept.path == "club/croquet-lawn-fees.md" and "status stamp" in why, why


def test_an_important_or_most_linked_stamped_note_is_still_kept(tmp_path: Path) -> None:
    notes = _notes(tmp_path, draft=DRAFT.replace("type: proposal\n",
                                                 "type: proposal\nimportant: true\n"))
    kept, why = choose_kept(list(notes.values()))
    assert kept.path == "club/fees-2026-draft.md" and why.startswith("important")
    plain = _notes(tmp_path / "linked")
    kept, why = choose_kept(list(plain.values()), {"club/fees-2026-draft.md": 2})
    assert kept.path == "club/fees-2026-draft.md" and why == "linked from 2 notes"


def test_a_status_word_every_title_shares_is_no_stamp(tmp_path: Path) -> None:
    # "new" names the subject here (handbooks for new members), in both titles alike
    notes = _notes(tmp_path,
                   draft=DRAFT.replace("Croquet lawn fees (draft)", "New croquet players"),
                   adopted=ADOPTED.replace("Croquet lawn fees", "New croquet players 2026"))
    kept, why = choose_kept(list(notes.values()), dict.fromkeys(notes, 1))
    assert kept.path == "club/fees-2026-draft.md", why
    assert "stamp" in why
