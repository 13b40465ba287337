"""Of two older versions, the newer one's measure of a thing wins, however the
sentences are built (issue 18: newer values replace older ones; pass_newer_older).
Older versions are judged against the newest, so a measure the newest leaves out was
written from every older version that gave one: merge-CE g07 kept "Ring from Northern
Ring Hire, £350" beside the next version's £320, merge-CD g10 "reset every 5 weeks"
beside "every 4 weeks". A thing named by the same two words or more ("vinyl
lettering"), or one under the same heading, measured otherwise (thing_values: a value
in its unit, how often) by a newer older version is not written; one key carries it.
Domain: a sign writer's workshop, which no other test uses."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def _group(v1: str, v2: str, v3: str):
    older = dated("sign-writer/shop.md", "Sign shop notes", "sign-shop-notes", v1,
                  modified="2025-01-01")
    middle = dated("sign-writer/shop-v2.md", "Sign shop notes v2", "sign-shop-notes-v2", v2,
                   modified="2025-03-01")
    newest = dated("sign-writer/shop-v3.md", "Sign shop notes v3", "sign-shop-notes-v3", v3,
                   modified="2025-06-01")
    return compose("merge", newest, [middle, older])


def test_a_price_the_next_version_changed_is_not_written() -> None:  # failed before
    composed = _group(
        "## Prices\nVinyl lettering costs £12 per letter, cut in the workshop.\n",
        "## Rates\nFrom March our vinyl lettering costs £14 per letter.\n",
        "## Prices\nGold leaf is quoted per job.\n")
    e = entry(composed, "costs £12 per letter")
    assert e.status == "dropped" and "newer version" in e.why
    assert "£12 per letter" not in composed.text
    assert "£14 per letter" in composed.text  # the newer older value is still carried
    check_ledger(composed)


def test_how_often_the_next_version_says_wins() -> None:  # failed before
    composed = _group(
        "## Kit\nThe brushes are cleaned every Friday in white spirit.\n",
        "## Care\nWe clean the brushes twice a week now.\n",
        "## Kit\nBrushes: Mack sword liners, sizes 0 to 4.\n")
    assert entry(composed, "cleaned every Friday").status == "dropped"
    assert "every Friday" not in composed.text
    check_ledger(composed)


def test_a_value_the_newer_version_repeats_is_no_other_value() -> None:
    # the newer version gives the older value and another for the same words: the
    # older line restates one it still gives, no older value of it
    composed = _group(
        "## Prices\nVinyl lettering costs £12 per letter, cut in the workshop.\n",
        "## Rates\nVinyl lettering costs £12 per letter.\n\n"
        "Vinyl lettering costs £14 per letter for vans.\n",
        "## Prices\nGold leaf is quoted per job.\n")
    assert "newer version" not in entry(composed, "cut in the workshop").why
    check_ledger(composed)
