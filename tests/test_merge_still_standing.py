"""Issue 18, "every current fact stated" and "a decision list referenced by number"
(round 25, pass_standing): a newer version that names older list items by number or
code and says they still hold ("D1 and D2 still apply", "Decisions 1 and 2 still stand")
keeps them current: they are carried, not superseded by the sentence naming them nor
dropped because the newer list leaves them out (merge-AX g10 lost a garden plan's D1 and
D2 that way; merge-AW g07 lost a wine list's decisions). An item with a figure the
naming sentence gives another value of stays superseded, and an older version's own
"still stand" line is dropped once the items are written. Domain: a hovercraft ferry (no
other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merge import ENGLISH
from review_app.core.merge.pass_standing import standing_labels
from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

PLAN = note("hovercraft/crossing-rules.md", fm("Crossing rules", "2025-04-01") + (
    "Rules for the Ryde hovercraft crossing, agreed in April.\n\n## Decisions\n\n"
    "1. Crossings run every 30 minutes in summer.\n"
    "2. Dogs travel free on a lead.\n"
    "3. The last crossing leaves Ryde at 21:30.\n"
    "4. Bikes cost £4 each way.\n"))

REVIEW = note("hovercraft/winter-review.md", fm("Crossing rules: winter review", "2026-01-15") + (
    "The winter review kept most of the April decisions. Decisions 1 and 2 still stand. "
    "Decision 4 (bikes £5 each way) unchanged.\n\n## Changes\n\n"
    "- The last crossing now leaves Ryde at 22:00.\n- Terminal cafe opens at 06:45.\n"))

CODES = note("hovercraft/terminal-plan.md", fm("Terminal plan", "2025-02-01") + (
    "## Decisions so far\n\n- T1: Ticket machines take cards only.\n"
    "- T2: Luggage trolleys stay inside the terminal.\n- T3: Cafe run by Solent Catering.\n"))

CODES_NEW = note("hovercraft/terminal-update.md", fm("Terminal update", "2026-03-01") + (
    "## Decisions\n\n- T1 and T2 still apply; machines were upgraded in March.\n"
    "- T3 has ended: the cafe is now run by the port.\n"))


def test_items_a_newer_version_says_still_stand_are_carried():  # failed before
    c = compose("merge", REVIEW, [PLAN], now=NOW)
    for line in ("every 30 minutes in summer", "Dogs travel free on a lead"):
        assert entry(c, line).status == "carried", entry(c, line)
        assert line in c.text
    # its figure has another value in the sentence naming it: the newer value stands
    assert entry(c, "Bikes cost £4").status != "carried"
    assert "£4" not in c.text and "21:30" not in c.text
    check_ledger(c)


def test_items_named_by_code_still_apply():  # failed before
    c = compose("merge", CODES_NEW, [CODES], now=NOW)
    for line in ("Ticket machines take cards only", "Luggage trolleys stay inside"):
        assert entry(c, line).status == "carried", entry(c, line)
        assert line in c.text
    assert "Solent Catering" not in c.text
    check_ledger(c)


def test_an_older_versions_still_stand_line_is_dropped_once_its_items_are_written():
    # (failed before)
    newest = note("hovercraft/summer-rules.md", fm("Crossing rules: summer", "2026-06-01") + (
        "Summer timetable. The last crossing leaves Ryde at 22:30 from June.\n"))
    c = compose("merge", newest, [REVIEW, PLAN], now=NOW)
    e = entry(c, "Decisions 1 and 2 still stand")
    assert e.status == "dropped", e
    assert "Dogs travel free on a lead." in c.text
    assert "22:00" not in c.text and "21:30" not in c.text
    # judged against the base alone the plan's bike fare was carried; the review's
    # sentence naming decision 4 gives it another value, and states it: written
    assert entry(c, "Bikes cost £4").status == "superseded"
    assert "£4" not in c.text and "bikes £5 each way" in c.text
    check_ledger(c)


DRAFT = note("hovercraft/fares-draft.md", fm("Fares (draft)", "2025-08-01") + (
    "## Decisions\n\n1. Children under 5 travel free.\n2. Return tickets are valid for "
    "one month.\n3. A single adult fare is £18.\n4. Season tickets are sold at the Ryde "
    "office only.\n"))

AGREED = note("hovercraft/fares-agreed.md", fm("Fares (agreed)", "2025-09-01") + (
    "## Changes to the decisions\n\n- Decision 3 (revised): a single adult fare is £21.\n"
    "- Decision 4 (revised): season tickets are also sold online.\n"
    "- Decisions 1 and 2 stand exactly as drafted.\n"))


def test_items_named_by_number_keep_their_numbers_after_the_list():  # failed before
    c = compose("merge", AGREED, [DRAFT], now=NOW)
    # "Decision 3 (revised)" is another item: no other value of decision 1
    assert entry(c, "Children under 5 travel free").status == "carried"
    assert "1. Children under 5 travel free.\n2. Return tickets are valid for one month." \
        in c.text
    assert "Also from an earlier version" not in c.text
    assert "£18" not in c.text and "Ryde office only" not in c.text
    check_ledger(c)


V1 = note("hovercraft/catering-v1.md", fm("Terminal catering decisions", "2025-02-01") + (
    "## Decisions\n\n1. The kiosk opens at 06:30.\n2. Hot food is bought from Solent Pies "
    "twice a week.\n3. Card payments only.\n"))

V2 = note("hovercraft/catering-v2.md", fm("Terminal catering: June review", "2025-06-01") + (
    "## Changes to the February decisions\n\n"
    "- **Decision 2** changed: hot food now comes from Harbour Bakery every morning.\n"
    "- Decisions 1 and 3 stay as they are.\n"))

V3 = note("hovercraft/catering-v3.md", fm("Terminal catering decisions v3", "2025-11-01") + (
    "## Status of each decision\n\n| No. | Status |\n|---|---|\n"
    "| 1 | Kept |\n| 2 | Kept (Harbour Bakery since June) |\n| 3 | Changed - see below |\n\n"
    "## Payments\n\nCash is taken again from November.\n"))


def test_a_version_naming_an_item_anew_replaces_the_older_item():  # failed before
    # v1's item 2 is said anew by v2 ("Decision 2 changed"); v3's table keeps v2's
    # version and changes decision 3: the v1 lines for 2 and 3 are older values
    c = compose("merge", V3, [V2, V1], now=NOW)
    assert entry(c, "Solent Pies").status == "superseded"
    assert entry(c, "Card payments only").status == "superseded"
    assert "Solent Pies" not in c.text and "Card payments only" not in c.text
    # v2's line saying decision 2 anew is what v3 keeps: written
    assert "hot food now comes from Harbour Bakery every morning" in c.text
    assert "The kiosk opens at 06:30." in c.text  # kept by v3, said by v1 alone
    assert "stay as they are" not in c.text
    check_ledger(c)


MINUTES = note("hovercraft/minutes-2024.md", fm("Committee decisions 2024", "2024-03-01") + (
    "Decisions of the March committee. Numbered so that later minutes can refer to them.\n\n"
    "## Decisions\n\n1. The cafe opens at 07:00 on weekdays and 08:00 at weekends.\n"
    "2. The Friday quiz continues; entry £2.\n3. Dogs are not allowed in the lounge.\n"
    "4. Lost property is kept for 30 days.\n5. Staff park in bay C.\n"))

UPDATE = note("hovercraft/minutes-2025.md", fm("Committee decisions update 2025", "2025-02-01") + (
    "This updates the 2024 list. Decisions not mentioned below still stand as written.\n\n"
    "## Changes\n\n- Decision 1 amended: the cafe opens at 06:30 on weekdays; weekend "
    "hours unchanged.\n- Decision 2 ended: the Friday quiz stopped in January.\n"
    "- Decision 3 reversed: dogs on leads are now allowed in the lounge.\n"
    "- New decision 6: a card reader is installed at the kiosk.\n"))


def test_items_a_newer_version_leaves_unnamed_under_still_stand_are_carried():
    # "not mentioned below still stand": every item not named anew holds (failed before:
    # no such reading; merge-AZ held its unnamed decisions back behind the newer list);
    # decision 1 is said anew ("amended"), its later clause's "unchanged"
    # notwithstanding. (Here the rules carry 4 and 5 on the code before too.)
    assert standing_labels("Decisions not mentioned below still stand as written.",
                           ENGLISH) == {"decision *"}
    c = compose("merge", UPDATE, [MINUTES], now=NOW)
    assert "4. Lost property is kept for 30 days.\n5. Staff park in bay C." in c.text
    assert entry(c, "The cafe opens at 07:00").status == "superseded"
    assert "07:00" not in c.text
    check_ledger(c)
