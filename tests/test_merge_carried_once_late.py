"""A line two older versions both hold is written once, also when a late pass carries
it (issue 18: every fact once). pass_once carries such a line from the newer version
only; alone_facts (pass_carry) may later carry an older line the newest rewrote, and
did so for both copies, so the merged note stated it twice."""

from __future__ import annotations

from helpers_merge import check_ledger, fm, note

from review_app.core.merging import compose

OLDEST = fm("Party Orders", "2024-08-22", created="2024-08-20") + """\
Large takeaway orders for parties at the Spice Lantern curry house.

## Menu
| Dish | Price |
|---|---|
| Chicken tikka masala tray (serves 10) | £45 |
| Vegetable biryani tray (serves 10) | £38 |
| Onion bhaji platter (40 pieces) | £22 |

## Terms
- Minimum order 20 portions.
- 25% deposit when ordering; balance due on collection.
- An allergen sheet goes out with every order.
"""

MIDDLE = fm("Party Order Prices 2025", "2025-07-15", created="2025-07-14") + """\
Prices went up with the new rice supplier.

## Prices
- Chicken tikka masala tray (serves 10): £48
- Vegetable biryani tray (serves 10): £40
- Onion bhaji platter (40 pieces): £22

## Payment
- VAT included in all prices.
- 25% deposit when ordering; balance due on collection.
"""

NEWEST = fm("Party Orders 2026", "2026-03-10", created="2026-03-02") + """\
## Trays
| Tray (serves 10) | Price |
|---|---|
| Chicken tikka masala | £52 |
| Vegetable biryani | £42 |

## Ordering
Pay a third of the total when ordering; the balance is due on collection.
"""


def test_a_line_two_older_versions_hold_is_written_once():
    newest = note("curry/party-orders-2026.md", NEWEST)
    olds = [note("curry/party-orders.md", OLDEST),
            note("curry/party-order-prices-2025.md", MIDDLE)]
    composed = compose("merge", newest, olds)
    deposit = "25% deposit when ordering; balance due on collection."
    # got (before): the line under "## Ordering" and again under "## Terms"
    assert composed.text.count(deposit) <= 1, composed.text
    entries = [e for e in composed.ledger.entries if e.text.endswith(deposit)]
    assert len(entries) == 2
    assert [e.status for e in entries].count("carried") <= 1, [(e.status, e.why) for e in entries]
    check_ledger(composed)


def test_two_near_lines_of_one_note_are_two_lines():
    """From a review: "carried once" is for one line two versions hold. Two lines of one
    note that differ by a name and a value ("Room 1 ..." / "Room 2 ...") are both written."""
    older = note("curry/function-rooms.md", fm("Function Rooms", "2025-04-02") + """\
## Rooms
- Room 1 seats 40 guests and has the bar.
- Room 2 seats 40 guests and has the bar.

## Booking
- Book function rooms through the manager.
""")
    newest = note("curry/function-rooms-2026.md", fm("Function rooms 2026", "2026-01-15") + """\
## Booking
- Book function rooms through the manager.
""")
    composed = compose("merge", newest, [older])
    # got (before): only "Room 1 ..."; "Room 2 ..." was "present, carried from" its own note
    assert "Room 1 seats 40 guests" in composed.text, composed.text
    assert "Room 2 seats 40 guests" in composed.text, composed.text
    check_ledger(composed)
