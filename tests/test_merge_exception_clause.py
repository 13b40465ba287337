"""Issue 18 REPEAT (m20c): a clause after ", unless" is a clause of its own. An older
sentence carried for a fact only it gives (a phone) whose exception clause the newest
states in a sentence of its own is written without that clause, as pass_trimmed does
for ", and" and ";" clauses (merge-AH g06: "... we use Brackley Vets, 01280 703 441,
unless the owner has asked for their own practice and it is within 10 miles." beside
"The owner's own practice can be used if it is within 10 miles."). Domain: a
karting track's first aid (no other test uses it); real parser, real model."""

# ruff: noqa: E501  (the notes hold long lines as agents write them)
from __future__ import annotations

import pytest
from helpers_merge import entry, fm, merged, note

OLDER = fm("Karting track first aid", "2025-01-10") + """How staff at the Kelham karting track handle injuries.

## Injuries
If a driver is hurt on the circuit we call Riverside Minor Injuries, 0114 496 0731, unless the driver has asked for their own physio and they can reach the track within 20 minutes.
"""

NEWER = fm("Karting track first aid 2025", "2025-09-01") + """How staff at the Kelham karting track handle injuries, revised in September.

## Injuries
The duty marshal fills in the accident book and tells the manager. The driver's own physio can be used if they can reach the track within 20 minutes.
"""


@pytest.fixture(scope="module")
def composed():
    return merged(note("karting/first-aid-2025.md", NEWER),
                  note("karting/first-aid.md", OLDER))


def test_exception_the_newest_states_is_not_written_again(composed):
    """Carried for its phone, without the exception the newest states (failed before:
    written whole, the own-physio rule twice)."""
    assert "0114 496 0731" in composed.text
    assert "has asked for their own physio" not in composed.text
    e = entry(composed, "Riverside Minor Injuries")
    assert e.status == "carried"
    assert e.written is not None and e.written.endswith("Riverside Minor Injuries, 0114 496 0731.")
