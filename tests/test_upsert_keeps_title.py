"""An upsert writes into the note it matched under that note's title unless the two name one
subject and differ only in a stamp ("Track hire rates 2025" / "... 2026": test_merge_newest_title):
the agent names what it writes, not what the matched note is called, so a stale-looking stamp on
the matched title is no reason to give it the agent's other words and rewrite the links
others use."""

from __future__ import annotations

import pytest
from helpers_merge import dated

from review_app.core.notes import parse_note
from review_app.core.upsert_text import merged_note_text, updated_note_text


@pytest.mark.parametrize("write", [updated_note_text, merged_note_text])
def test_an_upsert_keeps_the_matched_notes_title(write):
    matched = dated("gelato/batch-rules-2025.md", "Gelato Batch Rules 2025",
                    "gelato/batch-rules-2025",
                    "Pistachio base is pasteurised at 85 C and churned for 12 minutes.\n",
                    modified="2025-04-02")
    proposed = dated("gelato/gelato-production-rules.md", "Gelato production rules",
                     "gelato/gelato-production-rules",
                     "Pistachio base is pasteurised at 82 C and churned for 10 minutes.\n",
                     modified="2026-02-11")
    text = write(matched, proposed)
    note = parse_note(matched.path, text.encode())
    assert note.title == "Gelato Batch Rules 2025"  # type: ignore[union-attr]
    assert "\n# Gelato Batch Rules 2025\n" in text
    assert "82 C" in text
