"""A thing the newest says was retired is gone (issue 18, merge-J: "the paper loans book
was retired" over "recorded in the loans book"): an older unit that states it as current
is superseded, named by its head words; a retired person is still read as a person."""

from __future__ import annotations

from review_app.core.merge.ended import ended
from review_app.core.merge.lexicon import ENGLISH
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def test_an_older_rule_naming_a_retired_thing_is_superseded() -> None:
    newer = dated("makerspace/tool-shed-2026.md", "Makerspace tool library (2026)",
                  "tool-shed-2026",
                  "How members borrow from the shared tool shed.\n\n"
                  "## Borrowing\n\n- Tools are now booked in the GardenKit app; the paper "
                  "shed ledger was retired.\n- The shed is open 08:00-20:00.\n",
                  modified="2026-03-01")
    older = dated("makerspace/tool-shed.md", "Makerspace tool library", "tool-shed",
                  "How members borrow from the shared tool shed.\n\n"
                  "## Borrowing\n\n- Borrowed tools are written in the shed ledger with "
                  "the borrower's member number.\n- The shed is open 08:00-20:00.\n"
                  "- Strimmers are only lent to members with a safety briefing.\n",
                  modified="2025-04-01")
    c = compose("merge", newer, [older])
    check_ledger(c)
    assert "written in the shed ledger" not in c.text
    e = entry(c, "written in the shed ledger")
    assert e.status == "superseded" and "retired" in (e.by_text or "")
    assert "Strimmers are only lent" in c.text  # a rule the retirement does not touch


def test_a_retired_person_is_not_a_retired_thing() -> None:
    (person,) = ended("Margaret Oduya retired in May.", ENGLISH)
    assert person.person and person.kind == "gone"
    assert ended("The register was kept until she retired.", ENGLISH) == ()
