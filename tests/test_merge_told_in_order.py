"""An older procedure under no heading the newest keeps is the older version of the
newest's numbered list when it tells that list's steps in their order, however tersely
the newer steps are worded (pass_blocks._told_in_order): its steps are held back with
that list, never written as a second procedure beside it. Before, when the newest held
two lists (opening and closing), the older steps were carried under the title, above
the newest's "## Opening": a volunteer read the procedure twice, the cardboard shoebox
the newest replaced with card index drawers in it. Domain: a seed library."""

from __future__ import annotations

from helpers_merge import check_ledger, entry, fm, merged, note

OLDER = note("seeds/opening.md", fm("Seed library opening", "2024-03-02") + """\
How the volunteer on duty opens the seed library in the community centre.

1. Collect the key to the seed cabinet from reception and sign the key book.
2. Unlock the seed cabinet and take out the swap register and a pen.
3. Sort packets left in the returns basket into the cardboard shoebox by plant family.
4. Put the kettle on for visitors in the kitchen next door.
5. Turn the sign on the hall door round so it says the seed library is open.
""")

NEWEST = note("seeds/opening-2025.md", fm("Seed library opening 2025", "2025-04-05") + """\
How the volunteer on duty opens the seed library in the community centre.

## Opening

1. Cabinet key from reception.
2. Cabinet unlocked; register out.
3. Returned packets filed in the card index drawers.
4. Kettle on in the kitchen.
5. Hall door sign turned to open.

## Closing

1. Register totals copied to the swap log.
2. Drawers and cabinet locked.
3. Key back to reception.
""")


def test_an_older_procedure_told_in_the_newest_order_is_held_with_its_list():
    c = merged(NEWEST, OLDER)
    check_ledger(c)
    shoebox = entry(c, "cardboard shoebox")
    assert shoebox.status == "dropped" and shoebox.held, shoebox
    assert shoebox.block and "numbered list" in shoebox.block, shoebox.block
    assert "cardboard shoebox" not in c.text
    # no step of the older procedure is written beside the newer one
    for fragment in ("sign the key book", "swap register and a pen",
                     "kitchen next door", "Turn the sign on the hall door"):
        assert fragment not in c.text, fragment
        assert entry(c, fragment).status in ("dropped", "present", "superseded")
    assert c.text.count("\n1. ") == 2  # the newest's opening and closing lists
