"""An older sentence that states one code or date alone, where the newer note gives
the same slot (the words leading up to the value) another value inside a longer
sentence: only the newer value is written, the older reported superseded (real parser,
real model). The notes are a flat move as two agent sessions wrote it; no demo or
tests/data text. Each test failed before the fix.
"""

from __future__ import annotations

from helpers_merge import body, dated, superseded

from review_app.core.merging import compose
from review_app.core.notes import Note


def pair(older_body: str, newer_body: str) -> tuple[Note, Note]:
    older = dated("home/flat-move.md", "Flat move", "home/flat-move", older_body,
                  created="2025-01-05T09:00:00", modified="2025-01-05T10:00:00")
    newer = dated("home/flat-move-2025-02-20.md", "Flat move 2025-02-20",
                  "home/flat-move-2025-02-20", newer_body, created="2025-02-20T18:00:00",
                  modified="2025-02-20T18:30:00")
    return older, newer


OLDER = ("## Moving van\n\nWe hired a medium van from Europcar for the Saturday. The booking "
         "reference is EC-55120. Pickup is at the depot on Canal Road.\n\n"
         "## Lease\n\nThe landlord is Mrs Okonjo. The lease renewal date is March 3, 2026.\n")
NEWER = ("## Van\n\nEuropcar had no medium vans left, so we switched to a Sixt van for the "
         "Saturday, booking SX-20731. Pickup is at the depot on Canal Road.\n\n"
         "## Lease\n\nThe landlord is Mrs Okonjo. She signed the extension and the lease now "
         "renews on April 1, 2026.\n")


def test_an_older_code_or_date_whose_slot_the_newer_note_refills_is_superseded():
    older, newer = pair(OLDER, NEWER)
    for kept in (newer, older):  # whichever file is kept, the same text is written
        composed = compose("merge", newer, [older], kept=kept)
        text = body(composed.text)
        assert "EC-55120" not in text and "SX-20731" in text, text
        assert "March 3, 2026" not in text and "April 1, 2026" in text, text
        assert "Canal Road" in text and "medium van" in text
        pairs = superseded(composed)
        assert ("The booking reference is EC-55120.", "Europcar had no medium vans left, so "
                "we switched to a Sixt van for the Saturday, booking SX-20731.") in pairs
        assert ("The lease renewal date is March 3, 2026.", "She signed the extension and "
                "the lease now renews on April 1, 2026.") in pairs


def test_a_code_or_date_of_another_slot_stays():
    # Same kinds of value, other slots (a parking permit, a deposit): two facts, both kept.
    older, newer = pair(
        OLDER.replace("The booking reference is EC-55120.", "The parking permit is PK-3310.")
        .replace("The lease renewal date is", "The deposit is due on"), NEWER)
    composed = compose("merge", newer, [older])
    text = body(composed.text)
    assert "PK-3310" in text and "SX-20731" in text, text
    assert "due on March 3, 2026" in text and "April 1, 2026" in text, text
    assert not [old for old, _ in superseded(composed) if "PK-3310" in old or "due on" in old]


def test_an_older_sentence_with_another_fact_beside_the_value_stays():
    # "Hendry" is said nowhere else: dropping the sentence would lose a fact
    older, newer = pair(OLDER.replace("The booking reference is EC-55120.",
                                      "The booking reference Hendry gave us is EC-55120."),
                        NEWER)
    text = body(compose("merge", newer, [older]).text)
    assert "Hendry" in text, text
