"""Whom the newest replaced in a role and never names is gone from the note (issue 18:
"newer values replacing older ones"; pass_replaced_holders): once "Glass supplier:
Clearview Glazing" gives way to another supplier, an older line naming Clearview
("Clearview Glazing cuts our glass to size.") is superseded, not written beside the new
supplier (merge-BF g05 kept "Boots Hillcrest supplies our monthly cycle." under "We
changed to Hillcrest Pharmacy"). A thing the newest says has closed is gone too
("The Saturday clinic has closed": an older line on who runs it goes, merge-BF g13).
Domains: a picture framer and a roller rink, which no other test uses."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def test_a_replaced_holder_the_newest_never_names_is_gone() -> None:  # failed before
    older = dated("framer/suppliers.md", "Framing suppliers", "framer-suppliers",
                  "## Glass\n- Glass supplier: Clearview Glazing\n\n"
                  "Clearview Glazing cuts our glass to size. Orders go in by Tuesday "
                  "noon.\n\n"
                  "## Mouldings\n- Moulding supplier: Arqadia\n",
                  modified="2025-01-15")
    newest = dated("framer/suppliers-2025.md", "Framing suppliers 2025",
                   "framer-suppliers-2025",
                   "## Glass\n- Glass supplier: Brightpane Ltd\n\n"
                   "We moved our glass account in August.\n\n"
                   "## Mouldings\n- Moulding supplier: Arqadia\n",
                   modified="2025-09-01")
    composed = compose("merge", newest, [older])
    assert entry(composed, "Glass supplier: Clearview Glazing").status == "superseded"
    assert entry(composed, "Clearview Glazing cuts our glass").status == "superseded"
    assert "Clearview" not in composed.text
    assert "Brightpane Ltd" in composed.text
    check_ledger(composed)


def test_a_thing_the_newest_says_has_closed_is_gone() -> None:  # failed before
    older = dated("roller-rink/sessions.md", "Rink sessions", "rink-sessions",
                  "## Sessions\n- Friday disco: 7pm to 9pm\n- Sunday family skate: "
                  "10am to noon\n\n"
                  "Marta Silva runs the Sunday family skate on a self-employed basis and "
                  "pays the hall rent monthly.\n",
                  modified="2025-02-01")
    newest = dated("roller-rink/sessions-autumn.md", "Rink sessions (autumn)",
                   "rink-sessions-autumn",
                   "New timetable from October. The Sunday family skate has closed, so the "
                   "small hall is now the store room.\n\n"
                   "## Sessions\n- Friday disco: 7pm to 10pm\n",
                   modified="2025-09-20")
    composed = compose("merge", newest, [older])
    assert entry(composed, "Sunday family skate: 10am").status == "superseded"
    assert entry(composed, "Marta Silva runs the Sunday family skate").status \
        in ("superseded", "dropped")
    assert "Marta Silva" not in composed.text
    check_ledger(composed)
