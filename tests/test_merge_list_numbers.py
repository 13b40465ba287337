"""A step's or item's own number is its place in its list, no value it states
(facts.list_number, pass_verdicts): merge-BK reported "2. Blender jars soak 10 minutes
in hot soapy water" as superseded by "- [ ] 3. Wash the blender jars", as if 3 were a
new value of 10 minutes; it is the older version of that step, held back with its block
for the person to carry. Domain: a noodle bar, which no other test uses."""

from __future__ import annotations

from review_app.core.merge.facts import list_number
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def test_a_list_number_reads() -> None:  # failed before (no such reading)
    assert list_number("3. Wash the woks.") == {"n:3"}
    assert list_number("- [ ] 12) Wash the woks.") == {"n:12"}
    assert list_number("Wash the woks 3 times.") == frozenset()


def test_a_step_is_no_other_value_of_an_older_step() -> None:  # failed before
    older = dated("noodle-bar/close.md", "Noodle bar close down", "noodle-bar-close-down",
                  "## Steps\n\n1. Drain the stock pots.\n2. Woks soak 10 minutes in hot "
                  "soapy water, then rinse and dry on the rack.\n3. Wipe the pass.\n",
                  modified="2024-02-01")
    newest = dated("noodle-bar/close-2024.md", "Noodle bar close down 2024",
                   "noodle-bar-close-down-2024",
                   "## Nightly checklist\n\n- [ ] 1. Drain the stock pots.\n"
                   "- [ ] 2. Sweep behind the fryers.\n"
                   "- [ ] 3. Wash the woks and dry on the rack.\n- [ ] 4. Wipe the pass.\n",
                   modified="2024-08-01")
    composed = compose("merge", newest, [older])
    e = entry(composed, "2. Woks soak 10 minutes")
    assert e.status != "superseded", e.why
    check_ledger(composed)
