"""Carried facts land where a careful editor puts them (issue 18: "every fact once, in
the section where it belongs"; pass_render): an older section the newest has no heading
for, whose heading and units are near one of the newest's sections, is that section's
older version, so what is carried from it goes there, not under a re-created heading;
one carried sentence never gets a heading of its own; and a re-created section never
goes ahead of the newest's intro and first section."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry, section_of


def _newest():
    return dated("chimney-sweep/service-guide-2026.md", "Chimney sweep service guide 2026",
                 "chimney-sweep-service-guide-2026",
                 "How Hearthside Sweeps runs a visit, revised for the 2026 season.\n\n"
                 "## Summary\n\nWe sweep open fires, wood burners and range cookers across "
                 "the Calder valley. A standard sweep now costs GBP 85.\n\n"
                 "## On the day\n\nThe sweep arrives between 08:00 and 10:00 and lays dust "
                 "sheets from the door to the hearth.\n\nEvery flue gets a smoke draw test "
                 "after sweeping.\n\n"
                 "## Certificates\n\nEach customer gets a HETAS sweep certificate by email "
                 "the same evening. Insurers ask for the certificate after a chimney fire.\n\n"
                 "## Equipment\n\nWe use rotary rods with a power drill and a HEPA vacuum "
                 "rated for soot.\n",
                 modified="2026-02-10")


def _older(extra: str = ""):
    return dated("chimney-sweep/service-guide.md", "Chimney sweep service guide",
                 "chimney-sweep-service-guide",
                 "How Hearthside Sweeps runs a visit.\n\n" + extra +
                 "## Summary\n\nWe sweep open fires, wood burners and range cookers across "
                 "the Calder valley. A standard sweep costs GBP 70.\n\n"
                 "## On the day\n\nThe sweep arrives between 08:00 and 10:00 and lays dust "
                 "sheets from the door to the hearth.\n\n"
                 "## Paperwork for insurers\n\nCertificates are posted to the customer "
                 "within a week. Copies of every certificate are kept for 6 years in the "
                 "office filing cabinet. A lost certificate is reissued for GBP 10.\n\n"
                 "## Equipment\n\nWe use rotary rods with a power drill and a HEPA vacuum "
                 "rated for soot.\n",
                 modified="2025-02-10")



def test_an_older_version_of_a_newest_section_is_written_into_it() -> None:
    composed = compose("merge", _newest(), [_older()])
    text = composed.text
    assert entry(composed, "kept for 6 years").status == "carried"
    assert entry(composed, "reissued for GBP 10").status == "carried"
    # "Paperwork for insurers" is the older version of "Certificates": its carried
    # facts join that section, no second section on one subject
    assert "## Paperwork for insurers" not in text
    assert section_of(text, "kept for 6 years") == "## Certificates"
    assert section_of(text, "reissued for GBP 10") == "## Certificates"
    check_ledger(composed)


_DOGS = "## Dogs\n\nDogs must be shut in another room while the rods are in use.\n\n"


def test_one_carried_sentence_no_section_speaks_of_keeps_its_heading() -> None:
    composed = compose("merge", _newest(), [_older(_DOGS)])
    text = composed.text
    assert entry(composed, "Dogs must be shut").status == "carried"
    # no section of the newest is clearly nearest it: under its own heading (issue 18,
    # round 22: a care line under "## For newcomers" read as misplaced), after the
    # intro and Summary, written once
    assert section_of(text, "Dogs must be shut") == "## Dogs"
    assert text.count("Dogs must be shut") == 1
    assert text.index("## Dogs") > text.index("## Summary")
    check_ledger(composed)


_PARKING = ("## Parking and access\n\nThe van needs a parking space within 20 metres of "
            "the front door. Customers with a locked side gate leave the key in the "
            "keysafe, code given at booking.\n\n")


def test_a_re_created_section_goes_after_the_newest_summary() -> None:
    composed = compose("merge", _newest(), [_older(_PARKING)])
    text = composed.text
    assert entry(composed, "within 20 metres").status == "carried"
    if "## Parking and access" in text:
        assert text.index("## Summary") < text.index("## Parking and access")
    assert text.index("## Summary") < text.index("within 20 metres")
    check_ledger(composed)


def test_a_carried_sentence_continuing_a_paragraph_is_not_a_paragraph_of_its_own() -> None:
    older = dated("chimney-sweep/visit-notes.md", "Chimney sweep service guide",
                  "chimney-sweep-service-guide",
                  "How Hearthside Sweeps runs a visit.\n\n"
                  "## Certificates\n\nEach customer gets a HETAS sweep certificate by email "
                  "the same evening. Insurers ask for the certificate after a chimney fire. "
                  "The certificate lists the flue, the appliance and the date of the sweep, "
                  "with the sweep's HETAS number 40172.\n",
                  modified="2025-02-10")
    composed = compose("merge", _newest(), [older])
    text = composed.text
    assert entry(composed, "HETAS number 40172").status == "carried"
    lines = text.splitlines()
    at = next(k for k, ln in enumerate(lines) if ln.startswith("The certificate lists"))
    # it goes on the certificate paragraph it continues, not after a blank line
    assert "after a chimney fire." in lines[at - 1]
    check_ledger(composed)


def test_a_carried_item_joins_the_list_of_its_section() -> None:
    newer = dated("chimney-sweep/kit-2026.md", "Sweep kit 2026", "sweep-kit-2026",
                  "What each van carries.\n\n## Kit\n\nWe use rotary rods with a power drill "
                  "and a HEPA vacuum rated for soot.\n\n- Brush heads in 12 and 14 inch\n"
                  "- Spare rods\n- Dust sheets\n\n## Van\n\nThe van is a white Transit, "
                  "serviced in March.\n", modified="2026-02-01")
    older = dated("chimney-sweep/kit.md", "Sweep kit", "sweep-kit",
                  "What each van carries.\n\n## Kit\n\n- Brush heads in 12 and 14 inch\n"
                  "- Spare rods\n- A HEPA vacuum filter spare, model VX-220\n",
                  modified="2025-02-01")
    composed = compose("merge", newer, [older])
    lines = composed.text.splitlines()
    at = lines.index("- A HEPA vacuum filter spare, model VX-220")
    # an item among items: nearest in meaning to the vacuum sentence, but written in the
    # section's list, not as a one-item list between the paragraph and the list; at its
    # end, never between two of the newest's items (round 18)
    assert lines[at - 1] == "- Dust sheets" and not lines[at + 1].startswith("- ")
    check_ledger(composed)
