"""A name held for one role is no new holder of another (pass_dropped_sections,
_roles_apart): merge-BF lost "Wholesaler: Smiths News, Bristol depot, account 7730-HN"
from a section the newest dropped to the newest's "[contact] Rep is Nadia Fenn". A new
holder of the same role still replaces the old one ("The van driver is ..."). Domain: a
removal firm, which no other test uses."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def _older() -> object:
    return dated("removal-firm/storage.md", "Storage and contacts", "storage-and-contacts",
                 "How we store customers' goods between moves.\n\n"
                 "## Account\n\n- Storage partner: Keyline Depots, Leeds yard, account 4410-KD.\n"
                 "- Van driver: Colin Marsh, Monday to Thursday.\n\n"
                 "## Crates\n\n- Crates are hired at £3 per crate per week.\n",
                 modified="2024-02-01")


def test_a_holder_of_another_role_is_kept() -> None:  # failed before
    newest = dated("removal-firm/storage-2024.md", "Storage and contacts 2024",
                   "storage-and-contacts-2024",
                   "How we store customers' goods between moves, after the July changes.\n\n"
                   "## Crates\n\n- Crates are hired at £4 per crate per week.\n\n"
                   "## Contacts\n\nOur new rep is Mara Quill, who took over the north patch.\n\n"
                   "## Observations\n\n- [contact] Rep is Mara Quill #storage\n",
                   modified="2024-08-01")
    composed = compose("merge", newest, [_older()])
    assert entry(composed, "Storage partner").status == "carried"
    assert "Keyline Depots, Leeds yard, account 4410-KD" in composed.text
    assert "£3 per crate" not in composed.text
    check_ledger(composed)


def test_a_new_holder_of_the_same_role_replaces_the_old() -> None:  # passes before
    newest = dated("removal-firm/storage-2024.md", "Storage and contacts 2024",
                   "storage-and-contacts-2024",
                   "How we store customers' goods between moves, after the July changes.\n\n"
                   "## Crates\n\n- Crates are hired at £4 per crate per week.\n\n"
                   "## Contacts\n\nThe van driver is Dev Patel, Monday to Thursday.\n",
                   modified="2024-08-01")
    composed = compose("merge", newest, [_older()])
    assert entry(composed, "Van driver: Colin Marsh").status == "superseded"
    assert "Colin Marsh" not in composed.text
    check_ledger(composed)
