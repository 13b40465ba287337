"""Issue 18, "sentences are written whole" (round 30, pass_trimmed._own_clauses): an
older line's later clause the newest does not say was written alone when the newest
said the rest. Two ways that left a fragment or a repeat (merge-BQ's readers): the
newest "said" the first clause only by a shorter line ("- [ ] Tasting spoons" for
"Tasting spoons are single use; the health inspector checks.": alone, "The health
inspector checks." had lost what it checks), and the clause was already in a line
carried whole from another version ("The door lock stays engaged." under "Never unplug
a washer mid-cycle; the door lock stays engaged and the customer's clothes get
trapped."). Domain: a copy shop (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)


def test_a_clause_is_not_written_alone_when_the_newest_says_only_part_of_the_rest():
    older = note("copy/counter.md", fm("Copy shop counter routine", "2025-03-01") + (
        "## Opening\n"
        "- [x] Colour laser switched on\n"
        "- [x] Paper trays filled\n\n"
        "## Rules\n"
        "- Proof copies are free of charge; the duty manager checks.\n"
        "- Prices must be shown on the counter board, not just online.\n"))
    newer = note("copy/counter-2026.md", fm("Copy shop counter routine 2026", "2026-01-15") + (
        "Only the high street shop opens on Sundays now.\n\n"
        "## Opening\n"
        "- [x] Colour laser and wide-format plotter switched on\n"
        "- [x] Paper trays filled\n"
        "- [ ] New counter price board (old one scratched)\n"
        "- [ ] Proof copies\n"))
    c = compose("merge", newer, [older], now=NOW)
    line = entry(c, "Proof copies are free of charge")
    assert "The duty manager checks." not in c.text  # failed before: the fragment
    assert "Proof copies are free of charge; the duty manager checks." in c.text, line
    assert line.status == "carried" and not line.written, line
    check_ledger(c)


def test_a_clause_another_carried_line_says_is_not_written_again():
    v1 = note("copy/binding.md", fm("Binding service", "2025-01-10") + (
        "## Binding\n"
        "Never open the thermal binder mid-cycle; the heating plate stays live and the "
        "spine glue burns fingers.\n"))
    v2 = note("copy/binding-v2.md", fm("Binding service v2", "2025-06-01") + (
        "## Binding\n"
        "Thermal binding takes 40 seconds a book.\n\n"
        "## Safety\n"
        "- Never open the thermal binder mid-cycle; the heating plate stays live.\n"))
    newest = note("copy/binding-2026.md", fm("Binding service 2026", "2026-02-01") + (
        "## Binding\n"
        "Thermal binding takes 30 seconds a book.\n"))
    c = compose("merge", newest, [v2, v1], now=NOW)
    assert c.text.lower().count("the heating plate stays live") == 1, c.text  # failed before
    assert "the spine glue burns fingers" in c.text  # v1's fuller line, carried whole
    check_ledger(c)
