"""pass_lead supersedes an older version's intro by the newest's lead; the sentences
after an older lead's first say things of their own ("Helmets must stay on ...",
"No bumping ...") that no newest lead sentence says over, so they are carried (the
pass superseded every fact-free older lead sentence, rules included, by whichever
newest lead sentence was nearest, however far)."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, entry, fm, note

_NEWER = (fm("Karting track sessions", "2026-05-01")
          + "Revised after the spring review. Sessions now start at 11:00.\n\n"
          "## Karts\n\n- Junior karts are the blue ones\n")
_OLDER = (fm("Karting track sessions", "2026-01-01")
          + "How a session on the karting track works. Drivers must keep their helmets "
          "on until the kart has stopped in the pit lane. No bumping on the hairpin "
          "bend.\n\n## Karts\n\n- Junior karts are the blue ones\n")


def test_rules_after_an_older_intro_are_carried() -> None:
    c = compose("merge", note("track/sessions.md", _NEWER),
                [note("track/sessions-old.md", _OLDER)])
    check_ledger(c)
    for rule in ("Drivers must keep their helmets on until the kart has stopped in the "
                 "pit lane.", "No bumping on the hairpin bend."):
        assert entry(c, rule).status == "carried", entry(c, rule).why
        assert rule in c.text
    assert "Revised after the spring review." in c.text
