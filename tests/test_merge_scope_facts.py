"""Still-true scope facts only an older note holds (issue 18 item 4): where, for whom,
which farm. The newest omitting them has not changed them; a careful reader counts each
one missing as LOST (merge-AH: "the Oxfordshire and north Bucks round", "Cotswold Edge
Lavender")."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def _lead(text: str) -> str:
    """The newest's lead as written: the prose between the title and the first heading."""
    body = text.split("\n# ", 1)[1]
    return body.split("\n## ", 1)[0]


def test_an_older_intro_naming_where_the_note_applies_is_carried_into_the_lead() -> None:
    newer = dated("cress/bed-flooding-2026.md", "Watercress bed flooding (2026 revision)",
                  "cress-bed-flooding-2026",
                  "Revised after the dry August, when two beds ran short of water.\n\n"
                  "## Flooding\n\n"
                  "Open the sluice a quarter turn at a time until the depth gauge reads "
                  "40 mm.\n\n## Cutting\n\nCut by hand from the downstream end; bunches "
                  "go to the packing shed within the hour.\n", modified="2026-09-01")
    older = dated("cress/bed-flooding.md", "Watercress bed flooding", "cress-bed-flooding",
                  "How we flood and cut the spring-fed beds at Ashwell Bottom in the Test "
                  "valley.\n\n## Flooding\n\nOpen the sluice a quarter turn at a time until "
                  "the depth gauge reads 30 mm.\n\n## Cutting\n\nCut by hand from the "
                  "downstream end; bunches go to the packing shed within the hour.\n",
                  modified="2025-09-01")
    composed = compose("merge", newer, [older])
    e = entry(composed, "Ashwell Bottom")
    assert (e.status, e.held) == ("carried", False)
    # a fact of the whole note's subject: in the lead, not in a body section
    assert "at Ashwell Bottom in the Test valley." in _lead(composed.text)
    assert "30 mm" not in composed.text
    check_ledger(composed)
    dropped = compose("merge", newer, [older], choices={e.key: "drop"})
    assert "Ashwell Bottom" not in dropped.text
