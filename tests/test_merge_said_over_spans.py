"""A version telling that a thing closed speaks for the versions before it unless it
says the closure lasts a while (pass_said_over, ended.for_a_while): a span word
("summer", "winter", "repairs") says a while only after for/over/through, as a
handover reads it. Before, any span word anywhere kept the closure temporary, so the
oldest version's café line was carried after the middle one said "The café closed down
in the summer of 2024". Domain: a lighthouse museum."""

from __future__ import annotations

from helpers_merge import entry, fm, merged, note

FIRST = note("lighthouse/visiting.md", fm("Visiting the lighthouse", "2024-01-10") + """\
## Visiting

- Tower tours: 10am-4pm daily, £6
- Café: soup and cakes from Trevose Bakery, run by volunteers
- Gift shop: in the keeper's cottage
""")

NEWEST = note("lighthouse/visiting-2026.md", fm("Visiting the lighthouse 2026",
                                               "2026-03-01") + """\
## Visiting

- Tower tours: 10am-5pm daily, £7
- Gift shop: in the keeper's cottage
""")


def _middle(said: str):
    return note("lighthouse/visiting-2025.md", fm("Visiting the lighthouse 2025",
                                                 "2025-02-01") + f"""\
## Visiting

- Tower tours: 10am-4pm daily, £6
- Gift shop: in the keeper's cottage

{said}
""")


def test_a_closure_dated_by_its_season_is_for_good():
    c = merged(NEWEST, _middle("The café closed down in the summer of 2024."), FIRST)
    assert entry(c, "Café: soup and cakes").status != "carried", entry(c, "Café: soup and cakes")
    assert "Café: soup and cakes" not in c.text


def test_a_closure_for_the_season_ends_nothing():
    c = merged(NEWEST, _middle("The café is closed for the winter while the kitchen is "
                               "refitted."), FIRST)
    assert entry(c, "Café: soup and cakes").status == "carried"
