"""Issue 18 REPEAT (merge19b): an older sentence is carried for the facts the newest
lacks; a clause of it that only says again, in other words, what a newest unit says
is written without (pass_trimmed._restated_clauses). Round 18's reader found "A deposit
of 25% on acceptance secures the booking; the balance is due on completion." written
beside the newest's bullet "Balance due on completion.". Domain: a signwriting studio
(no other test uses it); real parser, real model."""

# ruff: noqa: E501  (the notes hold long lines as agents write them)
from __future__ import annotations

import datetime as dt

from helpers_merge import fm, merged, note

NOW = dt.datetime(2026, 8, 1, 9, 0, 0)

OLD = fm("Signwriting studio terms", "2025-03-01") + """How the studio quotes and takes payment for hand-painted signs.

## Terms
Quotes come from our estimator, Priya Nair, on 01632 960 771; the remainder is paid when the sign is fitted.
"""

NEW = fm("Signwriting studio terms v2", "2025-09-01") + """How the studio quotes and takes payment for hand-painted signs, revised in September.

## Terms
- A third up front on ordering.
- Remainder paid when the sign is fitted.
- Gilding is priced separately.
"""


def test_clause_restating_the_newest_is_not_written_again():
    composed = merged(note("terms-v2.md", NEW), note("terms.md", OLD), now=NOW)
    # the still-true estimator and phone are carried ...
    assert "Quotes come from our estimator, Priya Nair, on 01632 960 771." in composed.text
    # ... without the clause the newest's bullet already says
    assert "the remainder is paid when the sign is fitted" not in composed.text
    e = next(e for e in composed.ledger.entries if e.text.startswith("Quotes come from"))
    assert e.status == "carried" and "the newest says it" in e.why
