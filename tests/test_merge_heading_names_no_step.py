"""A heading ending in a step noun over a numbered list ("## Launch rules" then "1. ...")
names no step by number: read across the line break as "rules 1", it kept a carried
run's old numbers ("2." and "4." alone under their heading: merge-EU's sea glass
collecting rules, which a blind reader faulted). Steps named in a line ("see rule 3")
still keep theirs. Domain: a sand yacht club."""

from __future__ import annotations

import datetime as dt
import re

from review_app.core.merge.lexicon import ENGLISH
from review_app.core.merge.step_numbers import step_named
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated

NOW = dt.datetime(2026, 11, 2, 9, 0)

NEWEST = ("How we sail on the beach, from March 2026.\n\n"
          "## Before sailing\n\n"
          "Every yacht is checked by the beach marshal. Helmets are worn at all times.\n")
OLDER = ("How we sail on the beach.\n\n"
         "## Launch rules\n\n"
         "1. Every yacht is checked by the beach marshal.\n"
         "2. Launch only below the high-water line, never in the dunes.\n"
         "3. Helmets are worn at all times.\n"
         "4. Give way to walkers and horses on the slipway.\n")


def test_a_heading_over_a_list_names_no_step():
    assert not step_named(ENGLISH).search("## Launch rules\n\n1. Every yacht")
    assert step_named(ENGLISH).search("Beginners skip rule 3 on their first day.")


def test_a_carried_run_under_its_heading_is_numbered_from_one():
    newer = dated("sandyacht/sailing-2026.md", "Sailing on the beach 2026", "sailing-2026",
                  NEWEST, modified="2026-03-01")
    older = dated("sandyacht/sailing.md", "Sailing on the beach", "sailing", OLDER,
                  modified="2025-03-01")
    c = compose("merge", newer, [older], now=NOW)
    carried = re.findall(r"(?m)^(\d+)\. (Launch only|Give way)", c.text)
    assert carried == [("1", "Launch only"), ("2", "Give way")], c.text
    check_ledger(c)
