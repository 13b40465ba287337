"""The newest's `status:` key closes an older draft's stage even where no line of its
body says so (pass_one_valued.earlier_stage): merge-BK kept "[status] Draft, fees to be
confirmed at council meeting" under a newest note whose key says "approved". An older
line giving a fact of its own stays. Domain: a mobile disco, which no other test uses."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, entry, note


def _note(path: str, title: str, status: str, modified: str, body: str):
    return note(path, f"---\ntitle: {title}\nstatus: {status}\nmodified: {modified}\n---\n\n"
                      f"# {title}\n\n{body}")


def test_the_status_key_closes_a_draft() -> None:  # failed before (carried)
    older = _note("mobile-disco/booking.md", "Disco booking terms", "draft", "2024-03-01",
                  "How parties book the disco.\n\n## Terms\n\n- Deposit: £50 on booking.\n"
                  "- The van needs a 3 metre wide gate.\n\n"
                  "## Observations\n\n- [status] Draft, prices to be confirmed at the "
                  "owners' meeting #draft\n")
    newest = _note("mobile-disco/booking-2024.md", "Disco booking terms 2024", "approved",
                   "2024-06-01", "How parties book the disco this summer.\n\n## Terms\n\n"
                   "- Deposit: £80 on booking.\n")
    composed = compose("merge", newest, [older])
    e = entry(composed, "Draft, prices to be confirmed")
    assert e.status == "dropped" and "approved" in e.why
    assert "prices to be confirmed" not in composed.text
    assert entry(composed, "The van needs a 3 metre wide gate").status == "carried"
    check_ledger(composed)
