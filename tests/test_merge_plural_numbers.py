"""Issue 18 (m20a, STALE): a letter glued to a number counts nothing ("under-12s",
"the 1990s"): it is no thing the newest left unspoken. Before, "under-12s" read as a
count of "s", so an older price sentence the newest replaced ("Taster sessions are now
free for everyone") was brought back as a still-true count and written beside the
newest's. Domain: an axe throwing venue (no other test uses it); real parser, real model.
The test marked so failed before."""

from __future__ import annotations

import datetime as dt

from helpers_merge import body, entry, fm, merged, note

NOW = dt.datetime(2026, 5, 1, 12, 0, 0)
OLDER = "A taster session costs £8 per person and is free for under-12s and carers."


def test_a_plural_number_is_no_unspoken_count() -> None:  # failed before
    o = note("axes/tasters.md", fm("Taster sessions", "2025-01-01") + (
        "How the Crag End axe throwing venue runs taster sessions.\n\n## Prices\n\n"
        f"{OLDER} Book at the front desk.\n\n"
        "## Observations\n\n- [fee] Taster session costs £8 per person #prices\n"))
    n = note("axes/tasters-2026.md", fm("Taster sessions 2026", "2026-02-01") + (
        "How the Crag End axe throwing venue runs taster sessions this year.\n\n## Prices\n\n"
        "Taster sessions are now free for everyone. Book at the front desk.\n\n"
        "## Observations\n\n- [fee] Taster sessions free for everyone #prices\n"))
    c = merged(n, o, now=NOW)
    assert "£8" not in body(c.text)
    assert entry(c, OLDER[:20]).status != "carried"
