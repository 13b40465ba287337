"""Issue 18, "every fact accounted for" (round 32, pass_blocks and pass_render): a
table row naming its thing in its first cell is the older version of the newest row
naming the same thing, never of a row of the same shape. merge-BY's price board lost
"| Cast iron | £150 | |" as a version of "| Light iron / mixed steel | £120 | |", and
"| Copper #2 (mixed) | £5,850 |" to "| Clean copper (bright wire) | £6,850 |" (a
first cell with a figure named nothing). A row no newest row or line names is a fact
only the older board has: carried, and under the same header it goes on at the end of
the newest's table rather than under "Also from an earlier version:". A newest row no
older row names may be the older row's rewording ("| Weekdays |" / "| Mon-Fri |"):
then it is held back as before, for the person to settle.
Domain: a film society (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import entry, fm, merged, note

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = fm("Film society ticket prices", "2025-01-10") + (
    "## Prices\n\n"
    "| Ticket | Price | Notes |\n|---|---|---|\n"
    "| Full member | £4 | |\n"
    "| Guest of member | £6 | |\n"
    "| Screen 2 matinee | £3 | Sundays |\n"
    "| Student | £3 | card shown at the door |\n")

NEWER = fm("Film society prices 2026", "2026-01-10") + (
    "Prices from January.\n\n"
    "## Prices\n\n"
    "| Ticket | Price | Notes |\n|---|---|---|\n"
    "| Full member | £5 | |\n"
    "| Student | £3 | card shown at the door |\n")


def test_a_row_is_the_older_version_only_of_the_row_naming_its_thing():
    c = merged(note("films/prices-2026.md", NEWER), note("films/prices.md", OLDER), now=NOW)
    assert entry(c, "Full member | £4").status == "superseded"
    assert "| Guest of member | £6 | |" in c.text  # failed before: held back
    assert "| Screen 2 matinee | £3 | Sundays |" in c.text  # failed before
    assert "Also from an earlier version" not in c.text
    table = [ln for ln in c.text.splitlines() if ln.startswith("|")]
    assert table[-2:] == ["| Guest of member | £6 | |", "| Screen 2 matinee | £3 | Sundays |"]


def test_a_row_under_a_reworded_header_goes_on_in_the_newest_columns():
    # (round 37, pass_rows: it kept a table of its own under "Also from an earlier
    # version:", which readers named a patch)
    older = OLDER.replace("| Ticket | Price | Notes |\n|---|---|---|\n",
                          "| Ticket | Cost | Door |\n|---|---|---|\n")
    c = merged(note("films/prices-2026.md", NEWER), note("films/prices.md", older), now=NOW)
    assert "Also from an earlier version" not in c.text
    table = [ln for ln in c.text.splitlines() if ln.startswith("|")]
    assert table[-2:] == ["| Guest of member | £6 | |", "| Screen 2 matinee | £3 | Sundays |"]


def test_a_reworded_qualifier_or_a_short_day_is_the_same_row():
    """merge-BZ (round 32's final set) wrote "| Full valet (by appointment) | £60 |"
    beside the newest's "| Full valet (booked) | £65 |", and an old rota's "| Mon-Fri |
    ..." beside "| Monday-Friday | ...": a parenthesis qualifies the thing it follows,
    and a first cell's "Mon" is Monday."""
    older = fm("Film society rota", "2025-01-10") + (
        "## Rota\n\n| Days | Projectionist |\n|---|---|\n"
        "| Mon-Fri | Dev Patel |\n| Sat | Rosa Lind |\n\n"
        "## Hire\n\n| Room | Price |\n|---|---|\n"
        "| Screen 1 (by arrangement) | £90 |\n| Bar (evenings) | £40 |\n")
    newer = fm("Film society rota 2026", "2026-01-10") + (
        "## Rota\n\n| Days | Projectionist |\n|---|---|\n"
        "| Monday-Friday | Kai Moss |\n| Saturday | Rosa Lind |\n\n"
        "## Hire\n\n| Room | Price |\n|---|---|\n"
        "| Screen 1 (booked ahead) | £110 |\n| Foyer | £25 |\n")
    c = merged(note("films/rota-2026.md", newer), note("films/rota.md", older), now=NOW)
    assert "Dev Patel" not in c.text  # failed before the fix: carried as another row
    assert "£90" not in c.text
    assert entry(c, "| Mon-Fri |").status != "carried"


def test_a_row_a_new_row_may_reword_is_held_back():
    newer = NEWER.replace("| Student | £3 |",
                          "| Screen 2 afternoon | £4 | Sundays |\n| Student | £3 |")
    c = merged(note("films/prices-2026.md", newer), note("films/prices.md", OLDER), now=NOW)
    matinee = entry(c, "| Screen 2 matinee")
    assert matinee.status != "carried", matinee
    assert "| Screen 2 matinee" not in c.text


def test_no_row_goes_under_a_total():
    older = fm("Film society festival budget", "2025-01-10") + (
        "## Budget\n\n| Item | Cost |\n|---|---|\n| Hall hire | £200 |\n"
        "| Licence fees | £150 |\n| Raffle prizes | £40 |\n| Total | £390 |\n")
    newer = fm("Film society festival budget 2026", "2026-01-10") + (
        "## Budget\n\n| Item | Cost |\n|---|---|\n| Hall hire | £220 |\n"
        "| Licence fees | £150 |\n| Total | £370 |\n")
    c = merged(note("films/budget-2026.md", newer), note("films/budget.md", older), now=NOW)
    assert "| Raffle prizes | £40 |" in c.text
    assert "| Total | £370 |\n| Raffle prizes" not in c.text
