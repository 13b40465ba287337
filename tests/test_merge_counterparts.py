"""An older block (table, procedure, list) is the older version of the newest note's
block that matches it by content, whatever its heading; what the newer version left
out is a carry-over candidate, not carried back; a fact only the older note has is
still carried. Domains no other merge test uses (ferry, glassblowing, orchestra,
kayak rental); each test fails on the engine before counterpart blocks."""

from __future__ import annotations

import datetime as dt

from helpers_merge import entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)


def test_a_table_under_a_renamed_heading_is_the_older_version_of_the_newest_table():
    older = note("ferry/fares.md", fm("Island ferry fares", "2024-03-01") + (
        "Fares for the Skerry Sound crossing.\n\n## Tiers\n\n"
        "| Ticket | Adult | Child |\n|---|---|---|\n"
        "| Single | £7.50 | £3.80 |\n| Return | £13.00 | £6.50 |\n| Season | £210 | £105 |\n"
        "\n## Terms\n\n- Bicycles travel free.\n- Dogs on a lead only.\n"))
    newer = note("ferry/fares-2025.md", fm("Island ferry fares 2025", "2025-03-01") + (
        "Fares for the Skerry Sound crossing from April 2025.\n\n## Fares\n\n"
        "| Fare | Adult | Child |\n|---|---|---|\n"
        "| Single | £8.20 | £4.10 |\n| Return | £14.40 | £7.20 |\n| Season | £210 | £105 |\n"
        "\n## Terms\n\n- Bicycles travel free.\n- Dogs on a lead only.\n"))
    c = compose("merge", newer, [older], now=NOW)  # "Tiers" looks like "Terms"
    assert "£7.50" not in c.text and "£13.00" not in c.text
    assert entry(c, "| Single | £7.50").status == "superseded"
    assert c.text.count("| Season |") == 1


def test_a_step_the_newer_procedure_dropped_is_not_carried_back():
    older = note("glass/booking.md", fm("Studio session booking", "2024-05-01") + (
        "How the Emberlight glassblowing studio books a hot-shop session.\n\n"
        "## Procedure\n\n1. Check the furnace rota for a free bench.\n"
        "2. Confirm the visitor signed the safety waiver.\n"
        "3. Take the £12 glory-hole fuel charge at the counter.\n"
        "4. Issue safety glasses and a leather apron.\n"
        "5. Log the session in the studio diary.\n"))
    newer = note("glass/booking-2025.md", fm("Studio session booking 2025", "2025-05-01") + (
        "How the Emberlight glassblowing studio books a hot-shop session, from May 2025.\n\n"
        "## Steps\n\n1. Check the furnace rota for a free bench.\n"
        "2. Confirm the visitor signed the safety waiver.\n"
        "3. Issue safety glasses and a leather apron.\n"
        "4. Log the session in the studio diary.\n\n"
        "Fuel is now included in the session price.\n"))
    c = compose("merge", newer, [older], now=NOW)
    e = entry(c, "£12 glory-hole fuel charge")
    assert e.status == "dropped" and "carry" in e.flips
    assert "left out by the newer version" in e.why
    assert "£12" not in c.text
    flipped = compose("merge", newer, [older], now=NOW, choices={e.key: "carry"})
    assert "£12 glory-hole fuel charge" in flipped.text


def test_a_fact_only_the_older_list_has_is_carried_next_to_its_siblings():
    older = note("glass/rules.md", fm("Studio rules", "2024-05-01") + (
        "## Rules\n\n- Members get priority booking: weekday benches within 48 hours.\n"
        "- Cancel a bench at least 24 hours ahead.\n"
        "- Tutor commission on a beginner course: £15.\n"))
    newer = note("glass/rules-2025.md", fm("Studio rules 2025", "2025-05-01") + (
        "## Terms\n\n- Priority booking: weekday benches within 24 hours.\n"
        "- Cancel a bench at least 24 hours ahead.\n\n## Kit\n\n- Bring closed shoes.\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert entry(c, "Tutor commission").status == "carried"
    body = c.text.split("## Terms", 1)[1]
    assert body.index("Tutor commission") < body.index("## Kit")
    assert "48 hours" not in c.text


def test_a_lead_in_is_not_carried_without_its_block():
    older = note("orch/parts.md", fm("Orchestra part library", "2024-09-01") + (
        "## Printing parts\n\nParts are printed from the Dorico export folder:\n\n"
        "```\nprint-parts --season 2024 --folder /scores/dorico\n```\n"))
    newer = note("orch/parts-2025.md", fm("Orchestra part library 2025", "2025-09-01") + (
        "## Printing parts\n\n```\nprint-parts --season 2025 --folder /scores/dorico\n```\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert "Dorico export folder:" not in c.text
    assert entry(c, "Dorico export folder").status == "dropped"


def test_an_older_status_observation_is_superseded_by_the_newer_one_in_update_too():
    older = note("orch/tour.md", fm("Spring tour", "2025-01-10") + (
        "The Halden Chamber Orchestra spring tour.\n\n## Observations\n"
        "- [status] Venues in Bergen and Tromsø still unconfirmed #tour\n"))
    newer = note("orch/tour-2.md", fm("Spring tour (confirmed)", "2025-02-10") + (
        "The Halden Chamber Orchestra spring tour, all venues booked.\n\n## Observations\n"
        "- [status] Only the Tromsø hotel is still open #tour\n"))
    for action in ("update", "merge"):
        c = compose(action, newer, [older], now=NOW)
        assert "still unconfirmed" not in c.text, action
        assert entry(c, "still unconfirmed").status == "superseded"


def test_an_observation_naming_a_table_row_with_another_number_is_superseded():
    older = note("kayak/fleet.md", fm("Kayak fleet", "2024-04-01") + (
        "## Fleet\n\n| Boat | Count | Kit | Notes |\n|---|---|---|---|\n"
        "| Sea Otter | 6 | paddles, spray decks | beach rack, rudder |\n"
        "\n## Observations\n- [fleet] Sea Otter rack holds 6 boats #fleet\n"
        "- [fleet] Sea Otter was repainted in March 2024 #fleet\n"))
    newer = note("kayak/fleet-2025.md", fm("Kayak fleet 2025", "2025-04-01") + (
        "## Fleet\n\n| Boat | Count | Kit | Notes |\n|---|---|---|---|\n"
        "| Sea Otter | 9 | paddles, spray decks | beach rack, rudder |\n"
        "| Puffin | 4 | paddles | singles |\n"))
    c = compose("update", newer, [older], now=NOW)
    assert "holds 6 boats" not in c.text
    assert entry(c, "holds 6 boats").status == "superseded"
    assert "Sea Otter was repainted in March 2024" in c.text  # a date is no row figure


def test_an_older_intro_that_counts_anew_is_superseded_and_a_fact_is_written_once():
    v1 = note("kayak/hire.md", fm("Kayak hire", "2023-04-01") + (
        "How Loch Arne Paddlesports runs kayak hire from the boathouse (14 kayaks at the "
        "start of the 2023 season). Written after the storm damage to boats K3 and K9, "
        "which were left on the beach overnight.\n\n## Observations\n"
        "- [lesson] K3 and K9 were wrecked in the May 2023 storm #boats\n"))
    v2 = note("kayak/hire-v2.md", fm("Kayak hire v2", "2024-04-01") + (
        "Second version. We now hire out 17 kayaks.\n"))
    v3 = note("kayak/hire-v3.md", fm("Kayak hire v3", "2025-04-01") + (
        "Current version. We hire out 21 kayaks from the boathouse and 6 canoes from the "
        "pier.\n"))
    c = compose("merge", v3, [v2, v1], now=NOW)
    assert entry(c, "14 kayaks").status == "superseded"
    assert "14 kayaks" not in c.text and "17 kayaks" not in c.text
    assert c.text.count("K3 and K9") == 1  # the intro's storm sentence, as the observation
    assert "[lesson] K3 and K9 were wrecked" in c.text


def test_update_writes_the_newest_body_without_an_older_code_block():
    older = note("ferry/engine.md", fm("Ferry engine log", "2024-10-01") + (
        "## Oil pressure\n\nPressure check of 14 October:\n\n"
        "    Oil pressure test   2024-10-14\n    idle      2.1 bar\n    cruise    4.0 bar\n"
        "\n## Observations\n- [service] Engine serviced at 4,000 hours #engine\n"))
    newer = note("ferry/engine-2025.md", fm("Ferry engine log 2025", "2025-10-01") + (
        "## Service\n\n- [x] Oil pressure re-tested after the pump swap: 2.4 bar idle\n"))
    c = compose("update", newer, [older], now=NOW)
    assert "Oil pressure test" not in c.text
    e = entry(c, "Oil pressure test")
    assert e.status == "dropped" and "carry" in e.flips
    assert "- [service] Engine serviced at 4,000 hours #engine" in c.text


def test_an_older_sentence_that_adds_only_a_name_to_what_the_newest_says_is_written_once():
    # (issue 18, merge4: the name is a fact the newest lacks, so merge writes the older
    # wording in place of the newest's; "newer" keeps the newest's sentence)
    older = note("glass/safety.md", fm("Hot shop safety", "2024-05-01") + (
        "## Safety\n\nEmberlight Glassworks makers must wear didymium glasses at the "
        "furnace.\n"))
    newer = note("glass/safety-2025.md", fm("Hot shop safety 2025", "2025-05-01") + (
        "## Safety\n\nMakers must wear didymium glasses at the furnace.\n\n"
        "The furnace runs at 1,150 °C.\n"))
    c = compose("merge", newer, [older], now=NOW)
    e = entry(c, "Emberlight Glassworks makers")
    assert e.status == "carried" and "written instead of" in e.why
    assert c.text.count("didymium glasses") == 1 and "Emberlight Glassworks" in c.text
    kept = compose("merge", newer, [older], now=NOW, choices={e.key: "newer"})
    assert kept.text.count("didymium glasses") == 1 and "Emberlight" not in kept.text


def test_a_carried_list_item_goes_beside_the_newer_item_it_speaks_of():
    older = note("ferry/rules.md", fm("Ferry rules", "2024-03-01") + (
        "## Rules\n\n- Book vehicles up to 30 days ahead.\n"
        "- Residents travel free. Vans: £40 per crossing (council vote, 12 March 2024).\n"
        "- Cancel at least 24 hours before.\n"))
    newer = note("ferry/rules-2025.md", fm("Ferry rules 2025", "2025-03-01") + (
        "## Booking\n\n- Book vehicles up to 60 days ahead.\n\n"
        "## Fares\n\n- Residents: free.\n- Vans pay £40 per crossing, on board.\n\n"
        "## Cancelling\n\n- Cancel at least 48 hours before.\n"))
    c = compose("merge", newer, [older], now=NOW)
    # the newest nearly says it (cosine >= 0.80): held back, not written beside it; one
    # key carries it, next to the newer item it speaks of
    e = entry(c, "council vote")
    assert (e.status, e.held) == ("dropped", True) and "council vote" not in c.text
    c = compose("merge", newer, [older], now=NOW, choices={e.key: "carry"})
    assert entry(c, "council vote").status == "carried"
    fares = c.text.split("## Fares", 1)[1].split("## Cancelling", 1)[0]
    assert "council vote, 12 March 2024" in fares
    assert "30 days ahead" not in c.text and "24 hours" not in c.text
