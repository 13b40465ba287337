"""In a chain of versions, what a middle version says is over speaks for the versions
before it, and an item is named by its code after its list's own number (issue 18: a
v1/v2/v3 chain; pass_said_over, pass_standing): v2's "Dave Hollins moved to the
Manchester branch" supersedes v1's "Rep: Dave Hollins" though the newest never names him
(merge-BH g02); v1's "3. D3: Deposit of 30%" is D3, which v3 says anew, not an item of
its list v3 left as it was (merge-BH g09 wrote both deposits). "Stepped back" tells that
someone left. Domains: a toy shop, a farm shop and hedge laying, which no other test uses."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def test_a_middle_versions_leaver_is_gone_from_the_first() -> None:  # failed before
    v1 = dated("toy-shop/suppliers.md", "Toy shop suppliers", "toy-shop-suppliers",
               "## Wooden toys\n- Wholesaler: Brightwood Toys\n- Rep: Alan Pryce, "
               "0161 496 0721\n",
               modified="2024-01-10")
    v2 = dated("toy-shop/suppliers-v2.md", "Toy shop suppliers v2", "toy-shop-suppliers-v2",
               "## Wooden toys\nBrightwood Toys is still the main account. Alan Pryce moved "
               "to the Leeds branch; our new rep is Nadia Kaur, 0161 496 0788.\n",
               modified="2024-05-10")
    v3 = dated("toy-shop/suppliers-v3.md", "Toy shop suppliers v3", "toy-shop-suppliers-v3",
               "## Ordering\n1. Check the shelf gaps on Monday.\n2. Email the order to "
               "Nadia Kaur at Brightwood Toys.\n",
               modified="2024-09-10")
    composed = compose("merge", v3, [v1, v2])
    assert entry(composed, "Rep: Alan Pryce").status == "superseded"
    assert "0161 496 0721" not in composed.text
    check_ledger(composed)


def test_a_coded_item_after_its_list_number_is_its_code() -> None:  # failed before
    v1 = dated("farm-shop/box-scheme.md", "Veg box scheme", "farm-shop-box-scheme",
               "## Decisions\n1. D1: Boxes are packed on Thursday morning.\n"
               "2. D2: Deposit of £5 per crate, refunded when it comes back.\n\n"
               "## Packing\n1. Pack roots at the bottom (D1).\n",
               modified="2024-02-01")
    v3 = dated("farm-shop/box-scheme-v3.md", "Veg box scheme v3", "farm-shop-box-scheme-v3",
               "Final version, approved by the partners.\n\n"
               "## Decisions\n- D1: Boxes are packed on Thursday morning.\n"
               "- D2: Deposit of £8 per crate, refunded when it comes back.\n"
               "- D3: No more than 60 boxes a week.\n",
               modified="2024-09-01")
    composed = compose("merge", v3, [v1])
    assert entry(composed, "D2: Deposit of £5").status == "superseded"
    assert "£5 per crate" not in composed.text
    assert "£8 per crate" in composed.text
    check_ledger(composed)


def test_someone_who_stepped_back_is_gone() -> None:  # failed before
    older = dated("hedge-laying/team.md", "Hedge laying team", "hedge-laying-team",
                  "## Bookings\nBookings are taken by Rhona Fell, Mondays only. Rhona "
                  "chases unpaid invoices after 30 days.\n",
                  modified="2024-01-05")
    newest = dated("hedge-laying/team-2024.md", "Hedge laying team 2024",
                   "hedge-laying-team-2024",
                   "## Bookings\nBookings are taken by Owen Tate since Rhona stepped back in "
                   "May.\n",
                   modified="2024-08-01")
    composed = compose("merge", newest, [older])
    assert entry(composed, "Rhona chases unpaid invoices").status in ("superseded", "dropped")
    assert "Rhona chases" not in composed.text
    check_ledger(composed)
