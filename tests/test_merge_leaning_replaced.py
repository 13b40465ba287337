"""Issue 18, "every current fact stated" (round 25, pass_leaning): a carried sentence
leaning on the one before it ("They need the site code on every order") whose antecedent
the newest replaced with another value of the same thing ("Delivery takes about 3 weeks"
-> "about 5 weeks") follows the newest's paragraph stating that value: it speaks of the
same supplier, and held back its rule was lost (merge-AX g02, a machine shop's "They need
the engine number on every job sheet"). Where the newest's value is in an observation,
the body sentence stating it is the one followed; it must end its paragraph, or the
sentence would lean on a later one (test_merge_leaning_sentences). Domain: a zip line
park (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = note("zipline/suppliers.md", fm("Zip line suppliers", "2025-02-01") + (
    "## Harnesses\n\nHarnesses come from Alpine Kit in Kendal. Delivery takes about 3 weeks. "
    "They need our site code on every order, otherwise the order is held.\n\n"
    "## Observations\n\n- [lead_time] Alpine Kit delivery about 3 weeks #harness\n"))

NEWER = note("zipline/suppliers-2026.md", fm("Zip line suppliers 2026", "2026-02-01") + (
    "## Harnesses\n\nAlpine Kit in Kendal supply every harness. Delivery takes about 5 weeks "
    "at present, so order before the season opens.\n\n"
    "## Observations\n\n- [lead_time] Alpine Kit delivery about 5 weeks #harness\n"))


def test_a_sentence_leaning_on_a_replaced_value_follows_the_newer_one():  # failed before
    c = compose("merge", NEWER, [OLDER], now=NOW)
    assert entry(c, "Delivery takes about 3 weeks").status == "superseded"
    line = "They need our site code on every order, otherwise the order is held."
    assert entry(c, "site code on every order").status == "carried"
    assert c.text.index("about 5 weeks at present") < c.text.index(line)
    assert "3 weeks" not in c.text
    check_ledger(c)


def test_a_person_pointer_after_a_replaced_holder_is_still_held_back():  # failed before
    # "She" after the older treasurer's line would read as the newest's new treasurer
    older = note("zipline/office.md", fm("Zip line office", "2025-02-01") + (
        "## Office\n\nThe bookings manager is Ruth Obi (bookings@zipline.example, "
        "01632 960 111). She is usually in the office on Saturday mornings.\n"))
    newer = note("zipline/office-2026.md", fm("Zip line office 2026", "2026-02-01") + (
        "## Office\n\nTom Quayle took over as bookings manager in January after Ruth Obi "
        "left. Queries still go to bookings@zipline.example; Tom's phone is "
        "01632 960 222.\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert "She is usually in the office" not in c.text
    check_ledger(c)
