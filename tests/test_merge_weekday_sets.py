"""Issue 18 (m20a, STALE): a set of days of the week is one value, as an hour is
("Days: Tuesday, Friday and Saturday" / "open on Friday and Saturday only"): when the
newest drops the older section and states another set of days elsewhere, the older
set is superseded, not carried beside the newest's. Before, days were no value of any
kind pass_dropped_sections compared, so the older list was written under the new
schedule. Domain: a men's shed (no other test uses it); real parser, real model. The
test marked so failed before."""

from __future__ import annotations

import datetime as dt

from helpers_merge import body, entry, fm, merged, note

NOW = dt.datetime(2026, 5, 1, 12, 0, 0)
OLDER = "- Days: Tuesday, Friday and Saturday"
NEWER = ("The shed opens on Friday and Saturday only, from 09:30 to 13:00. Tuesday "
         "sessions stopped when the church hall was sold.")


def _notes():
    o = note("menshed/sessions.md", fm("Shed sessions", "2025-01-01") + (
        "How the Millbrook men's shed runs its sessions.\n\n## Opening\n\n"
        f"{OLDER}\n- Hours: 09:00 to 12:30\n\n## Members\n\n"
        "Members sign in at the tool wall.\n"))
    n = note("menshed/sessions-2026.md", fm("Shed sessions 2026", "2026-02-01") + (
        "How the Millbrook men's shed runs its sessions this year.\n\n## Visiting\n\n"
        f"{NEWER}\n\n## Members\n\nMembers sign in at the tool wall.\n"))
    return o, n


def test_another_set_of_days_supersedes_the_older_list() -> None:  # failed before
    o, n = _notes()
    c = merged(n, o, now=NOW)
    assert "Tuesday, Friday" not in body(c.text)
    assert NEWER in c.text
    assert entry(c, OLDER[:12]).status == "superseded"


def test_the_same_set_of_days_said_again_is_no_other_value() -> None:
    o, _ = _notes()
    n = note("menshed/sessions-2026.md", fm("Shed sessions 2026", "2026-02-01") + (
        "How the Millbrook men's shed runs its sessions this year.\n\n## Visiting\n\n"
        "The shed opens on Tuesday, Friday and Saturday, from 09:00 to 12:30.\n\n"
        "## Members\n\nMembers sign in at the tool wall.\n"))
    c = merged(n, o, now=NOW)
    assert entry(c, OLDER[:12]).status != "superseded"
