"""A bold span is one unit: a sentence is never cut inside `**...**`. A held-out reader found
an FAQ question "**I have dietary needs. Can you help?**" written as "**I have dietary
needs." with its bold never closed: the merge had carried half of the question.
Domain: a laundrette; the tests fail on the engine before it."""

from __future__ import annotations

import datetime as dt

from helpers_merge import fm, note

from review_app.core.merging import compose
from review_app.core.units import split_sentences

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)


def test_a_sentence_never_ends_inside_a_bold_span():
    assert split_sentences("**Lost a sock? Ask at the counter.** We keep a basket. "
                           "It is emptied monthly.") == [
        "**Lost a sock? Ask at the counter.** We keep a basket.", "It is emptied monthly."]
    assert split_sentences("**Step one.** Load the drum. Close the door.") == [
        "**Step one.** Load the drum.", "Close the door."]


def test_a_merged_faq_never_leaves_a_bold_span_open():
    older = note("shop/faq.md", fm("Laundrette FAQ", "2025-01-05") + (
        "**Do you do service washes? Can I drop off?**\nYes: drop off before 10am and "
        "collect after 4pm. Bring a bag with your name on it.\n\n"
        "**Can I pay by card?**\nYes, at the counter.\n"))
    newer = note("shop/faq-2025.md", fm("Laundrette FAQ 2025", "2025-09-05") + (
        "## Service washes\n\nDrop off before 10am and collect after 4pm, same day.\n\n"
        "## Paying\n\nCards and phones at every machine; the counter takes cash.\n"))
    for action in ("merge", "update"):
        text = compose(action, newer, [older], now=NOW).text
        for line in text.splitlines():
            assert line.count("**") % 2 == 0, (action, line)
