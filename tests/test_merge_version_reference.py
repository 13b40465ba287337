"""A line leaving the rest to another version is no fact of the merged note (issue 18,
round 23 STALE): an older version's "Anything not listed here is unchanged from the
March price list." or "Wheels not mentioned are as in the first draft." points at a
version the merge replaces, so it is dropped (a row the person can flip), in merge.
Guard: "unchanged from" about the subject ("The tyre width is unchanged from last
year's cart.") is a fact and is carried. Domain: a wheelwright (no other test uses
it); real parser, real model. The first test failed before the change."""

from __future__ import annotations

import pytest
from helpers_merge import dated, entry, merged

NEWER = dated("wheels/price-list-2026.md", "Wheel price list 2026", "wheel-price-list-2026", (
    "Prices for the wheelwright's shop from April.\n\n"
    "## Prices\n\n"
    "- Cart wheel, 36 inch: £1,450\n"), modified="2026-04-01")


@pytest.mark.parametrize("line", [
    "Anything not listed here is unchanged from the March price list.",
    "Wheels not mentioned are as in the first draft.",
])
def test_a_line_leaving_the_rest_to_another_version_is_dropped(line: str) -> None:
    older = dated("wheels/price-list.md", "Wheel price list", "wheel-price-list", (
        f"Prices for the wheelwright's shop. {line}\n\n"
        "## Prices\n\n"
        "- Cart wheel, 36 inch: £1,300\n"), modified="2026-03-01")
    out = merged(NEWER, older)
    assert entry(out, line[:20]).status == "dropped", entry(out, line[:20]).why
    assert line not in out.text


def test_unchanged_about_the_subject_is_still_a_fact() -> None:
    older = dated("wheels/price-list.md", "Wheel price list", "wheel-price-list", (
        "Prices for the wheelwright's shop.\n\n"
        "## Prices\n\n"
        "- Cart wheel, 36 inch: £1,300\n\n"
        "## Build\n\n"
        "The iron tyre width is unchanged from last year's cart at 2 inches.\n"),
        modified="2026-03-01")
    out = merged(NEWER, older)
    assert "The iron tyre width is unchanged from last year's cart" in out.text
