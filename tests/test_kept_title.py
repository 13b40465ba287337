"""The merged note carries the current title: the kept file is the newest's unless a
member is important, linked to more or, linked to alike, holds the undated name; when an
older file is kept, a title stamped with its own date, version or status gives way to the newest's
whatever the subject words (its path and permalink stay, every link to the old title,
and to the retired notes, is pointed at the note, undo restores every byte).
Domain: a hot-air balloon flight operator."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from helpers_apply import group_doc, notes_of, plan_doc, tree_hashes, write_note
from helpers_merge import dated

from review_app.core.apply import apply_plan, plan_from_document, undo_apply
from review_app.core.grouping import choose_kept
from review_app.core.merging import compose
from review_app.core.notes import parse_note
from review_app.core.project import Project

NOW = dt.datetime(2026, 2, 1, 9, 0, 0)
OLD_BODY = ("A sunrise flight costs GBP 210 per passenger.\n\n"
            "Private baskets for two cost GBP 650.\n")
NEW_BODY = ("A sunrise flight costs GBP 245 per passenger.\n\n"
            "Private baskets for two cost GBP 720.\n")


def test_without_a_reason_to_keep_an_older_file_the_newest_is_kept():
    older = dated("balloons/launch-field.md", "Launch Field Rules", "balloons/launch-field",
                  OLD_BODY, created="2025-03-02", modified="2025-03-04")
    newer = dated("balloons/launch-site.md", "Launch Site Procedure", "balloons/launch-site",
                  NEW_BODY, created="2025-09-10", modified="2025-09-12")
    kept, why = choose_kept([older, newer])
    assert kept.path == newer.path
    assert why == "newer: modified 2025-09-12 vs 2025-03-04"
    # what keeps an older file still does: importance, links, and of notes linked to
    # alike an undated name; an undated name nothing links to does not
    assert choose_kept([older, newer], {older.path: 2})[0].path == older.path
    stamped = dated("balloons/launch-2025.md", "Launch Site Procedure 2025",
                    "balloons/launch-2025", NEW_BODY, modified="2025-09-12")
    assert choose_kept([older, stamped], {older.path: 1, stamped.path: 1})[0].path == older.path
    assert choose_kept([older, stamped])[0].path == stamped.path


@pytest.mark.parametrize("old_title,new_title,written", [
    # the kept title's own year / status names an older issue than the body
    ("Balloon Flight Prices 2025", "Passenger Ticket Tariff", "Passenger Ticket Tariff"),
    ("Launch Field Rules (draft)", "Launch Site Procedure", "Launch Site Procedure"),
    ("Envelope inspection proposal", "Envelope Inspection Schedule",
     "Envelope Inspection Schedule"),
    # two undated names: the newest renamed the note
    ("Launch Field Rules", "Launch Site Procedure", "Launch Site Procedure"),
    # guards: an undated established name stays over a dated newer one; a version alone
    # names a revision the merged note continues
    ("Balloon Flight Prices (v2)", "Passenger Ticket Tariff", "Balloon Flight Prices (v2)"),
    ("Balloon Flight Prices", "Ticket Tariff 2026 (v2)", "Balloon Flight Prices"),
    # an undated name the newest renamed under a dated one: the newest's (round 41)
    ("Balloon Flight Prices", "Ticket Tariff 2026", "Ticket Tariff 2026"),
    ("Balloon Flight Prices 2025", "Ticket Tariff 2026", "Ticket Tariff 2026"),
    # one year both share is no stale stamp, but the newest renamed the note
    ("Balloon Flight Prices 2026", "Ticket Tariff 2026", "Ticket Tariff 2026"),
    # two stamps of one period are no stale stamp
    ("Pilot debrief Q3 summary", "Debrief synthesis 2026-09", "Pilot debrief Q3 summary"),
])
def test_a_stale_stamped_kept_title_gives_way_whatever_the_subject_words(
        old_title: str, new_title: str, written: str):
    kept = dated("balloons/prices.md", old_title, "balloons/prices", OLD_BODY,
                 modified="2025-01-12")
    base = dated("balloons/tariff.md", new_title, "balloons/tariff", NEW_BODY,
                 modified="2025-11-05")
    for action in ("update", "merge"):
        out = compose(action, base, [kept], kept=kept, now=NOW)
        note = parse_note(kept.path, out.text.encode())
        assert note.title == written  # type: ignore[union-attr]
        assert f"\n# {written}\n" in out.text
        assert note.permalink == "balloons/prices"  # type: ignore[union-attr]
        assert "GBP 245" in out.text and "GBP 210" not in out.text
        if written != old_title:
            assert f"title: {old_title} -> {written}" in out.ledger.lines()
        else:
            assert out.ledger.title is None


@pytest.mark.parametrize("old_title,mid_title,written", [
    # a kept revision below one a later member names is an earlier issue of the note
    ("Balloon Flight Prices v1", "Balloon Flight Prices v2", "Passenger Ticket Tariff"),
    ("Balloon Flight Prices rev 1", "Flight Fares (rev 3)", "Passenger Ticket Tariff"),
    # the kept file's version is the latest named: the merged note continues it
    ("Balloon Flight Prices v2", "Balloon Flight Prices v1", "Balloon Flight Prices v2"),
    ("Balloon Flight Prices v2", "Flight Fares", "Balloon Flight Prices v2"),
])
def test_a_kept_version_below_another_members_is_stale(old_title: str, mid_title: str,
                                                       written: str):
    kept = dated("balloons/prices.md", old_title, "balloons/prices", OLD_BODY,
                 modified="2025-01-12")
    mid = dated("balloons/fares.md", mid_title, "balloons/fares", OLD_BODY,
                modified="2025-05-12")
    base = dated("balloons/tariff.md", "Passenger Ticket Tariff", "balloons/tariff", NEW_BODY,
                 modified="2025-11-05")
    for action in ("update", "merge"):
        out = compose(action, base, [kept, mid], kept=kept, now=NOW)
        note = parse_note(kept.path, out.text.encode())
        assert note.title == written  # type: ignore[union-attr]
        assert f"\n# {written}\n" in out.text


@pytest.fixture
def fleet(tmp_path: Path) -> Path:
    """An important 2025 price note, a draft copy and the newest tariff (three sessions),
    and notes linking to each in every form."""
    root = tmp_path / "kb"
    write_note(root, "balloons/flight-prices-2025.md", "Balloon Flight Prices 2025",
               "# Balloon Flight Prices 2025\n\n" + OLD_BODY
               + "\n## Relations\n\n- part_of [[Balloon Operations Manual]]\n",
               permalink="balloons/flight-prices-2025", important=True,
               created="2025-01-10", modified="2025-01-12")
    write_note(root, "balloons/ticket-prices-draft.md", "Flight Ticket Prices (draft)",
               "# Flight Ticket Prices (draft)\n\nA sunrise flight costs GBP 230 per passenger.\n\n"
               "Private baskets for two cost GBP 690.\n",
               permalink="balloons/ticket-prices-draft", created="2025-06-01",
               modified="2025-06-03")
    write_note(root, "balloons/passenger-ticket-tariff.md", "Passenger Ticket Tariff",
               "# Passenger Ticket Tariff\n\nThis tariff replaces the earlier price sheet.\n\n"
               + NEW_BODY + "\n## Relations\n\n- part_of [[Balloon Operations Manual]]\n"
               "- replaces [[Flight Ticket Prices (draft)]]\n"
               "- replaces [[Balloon Flight Prices 2025]]\n",
               permalink="balloons/passenger-ticket-tariff", created="2025-11-02",
               modified="2025-11-05")
    write_note(root, "balloons/manual.md", "Balloon Operations Manual",
               "# Balloon Operations Manual\n\n"
               "Fares: [[Balloon Flight Prices 2025]], [[Balloon Flight Prices 2025|the fares]], "
               "[[balloons/flight-prices-2025]], [[balloons/Balloon Flight Prices 2025]] and "
               "memory://balloons/flight-prices-2025.\n\n"
               "Drafts: [[Flight Ticket Prices (draft)]], [[balloons/ticket-prices-draft|v2]], "
               "memory://balloons/passenger-ticket-tariff and "
               "[[Passenger Ticket Tariff|the tariff]].\n\n"
               "## Relations\n\n- depends_on [[Balloon Flight Prices 2025]]\n"
               "- mentions [[Passenger Ticket Tariff]]\n"
               "- mentions [[Flight Ticket Prices (draft)]]\n",
               permalink="balloons/manual", modified="2025-02-01")
    write_note(root, "crew/briefing.md", "Crew Briefing",
               "# Crew Briefing\n\nQuote prices from [[Balloon Flight Prices 2025]] only.\n",
               permalink="crew/briefing", modified="2025-02-02")
    return root


GROUP = ("balloons/passenger-ticket-tariff.md",
         ["balloons/flight-prices-2025.md", "balloons/ticket-prices-draft.md"])


def _resolvable(root: Path) -> set[str]:
    keys: set[str] = set()
    for n in notes_of(root).values():
        folder = n.path.rsplit("/", 1)[0]
        keys |= {n.title.lower(), n.permalink.lower(), n.path[:-3].lower(),
                 f"{folder}/{n.title}".lower()}
    return keys


@pytest.mark.parametrize("action", ["update", "merge"])
def test_apply_writes_the_newest_title_into_the_important_file_and_every_link_follows(
        fleet: Path, action: str):
    before = tree_hashes(fleet)
    project = Project(fleet)
    doc = plan_doc(fleet, group_doc(fleet, GROUP[0], GROUP[1], action))
    preview = plan_from_document(project, doc, now=NOW, dry_run=True)
    [gp] = preview.groups
    assert (gp.kept, gp.kept_reason) == ("balloons/flight-prices-2025.md",
                                         "important: marked important")
    assert preview.summary()["groups"][0]["units"]["ledger"]["title"] == [
        "Balloon Flight Prices 2025", "Passenger Ticket Tariff"]
    shown = {c.path: c.after for c in preview.changes}
    report = apply_plan(project, plan_from_document(project, doc, now=NOW))
    assert sorted(report.retired) == ["balloons/passenger-ticket-tariff.md",
                                      "balloons/ticket-prices-draft.md"]
    for path, text in shown.items():  # preview == written, byte for byte
        if text is None:
            assert not (fleet / path).exists(), path
        else:
            assert (fleet / path).read_text(encoding="utf-8") == text, path
    after = notes_of(fleet)
    kept = after["balloons/flight-prices-2025.md"]
    assert kept.title == "Passenger Ticket Tariff" and kept.important
    assert kept.permalink == "balloons/flight-prices-2025"
    assert "\n# Passenger Ticket Tariff\n" in kept.text
    assert "GBP 245" in kept.text and "GBP 210" not in kept.text
    gone = ("Balloon Flight Prices 2025", "Flight Ticket Prices (draft)", "ticket-prices-draft",
            "passenger-ticket-tariff")
    for n in after.values():
        for old in gone:
            assert not any(old.lower() in t.lower() for t in n.links), (n.path, old)
        assert "[[Balloon Flight Prices 2025" not in n.text
    manual = after["balloons/manual.md"].text
    assert "[[Passenger Ticket Tariff|the fares]]" in manual
    assert "- depends_on [[Passenger Ticket Tariff]]" in manual
    assert "memory://balloons/flight-prices-2025." in manual
    assert "Quote prices from [[Passenger Ticket Tariff]] only." in after[
        "crew/briefing.md"].text
    # no link of any note is left naming no note; the written note names none it retired
    keys = _resolvable(fleet)
    for n in after.values():
        for target in n.links:
            assert target.split("|")[0].strip().lower() in keys, (n.path, target)
    undo_apply(project)
    assert tree_hashes(fleet) == before


def test_the_persons_kept_file_still_wins_and_its_stale_title_gives_way(fleet: Path):
    project = Project(fleet)
    (fleet / "balloons/flight-prices-2025.md").unlink()  # no important member left
    before = tree_hashes(fleet)
    base, older = "balloons/passenger-ticket-tariff.md", "balloons/ticket-prices-draft.md"
    default = plan_from_document(project, plan_doc(fleet, group_doc(
        fleet, base, [older], "merge")), now=NOW, dry_run=True)
    # manual links to both once by title; the newest (no stamp) is kept
    assert default.groups[0].kept == base
    chosen = plan_from_document(project, plan_doc(fleet, group_doc(
        fleet, base, [older], "merge", keep=older)), now=NOW)
    [gp] = chosen.groups
    assert (gp.kept, gp.kept_reason) == (older, "chosen by you")
    apply_plan(project, chosen)
    kept = notes_of(fleet)[older]
    assert kept.title == "Passenger Ticket Tariff"
    assert kept.permalink == "balloons/ticket-prices-draft"
    undo_apply(project)
    assert tree_hashes(fleet) == before


def test_a_line_that_only_links_another_member_is_not_written():
    """After the merge "Replaces [[v1]]" names the note itself: dropped, and the ledger
    says why; a sentence with a fact of its own beside the link stays."""
    kept = dated("balloons/prices.md", "Balloon Flight Prices v1", "balloons/prices", OLD_BODY,
                 modified="2025-01-12")
    base = dated("balloons/tariff.md", "Passenger Ticket Tariff", "balloons/tariff",
                 NEW_BODY + "\nReplaces [[Balloon Flight Prices v1]].\n\n"
                 "Refunds for flights cancelled before 1 May follow [[Balloon Flight Prices v1]] "
                 "and are paid within 14 days.\n",
                 modified="2025-11-05")
    mid = dated("balloons/fares.md", "Balloon Flight Prices v2", "balloons/fares",
                "Revised by the chief pilot after the season debrief. Replaces "
                "[[Balloon Flight Prices v1]].\n\n" + OLD_BODY, modified="2025-05-12")
    for action, olders in (("update", [kept]), ("merge", [kept]), ("merge", [kept, mid])):
        out = compose(action, base, olders, kept=kept, now=NOW)
        assert "Replaces [[" not in out.text
        assert "are paid within 14 days." in out.text
        assert any("Replaces" in line and "itself" in line for line in out.ledger.lines()), \
            out.ledger.lines()
