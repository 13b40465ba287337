"""A carried older unit is homed by its own meaning (issue 18 item 3, round 18c): an
older section some of whose lines another section of the newest replaced is not that
section's older version for the lines that remain, when a section of the newest speaks
of those; a section's meaning is every unit it holds (table rows too); the newest's
lead is no home for an older body section's line; a paragraph ending in ":" keeps
the block it leads in; an older intro line with no clear home stays in the intro.
Domains: a dog grooming salon, a mushroom farm, a soap-making workshop, a community
fridge."""

from __future__ import annotations

import pytest

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry, section_of

_REWORDED = "We charge £45 for a full groom, paid at collection. Clipping nails alone costs £10."
_SAME_WORDS = "A full groom is £45 per dog. Nail clipping on its own is £10."


def _salon(prices: str = _REWORDED):
    newest = dated(
        "grooming/salon-procedures-2026.md", "Salon procedures 2026", "salon-procedures-2026",
        "From March every dog is groomed on the new hydraulic table.\n\n"
        "## Prices\n\n"
        "| Service | Price |\n|---|---|\n| Full groom | £52 |\n| Nail clipping | £12 |\n\n"
        "A full groom is now £52 per dog. Nail clipping on its own is £12.\n\n"
        "## On the table\n\n"
        "1. Check the coat for matting and look for any sore or allergic skin.\n"
        "2. Bath the dog with the hypoallergenic shampoo and rinse twice.\n"
        "3. Dry on the low setting and brush out any matting before clipping.\n\n"
        "Dogs with a history of biting wear the soft muzzle for the whole groom.\n",
        modified="2026-03-02")
    older = dated(
        "grooming/salon-procedures.md", "Salon procedures", "salon-procedures",
        "How the Fernside grooming salon works.\n\n"
        "## Appointments\n\n"
        "Ask the owner about matting, sore patches and skin allergies when they book, "
        "at least 48 hours ahead, "
        "so the shampoo and clipping can be planned before the dog arrives.\n\n"
        f"{prices}\n\n"
        "Appointments are taken on the salon line, 01632 555 210.\n",
        modified="2025-04-10")
    return compose("merge", newest, [older])


def test_lines_that_remain_of_a_section_go_where_their_own_meaning_is() -> None:
    composed = _salon()
    text = composed.text
    assert entry(composed, "We charge £45").status == "superseded"
    assert entry(composed, "Ask the owner about matting").status == "carried"
    # its price lines were replaced under "## Prices": its booking question is no price
    # line; the section whose steps check matting and skin speaks of it
    assert section_of(text, "Ask the owner about matting") == "## On the table"
    check_ledger(composed)


def test_an_older_body_line_is_not_written_in_the_newest_lead() -> None:
    # price lines worded as the newest's align "## Appointments" with "## Prices" by
    # content; the line on the booking phone is near no section of the newest but the
    # lead's words: under its own heading, not as a second intro
    composed = _salon(_SAME_WORDS)
    assert entry(composed, "salon line, 01632 555 210").status == "carried"
    assert section_of(composed.text, "salon line, 01632 555 210") == "## Appointments"
    check_ledger(composed)


def _farm():
    newest = dated(
        "mushrooms/substrate-and-spawn-2026.md", "Substrate and spawn 2026",
        "substrate-and-spawn-2026",
        "We moved the oyster line onto pasteurised straw pellets this spring.\n\n"
        "## Sourcing\n\n"
        "| What | Supplier | Lead time |\n|---|---|---|\n"
        "| Straw pellets | Fernhill Mills | 5 days |\n"
        "| Oyster grain spawn | Mycelia Direct | 2 weeks |\n"
        "| Filter patch bags | Bagworks | 10 days |\n\n"
        "Order pellets in pallets of forty bags.\n\n"
        "## Room safety\n\n"
        "Wear an FFP2 mask in the fruiting room: oyster spores irritate the lungs. The CO2 "
        "alarm sounds above 1,500 ppm; open the vents before going in.\n",
        modified="2026-04-20")
    older = dated(
        "mushrooms/substrate-and-spawn.md", "Substrate and spawn", "substrate-and-spawn",
        "Where the growing inputs come from.\n\n"
        "## Who we buy from\n\n"
        "Fernhill Mills is a family mill near Ludlow; ask for Dai on 01632 960 415.\n\n"
        "Bagworks send a sample pack with every tenth order.\n",
        modified="2025-03-01")
    return compose("merge", newest, [older])


def test_a_section_means_its_table_rows_too() -> None:
    composed = _farm()
    assert entry(composed, "Fernhill Mills is a family mill").status == "carried"
    # the newest's table of suppliers is what "## Sourcing" speaks of
    assert section_of(composed.text, "Fernhill Mills is a family mill") == "## Sourcing"
    check_ledger(composed)


def _workshop():
    newest = dated(
        "soap/supplier-orders-2026.md", "Supplier orders 2026", "supplier-orders-2026",
        "Orders for the Brookside soap workshop.\n\n"
        "## Oils\n\n"
        "Olive and coconut oil come from Harbour Oils.\n\n"
        "Harbour Oils raised their prices in January and now sell by the drum size "
        "below:\n\n"
        "| Oil | Drum | Price |\n|---|---|---|\n"
        "| Olive pomace | 25 l | £96 |\n| Coconut | 20 kg | £71 |\n\n"
        "Oils are stored below 20°C, away from the lye shelf.\n",
        modified="2026-02-11")
    older = dated(
        "soap/supplier-orders.md", "Supplier orders", "supplier-orders",
        "Orders for the Brookside soap workshop.\n\n"
        "## Oils\n\n"
        "Olive and coconut oil come from Harbour Oils.\n\n"
        "Harbour Oils deliver on Wednesdays to the trade account HO-3318.\n",
        modified="2025-02-11")
    return compose("merge", newest, [older])


def test_nothing_is_written_between_a_lead_in_and_its_table() -> None:
    composed = _workshop()
    assert entry(composed, "trade account HO-3318").status == "carried"
    lines = composed.text.splitlines()
    lead_in = next(k for k, ln in enumerate(lines) if ln.endswith("drum size below:"))
    assert lines[lead_in + 1] == "" and lines[lead_in + 2].startswith("| Oil |")
    check_ledger(composed)


@pytest.mark.parametrize("line", [
    "Everything anyone leaves, from a loaf to a tray of 30 yoghurts, is shared the same way.",
    "The fridge was bought in 2023 for £650 with a grant from the ward council.",
])
def test_an_older_intro_line_with_no_clear_home_stays_in_the_intro(line: str) -> None:
    newest = dated(
        "fridge/community-fridge-2026.md", "Community fridge 2026", "community-fridge-2026",
        "The Elm Street community fridge is open to anyone, every day from 8:00 to "
        "20:00.\n\n## Stocking\n\nVolunteers stock the fridge each morning with surplus "
        "from the Co-op and the bakery.\n\nNothing past its use-by date goes in.\n\n"
        "## Cleaning\n\nThe fridge is wiped down every Friday with food-safe spray, and "
        "the temperature log is checked.\n",
        modified="2026-01-10")
    older = dated(
        "fridge/community-fridge.md", "Community fridge", "community-fridge",
        f"{line}\n\n## Stocking\n\nVolunteers stock the fridge each morning with "
        "surplus from the Co-op.\n",
        modified="2025-01-10")
    composed = compose("merge", newest, [older])
    assert entry(composed, line[:30]).status == "carried"
    # no unit of "## Stocking" speaks of it (a loaf, a date and a price are no
    # stocking rule): it introduces the note, in the lead
    assert section_of(composed.text, line[:30]) == "# Community fridge 2026"
    check_ledger(composed)
