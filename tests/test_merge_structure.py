"""Issue 21's merge-structure findings: the base is written byte for byte and a carried
unit keeps its own lines, so no structure of either note is rebuilt (each case in its
own domain)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import fm, note

from review_app.core.merging import compose, split_frontmatter

NOW = dt.datetime(2026, 5, 1)


def merged(base_body: str, older_body: str) -> tuple[str, object]:
    older = note("kb/older.md", fm("Older", "2025-01-01") + older_body)
    newer = note("kb/newer.md", fm("Newer", "2025-06-01") + base_body)
    c = compose("merge", newer, [older], kept=older, now=NOW)
    return split_frontmatter(c.text)[1], c


def test_nested_and_numbered_sub_lists_keep_their_numbers_and_markers():
    steps = ("## Sowing\n\n1. Prepare the trays\n   1. Fill with compost\n   2. Water from "
             "below\n2. Sow the seeds\n   - Two per cell\n   - Label each tray\n")
    older = steps.replace("   2. Water from below\n", "   2. Water from below\n"
                          "   3. Cover with 2 mm of vermiculite\n")
    body, c = merged(steps, older + "\nGermination takes 8 days at 20 C.\n")
    assert steps in body  # never renumbered, re-marked or spliced into
    # the sub-step nothing in the newest speaks of is carried after the whole list
    assert body.index("vermiculite") > body.index(steps) + len(steps)
    assert any("vermiculite" in e.text and e.block and e.status == "carried"
               and "carry" in e.flips for e in c.ledger.entries)
    assert "Germination takes 8 days at 20 C." in body


def test_hard_line_breaks_stay_and_a_carried_sentence_is_its_own_paragraph():
    address = "The depot is at:  \nUnit 4, Quay Street  \nOpen weekdays.\n"
    body, _ = merged(address, "The depot is at Unit 4, Quay Street. Open weekdays. "
                              "The gate code is 1893.\n")
    assert address in body  # the base paragraph is not rebuilt around the new sentence
    assert "\n\nThe gate code is 1893.\n" in body


def test_footnotes_stay_apart_and_a_carried_one_is_its_own_line():
    notes = "Tides vary by season.[^1]\n\n[^1]: Harbour office table.\n[^2]: Spring tides.\n"
    body, c = merged(notes, "Tides vary by season.\n\n[^3]: The gauge was moved in 2019.\n")
    assert "[^1]: Harbour office table.\n[^2]: Spring tides.\n" in body
    assert "[^3]: The gauge was moved in 2019." in body.splitlines()
    assert any(e.kind == "footnote" and e.status == "carried" for e in c.ledger.entries)


def test_a_setext_heading_aligns_with_the_same_section_and_stays_a_heading():
    base = "Costs\n-----\n\nThe hall hire is EUR 120.\n\n## Contacts\n\nAsk Rita.\n"
    body, _ = merged(base, "## Costs\n\nThe hall hire is EUR 100.\n\nCleaning is EUR 35.\n")
    assert body.startswith("\n# Newer\n\n")  # the newest renamed the note (merge/title.py)
    assert "Costs\n-----\n" in body and "EUR 100" not in body
    costs = body.split("Costs\n-----\n")[1].split("## Contacts")[0]
    assert "Cleaning is EUR 35." in costs
    # an older setext section the base lacks comes with its heading, never as a paragraph
    # (two carried sentences: one alone is homed in the base's nearest section)
    body, _ = merged("## Costs\n\nThe hall hire is EUR 120.\n",
                     "Parking\n-------\n\nThe car park closes at 22:00. Coaches park on "
                     "Mill Lane.\n")
    assert "## Parking\n\nThe car park closes at 22:00. Coaches park on Mill Lane." in body


def test_an_indented_code_block_is_carried_with_its_lines():
    code = "    rsync -a /data/ backup:/data/\n    echo done\n"
    body, _ = merged("## Backup\n\nRun the copy nightly.\n",
                     "## Backup\n\nRun the copy nightly.\n\n" + code)
    assert code in body


def test_older_values_in_other_numerals_are_reported_never_dropped_unsaid():
    body, c = merged("## Tickets\n\nA ticket costs 35 EUR.\n",
                     "## Tickets\n\nA ticket costs ٣٠ EUR.\n\n每人限购三张。\n")
    arabic = next(e for e in c.ledger.entries if "٣٠" in e.text)
    chinese = next(e for e in c.ledger.entries if "三" in e.text)
    assert arabic.status == "superseded" and "٣٠" not in body
    assert chinese.status == "carried" and "每人限购三张。" in body


def test_a_setext_title_heading_of_the_base_names_the_kept_file_like_an_atx_one():
    # lighthouse keeping: the kept file is an older note; the newest note's H1 is setext
    older = note("light/lamp-log.md", "---\ntitle: Lamp room log\nmodified: 2025-01-01\n---\n\n"
                 "# Lamp room log\n\nThe lamp is lit at sunset.\n")
    # (titles that differ in no stamp, one name reworded: the kept title stays)
    newer = note("light/lamp-log-2025.md", "---\ntitle: Lamp room logbook\n"
                 "modified: 2025-06-01\n---\n\nLamp room logbook\n=================\n\n"
                 "The lamp is lit 15 minutes before sunset.\n")
    for action in ("update", "merge"):
        body = split_frontmatter(compose(action, newer, [older], kept=older, now=NOW).text)[1]
        assert body.startswith("\nLamp room log\n=============\n\n"), body
        assert "Lamp room logbook" not in body
