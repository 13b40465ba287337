"""A bold label alone over a list ("**Machines**") is a heading by another name
(pass_lead_in): written without its list it labels nothing. merge-FG's closing checklist
wrote "**Machines**" and "**Office and building**" with nothing under them once the
newest's steps had settled their lists. Domain: a trampoline park, which no
other merge test uses."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, dated, entry

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 7, 9, 0)

NEWEST = """How to close the trampoline park at night.

## Closing
- Switch the foam-pit blowers off at the wall panel.
- Empty the coin boxes into the safe in the back office.
- Check every trampoline bed for tears.
- Lock the front door and set the alarm.
"""


def _merge(older_body: str, **kw):
    older = dated("trampoline/closing-old.md", "Closing the trampoline park",
                  "trampoline/closing-old", older_body, modified="2025-03-01")
    newest = dated("trampoline/closing.md", "Closing the trampoline park at night",
                   "trampoline/closing", NEWEST, modified="2026-03-01")
    return compose("merge", newest, [older], kept=newest, now=NOW, **kw)


SETTLED = """How to close the trampoline park.

**Machines**

- Switch the foam-pit blowers off at the wall panel.
- Empty the coin boxes into the safe in the back office.
"""


def test_a_label_over_a_list_the_newest_settled_is_not_written():
    c = _merge(SETTLED)
    assert "**Machines**" not in c.text, c.text  # failed before: a label over nothing
    e = entry(c, "**Machines**")
    assert e.status == "dropped" and e.flips == ("carry", "drop"), e
    check_ledger(c)


def test_a_label_goes_with_its_list_when_the_list_is_carried():
    c = _merge("""How to close the trampoline park.

**Grip socks**

- Restock the grip-sock vending machine with sizes 3 to 8.
- Put lost grip socks in the blue crate under the counter.
""")
    for item in ("sizes 3 to 8", "blue crate"):
        assert entry(c, item).status == "carried", entry(c, item)
    assert entry(c, "**Grip socks**").status == "carried", entry(c, "**Grip socks**")
    assert c.text.index("**Grip socks**") < c.text.index("sizes 3 to 8"), c.text
    check_ledger(c)
