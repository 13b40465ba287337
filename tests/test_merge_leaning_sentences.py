"""A sentence that leans on the one before it ("They must stay under 2 GB", "This means
...", "These go to ...") is never written without it: right after it when it is carried
or ends a paragraph of the newest, else held back (a row the person can flip). Domain:
a recording studio's booking note."""

from __future__ import annotations

import re

import pytest
from helpers_merge import check_ledger, dated, entry

from review_app.core.merging import compose

OLD = """Studio B is booked through the front desk calendar.

Mix files are delivered as 24-bit WAV. They must stay under 2 GB per song.

Stems are exported at 48 kHz. These go to the client's shared folder within 3 days.

## Equipment

The vocal booth has a Neve 1073 preamp. It is patched to input 9 of the desk.

The tape machine is a Studer A80. This means analogue sessions need 2 hours' notice.
"""
NEW = """Studio B is booked through the front desk calendar. Sessions start on the hour \
and run in three-hour blocks.

Stems are exported at 96 kHz. Mix files are delivered as 24-bit WAV.

## Equipment

The vocal booth is lined with acoustic foam panels.

The control room has Genelec 8050 monitors. The tape machine is a Studer A80. It sits \
in the machine room.

The desk is an SSL AWS 948 with 48 inputs.

## Contacts

Bookings are handled by Ilse Marten.
"""


def _compose(action: str = "merge", choices=None):
    old = dated("studio/b-old.md", "Studio B booking", "studio/b-old", OLD,
                modified="2025-03-01")
    new = dated("studio/b.md", "Studio B booking", "studio/b", NEW, modified="2026-02-01")
    return compose(action, new, [old], kept=new, choices=choices)


def _paragraphs(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", text)]


@pytest.mark.parametrize("text,leaning", [
    ("It should be under 16 MB.", True),
    ("This means the queue drains twice.", True),
    ("Both are checked weekly.", True),
    ("The latter is kept in the office.", True),
    ("These go to the client within 3 days.", True),
    ("Studio hire costs EUR 55 per hour.", False),
    ("The tape machine is a Studer A80.", False),
    ("This year the studio closes for 2 weeks in August.", False),
    ("That Friday session runs until 23:00.", False),
])
def test_a_leaning_sentence_is_told_by_its_opening_word(text: str, leaning: bool):
    from review_app.core.merge import ENGLISH
    from review_app.core.merge.pass_leaning import leans

    assert leans(text, ENGLISH) is leaning


def test_a_sentence_whose_antecedent_the_newest_replaced_is_held_back():
    out = _compose()
    these = entry(out, "These go to the client")
    assert these.status == "dropped" and these.held
    assert "Stems are exported at 48 kHz." in these.why
    assert "These go to" not in out.text
    assert any(ln.startswith("- held back: These go to") for ln in out.ledger.lines())
    check_ledger(out)


def test_a_sentence_whose_antecedent_the_newest_says_mid_paragraph_is_held_back():
    out = _compose()
    means = entry(out, "This means analogue sessions")
    assert means.status == "dropped" and means.held
    assert "This means" not in out.text


def test_a_sentence_whose_antecedent_ends_a_newest_paragraph_follows_that_paragraph():
    out = _compose()
    assert entry(out, "They must stay under 2 GB").status == "carried"
    paras = _paragraphs(out.text)
    k = paras.index("They must stay under 2 GB per song.")
    assert paras[k - 1].endswith("Mix files are delivered as 24-bit WAV.")


def test_a_sentence_whose_antecedent_is_carried_is_written_right_after_it():
    out = _compose()
    assert entry(out, "It is patched to input 9").status == "carried"
    assert "The vocal booth has a Neve 1073 preamp. It is patched to input 9 of the desk." \
        in out.text


@pytest.mark.parametrize("action", ["merge", "update"])
def test_the_person_can_carry_a_held_back_sentence(action: str):
    held = entry(_compose(action), "These go to the client")
    assert held.flips == ("carry", "drop")
    out = _compose(action, {held.key: "carry"})
    e = entry(out, "These go to the client")
    assert e.status == "carried" and e.chosen
    assert "These go to the client's shared folder within 3 days." in out.text


def test_held_back_when_the_person_drops_its_antecedent():
    first = _compose()
    neve = entry(first, "Neve 1073 preamp")
    out = _compose(choices={neve.key: "drop"})
    assert "Neve 1073" not in out.text and "It is patched to input 9" not in out.text
    assert entry(out, "It is patched to input 9").held


def test_a_sentence_after_a_list_entry_carried_into_the_newest_list_is_held_back():
    old = dated("studio/mics-old.md", "Studio microphones", "studio/mics-old",
                "## Microphones\n\n- A Neumann U87 for vocals\n"
                "- A pair of Schoeps CMC6 for overheads\n\n"
                "Both are stored in the dry cabinet at 40% humidity.\n", modified="2025-01-01")
    new = dated("studio/mics.md", "Studio microphones", "studio/mics",
                "## Microphones\n\n- A Shure SM7B for podcasts\n- A Neumann U87 for vocals\n"
                "- An AKG D112 for kick drum\n", modified="2026-01-01")
    out = compose("merge", new, [old], kept=new)
    assert entry(out, "Schoeps CMC6").status == "carried"
    both = entry(out, "Both are stored")
    assert both.status == "dropped" and both.held
    # the newest's list is not split by a paragraph
    items = [ln for ln in out.text.splitlines() if ln.startswith("- ")]
    block = out.text[out.text.index(items[0]):out.text.index(items[-1])]
    assert "\n\n" not in block
