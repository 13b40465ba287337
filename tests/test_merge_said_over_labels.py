"""A line labelled for one thing gives no other value of another thing's line
(said_measures.measured_otherwise, facts.labels_apart): before, "Café: 11am-3pm daily"
was superseded by the newest's "Tower tours: 10am-5pm daily", both being hours of a
day, and the café's still-true hours were lost. Domain: a lighthouse museum."""

from __future__ import annotations

from helpers_merge import entry, fm, merged, note

OLDER = note("lighthouse/opening.md", fm("Lighthouse opening", "2024-01-10") + """\
## Opening

- Tower tours: 10am-4pm daily, £6
- Café: 11am-3pm daily, run by volunteers
- Gift shop: in the keeper's cottage
""")

NEWEST = note("lighthouse/opening-2026.md", fm("Lighthouse opening 2026", "2026-03-01") + """\
## Opening

- Tower tours: 10am-5pm daily, £7
- Gift shop: in the keeper's cottage
""")


def test_another_things_hours_are_no_new_hours_of_this_one():
    c = merged(NEWEST, OLDER)
    assert entry(c, "Café: 11am-3pm").status == "carried", entry(c, "Café: 11am-3pm")
    assert "- Café: 11am-3pm daily, run by volunteers" in c.text
    # the thing the newest did give new hours stays replaced
    assert entry(c, "Tower tours: 10am-4pm").status == "superseded"
    assert "10am-4pm" not in c.text
