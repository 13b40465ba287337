"""Issue 18, "every current fact stated" (round 25, pass_dropped_sections): a line of a
section the newest dropped is superseded by a newest line naming another holder of its
role, but not by one naming the same party ("Ask Bounceabout for a quote" does not
replace "Our contact there is Dana Kerr (dana@bounceabout.example)": it speaks of
Bounceabout, not of another contact). On the dev sets that reading lost a supplier's
contact in three groups ("Clayworks rep: Janelle Ortiz" under a Clayworks price row,
"Our contact there is Theo Brandt (theo@propworks.example)" under "Ask PropWorks for a
quote"). The rule is pinned on those shapes; the note below is carried on the code
before too (the older line is not reached there), so it guards the whole path only.
Domain: a bouncy castle hire firm (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merge import ENGLISH
from review_app.core.merge.pass_dropped_sections import same_party
from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = note("bouncy/suppliers.md", fm("Castle suppliers", "2025-03-01") + (
    "## Castles\n\nCastles are hired in for the summer fairs.\n\n"
    "## Vendor\n\nThe castles are made by Bounceabout Hire. Our contact there is Dana Kerr "
    "(dana@bounceabout.example). The blower is under warranty until 2025-10-31. The part "
    "we think is failing is the BL-40 fan motor; Dana said they keep spares in stock.\n"))

NEWER = note("bouncy/suppliers-2026.md", fm("Castle suppliers 2026", "2026-03-01") + (
    "## Castles\n\nCastles are hired in for the summer fairs and the school fete.\n\n"
    "## Follow-up\n\n- [x] Fan motor replaced and tested\n"
    "- [ ] Ask Bounceabout for a quote on a spare fan motor to keep on site\n"))


def test_a_line_naming_the_same_party_is_no_other_holder():  # failed before
    c = compose("merge", NEWER, [OLDER], now=NOW)
    e = entry(c, "Dana Kerr")
    assert e.status == "carried", e
    assert "Our contact there is Dana Kerr (dana@bounceabout.example)." in c.text
    check_ledger(c)


def test_a_line_naming_the_same_party_speaks_of_it():  # failed before (no such reading)
    assert same_party("Our contact there is Dana Kerr (dana@bounceabout.example).",
                      "Ask Bounceabout for a quote on a spare fan motor", ENGLISH)
    assert same_party("Bounceabout rep: Dana Kerr, 07700 900 123.",
                      "Bounceabout Hire | £120 | £40", ENGLISH)
    # another supplier in its place is no party of the older line, nor is a word
    # opening a sentence ("After a launch failure, call ..." / "... after any failure")
    assert not same_party("Still Ribbon Depot.",
                          "Ribbons: Bounce Ribbons, £5.80 per spool. The old supplier closed.",
                          ENGLISH)
    assert not same_party("Phone Maureen Tully after any launch failure.",
                          "After a launch failure, call the safety officer, Dev Sandhu.", ENGLISH)
