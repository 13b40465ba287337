"""Still-true scope facts only an older note holds (issue 18 item 4): where, for whom,
which farm. The newest omitting them has not changed them; a careful reader counts each
one missing as LOST (merge-AH: "the Oxfordshire and north Bucks round", "Cotswold Edge
Lavender")."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def _lead(text: str) -> str:
    """The newest's lead as written: the prose between the title and the first heading."""
    body = text.split("\n# ", 1)[1]
    return body.split("\n## ", 1)[0]


def test_an_older_intro_naming_where_the_note_applies_is_carried_into_the_lead() -> None:
    newer = dated("cress/bed-flooding-2026.md", "Watercress bed flooding (2026 revision)",
                  "cress-bed-flooding-2026",
                  "Revised after the dry August, when two beds ran short of water.\n\n"
                  "## Flooding\n\n"
                  "Open the sluice a quarter turn at a time until the depth gauge reads "
                  "40 mm.\n\n## Cutting\n\nCut by hand from the downstream end; bunches "
                  "go to the packing shed within the hour.\n", modified="2026-09-01")
    older = dated("cress/bed-flooding.md", "Watercress bed flooding", "cress-bed-flooding",
                  "How we flood and cut the spring-fed beds at Ashwell Bottom in the Test "
                  "valley.\n\n## Flooding\n\nOpen the sluice a quarter turn at a time until "
                  "the depth gauge reads 30 mm.\n\n## Cutting\n\nCut by hand from the "
                  "downstream end; bunches go to the packing shed within the hour.\n",
                  modified="2025-09-01")
    composed = compose("merge", newer, [older])
    e = entry(composed, "Ashwell Bottom")
    assert (e.status, e.held) == ("carried", False)
    # a fact of the whole note's subject: in the lead, not in a body section
    assert "at Ashwell Bottom in the Test valley." in _lead(composed.text)
    assert "30 mm" not in composed.text
    check_ledger(composed)
    dropped = compose("merge", newer, [older], choices={e.key: "drop"})
    assert "Ashwell Bottom" not in dropped.text


def test_a_leaning_sentence_with_an_account_the_newest_lacks_follows_its_paragraph() -> None:
    newer = dated("cutler/blank-suppliers-2026.md", "Knife blank suppliers (2026)",
                  "blank-suppliers-2026",
                  "Prices refreshed in March.\n\n## Steel (Brindley Steels)\n"
                  "Brindley Steels remain our blank supplier. Same-day dispatch still "
                  "applies to orders in by noon. Every blank is now 1.4116 stainless, so "
                  "we no longer stock carbon blanks.\n\n## Handles\nHandle scales come "
                  "from the walnut offcuts of Pryor Joinery.\n", modified="2026-03-20")
    older = dated("cutler/blank-suppliers.md", "Knife blank suppliers", "blank-suppliers",
                  "Who sells us blanks.\n\n## Steel\nOur blank supplier is Brindley Steels "
                  "in Sheffield. Orders placed before noon leave the same day. Their sales "
                  "line is 0114 496 0021 and our account number is BRS-5170.\n\n## Handles"
                  "\nHandle scales come from the walnut offcuts of Pryor Joinery.\n",
                  modified="2025-03-20")
    composed = compose("merge", newer, [older])
    e = entry(composed, "BRS-5170")
    assert (e.status, e.held) == ("carried", False)
    # after the newest's paragraph stating what it leans on, never inside it
    steel = composed.text.split("## Steel (Brindley Steels)\n", 1)[1].split("## Handles")[0]
    assert steel.split("\n\n")[1].strip() == ("Their sales line is 0114 496 0021 and our "
                                              "account number is BRS-5170.")
    check_ledger(composed)


def test_an_intro_contact_a_body_section_speaks_of_is_written_there_not_only_observed() -> None:
    newer = dated("ferrets/intake-2026.md", "Ferret intake (2026)", "ferret-intake-2026",
                  "Agreed at the January volunteers' meeting; it now covers every ferret "
                  "handed in.\n\n## Quarantine\n\nNew arrivals spend 14 days in the end "
                  "hutch block.\n\n## Working with the vet\n\nEvery new ferret is seen by our "
                  "vet within a week of intake. The vet reads the microchip at that "
                  "visit.\n\n## Observations\n- [rule] 14 days of quarantine #intake\n",
                  modified="2026-01-20")
    older = dated("ferrets/intake.md", "Ferret intake", "ferret-intake",
                  "Every new ferret sees a vet; our usual vet is Dr Alan Brewster at "
                  "Kingsway Exotics, direct line 01632 960 447, who also neuters the "
                  "jills.\n\n## Quarantine\n\nNew arrivals spend 10 days in the end hutch "
                  "block.\n\n## Observations\n- [rule] 10 days of quarantine #intake\n"
                  "- [contact] Dr Alan Brewster, Kingsway Exotics, 01632 960 447 #vets\n",
                  modified="2025-01-20")
    composed = compose("merge", newer, [older])
    e = entry(composed, "who also neuters the jills")
    assert (e.status, e.held) == ("carried", False)
    vet = composed.text.split("## Working with the vet", 1)[1].split("## Observations")[0]
    assert "direct line 01632 960 447, who also neuters the jills." in vet
    assert "Brewster" not in _lead(composed.text)
    assert "10 days" not in composed.text
    check_ledger(composed)


def test_an_older_intro_naming_only_a_person_is_still_held_back() -> None:
    # who does what is a role a newer version may have given to another: not scope
    newer = dated("cress/packing-2026.md", "Watercress packing (2026)", "cress-packing-2026",
                  "Revised after the new chiller arrived.\n\n## Packing\n\nBunches are "
                  "chilled to 3 °C within the hour.\n", modified="2026-05-01")
    older = dated("cress/packing.md", "Watercress packing", "cress-packing",
                  "Nell Ashdown runs the packing of the watercress bunches.\n\n## Packing"
                  "\n\nBunches are chilled to 5 °C within the hour.\n", modified="2025-05-01")
    composed = compose("merge", newer, [older])
    e = entry(composed, "Nell Ashdown")
    assert (e.status, e.held) == ("dropped", True) and "intro" in e.why
    assert "Ashdown" not in composed.text


def test_an_older_intro_naming_the_firm_it_is_for_is_carried() -> None:
    # a name in a complement says for whom (scope); only a name as the subject is a role
    newer = dated("cutler/sharpening-2026.md", "Sharpening prices (2026)",
                  "sharpening-2026", "Steel went up in January.\n\n## Prices\n\n"
                  "- Kitchen knife: £6\n- Scissors: £5\n", modified="2026-02-01")
    older = dated("cutler/sharpening.md", "Sharpening prices", "sharpening",
                  "Our published sharpening prices for the Rother Forge counter.\n\n"
                  "## Prices\n\n- Kitchen knife: £5\n- Scissors: £5\n",
                  modified="2025-02-01")
    composed = compose("merge", newer, [older])
    e = entry(composed, "Rother Forge")
    assert (e.status, e.held) == ("carried", False)
    assert "for the Rother Forge counter." in _lead(composed.text)
    assert "Kitchen knife: £5" not in composed.text


def test_a_lone_older_section_no_newest_section_speaks_of_keeps_its_heading() -> None:
    # the newest's nearest section is not near: the supplier line is no line of it
    newer = dated("cress/pricing-2026.md", "Watercress bed pricing (2026)", "cress-pricing-2026",
                  "Adopted in February.\n\n## Working out a price\n\n1. Count the bunches "
                  "cut per bed.\n2. Charge £0.90 per bunch.\n\n## What gets a second "
                  "look\n\nAnything over 400 bunches a week is priced only after a second "
                  "look at the beds.\n", modified="2026-02-01")
    older = dated("cress/pricing.md", "Watercress bed pricing", "cress-pricing",
                  "Draft.\n\n## Working out a price\n\n1. Count the bunches cut per bed.\n"
                  "2. Charge £0.80 per bunch.\n\n## Suppliers\n\nRubber bands come from "
                  "Tillbrook Packaging; the account number is TP-3391 and orders go by "
                  "email.\n\n## Notes\n\nAnything over 400 bunches a week is priced only "
                  "after a second look at the beds.\n", modified="2025-02-01")
    composed = compose("merge", newer, [older])
    e = entry(composed, "TP-3391")
    assert e.status == "carried"
    second = composed.text.split("## What gets a second look", 1)[1]
    assert "TP-3391" not in second
    assert "## Suppliers\n\nRubber bands come from Tillbrook Packaging" in composed.text
    check_ledger(composed)
