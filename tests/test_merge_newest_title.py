"""The written note's title follows the base (the newest) when the kept file's title names
another period, version or standing ("... 2025" over 2026 rates, "Proposal: ..." over
the agreed text, an unstamped title over "... 2026"); the kept file's path and
permalink stay, links to the old title are pointed at the new one, undo restores
every byte. Domain: a velodrome's track hire."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from helpers_apply import group_doc, notes_of, plan_doc, tree_hashes, write_note
from helpers_merge import dated

from review_app.core.apply import apply_plan, plan_from_document, undo_apply
from review_app.core.merging import compose
from review_app.core.notes import parse_note
from review_app.core.project import Project

NOW = dt.datetime(2026, 3, 1, 8, 0, 0)
OLD_BODY = ("A two-hour track session costs EUR 90 for affiliated clubs.\n\n"
            "Fixed-gear bikes can be hired at the kiosk for EUR 12.\n")
NEW_BODY = ("A two-hour track session costs EUR 110 for affiliated clubs.\n\n"
            "Fixed-gear bikes can be hired at the kiosk for EUR 15.\n")


@pytest.mark.parametrize("old_title,new_title,written", [
    ("Track hire rates 2025", "Track hire rates 2026", "Track hire rates 2026"),
    ("Track hire rates", "Track hire rates 2026", "Track hire rates 2026"),
    ("Proposal - track hire rates", "Track hire rates", "Track hire rates"),
    ("Track hire rates (draft)", "Track hire rates", "Track hire rates"),
    ("Track hire rates v1", "Track hire rates v2", "Track hire rates v2"),
    # no stamp or status between them: the newest renamed the note
    ("Track hire rates", "Velodrome track prices", "Velodrome track prices"),
    # a dated new name whose words differ both ways: the newest renamed the note (round 41)
    ("Velodrome track prices", "Track hire rates 2026", "Track hire rates 2026"),
    # an unstamped established name stays over an agent's dated copy of it
    ("Velodrome track prices", "Velodrome track prices summary 2026-01",
     "Velodrome track prices"),
])
def test_the_title_follows_the_newest_when_the_titles_differ_in_a_stamp(
        old_title: str, new_title: str, written: str):
    kept = dated("velo/rates.md", old_title, "velo/rates", OLD_BODY, modified="2025-01-05")
    base = dated("velo/rates-new.md", new_title, "velo/rates-new", NEW_BODY,
                 modified="2026-01-08")
    for action in ("update", "merge"):
        out = compose(action, base, [kept], kept=kept, now=NOW)
        note = parse_note(kept.path, out.text.encode())
        assert note.title == written  # type: ignore[union-attr]
        assert f"\n# {written}\n" in out.text
        assert note.permalink == "velo/rates"  # type: ignore[union-attr]
        assert "EUR 110" in out.text and "EUR 90" not in out.text
        if written != old_title:
            assert out.ledger.title == (old_title, written)
            assert f"title: {old_title} -> {written}" in out.ledger.lines()
        else:
            assert out.ledger.title is None
            assert not any(ln.startswith("title:") for ln in out.ledger.lines())


@pytest.fixture
def track(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    write_note(root, "velo/track-hire-rates.md", "Track hire rates 2025",
               "# Track hire rates 2025\n\n" + OLD_BODY, permalink="velo/track-hire-rates",
               modified="2025-01-05")
    write_note(root, "velo/track-hire-rates-2026.md", "Track hire rates 2026",
               "# Track hire rates 2026\n\n" + NEW_BODY,
               permalink="velo/track-hire-rates-2026", modified="2026-01-08")
    write_note(root, "velo/club-handbook.md", "Club handbook",
               "# Club handbook\n\nBook the boards early; prices are in "
               "[[Track hire rates 2025]] (see [[velo/Track hire rates 2025|the rates]]).\n\n"
               "The permalink form memory://velo/track-hire-rates stays as it is.\n\n"
               "## Relations\n\n- depends_on [[Track hire rates 2025]]\n"
               "- mentions [[Track hire rates 2026]]\n",
               permalink="velo/club-handbook", modified="2025-02-01")
    return root


def test_apply_writes_the_new_title_and_points_links_to_the_old_title_at_it(track: Path):
    before = tree_hashes(track)
    notes = notes_of(track)
    kept, base = notes["velo/track-hire-rates.md"], notes["velo/track-hire-rates-2026.md"]
    preview = compose("merge", base, [kept], kept=kept, now=NOW)
    project = Project(track)
    doc = plan_doc(track, group_doc(track, base.path, [kept.path], "merge", keep=kept.path))
    plan = plan_from_document(project, doc, now=NOW)
    assert not plan.conflicts
    summary = plan.summary()
    assert summary["groups"][0]["units"]["ledger"]["title"] == [
        "Track hire rates 2025", "Track hire rates 2026"]
    apply_plan(project, plan)
    written = (track / kept.path).read_text(encoding="utf-8")
    assert written == preview.text
    assert not (track / base.path).exists()
    after = notes_of(track)
    assert after[kept.path].title == "Track hire rates 2026"
    assert after[kept.path].permalink == "velo/track-hire-rates"
    handbook = (track / "velo/club-handbook.md").read_text(encoding="utf-8")
    assert "Track hire rates 2025" not in handbook
    assert "[[Track hire rates 2026]] (see [[Track hire rates 2026|the rates]])" in handbook
    assert "- depends_on [[Track hire rates 2026]]" in handbook
    assert "memory://velo/track-hire-rates stays" in handbook
    # every link of the handbook names a note that exists
    keys = {k for n in after.values() for k in (n.title.lower(), n.permalink.lower(),
                                                f"velo/{n.title}".lower())}
    for link in after["velo/club-handbook.md"].links:
        assert link.split("|")[0].lower() in keys, link
    undo_apply(project)
    assert tree_hashes(track) == before


def test_confirmation_and_header_say_the_title_change(track: Path):
    from review_app.tui.screens.confirm import summary_text

    notes = notes_of(track)
    kept, base = notes["velo/track-hire-rates.md"], notes["velo/track-hire-rates-2026.md"]
    doc = plan_doc(track, group_doc(track, base.path, [kept.path], "update", keep=kept.path))
    plan = plan_from_document(Project(track), doc, now=NOW, dry_run=True)
    text = summary_text(plan.summary()).plain
    assert "title: Track hire rates 2025 -> Track hire rates 2026" in text


def test_upsert_merge_writes_the_new_title_and_points_links_at_it(track: Path, embedder):
    from review_app.core.upsert import decide_pending, upsert_note

    (track / "velo/track-hire-rates-2026.md").unlink()  # the agent writes it now
    before = tree_hashes(track)
    queued = upsert_note("Track hire rates 2026", "# Track hire rates 2026\n\n" + NEW_BODY,
                         "velo", track, on_match="ask", embedder=embedder,
                         similarity_threshold=0.2)
    assert queued["action"] == "queued_for_review"
    done = decide_pending(track, queued["proposal_id"], "merge",
                          target_path="velo/track-hire-rates.md")
    assert done["action"] == "merged"
    # the result names every file written beyond the note (a fuzzing pass: the output
    # named one file while another note's links were rewritten)
    assert done["retitled"][1] == "Track hire rates 2026"
    assert done["links_rewritten"] == ["velo/club-handbook.md"]
    from review_app.commands.upsert import describe
    assert "links to its old title rewritten in: velo/club-handbook.md" in describe(
        {**done, "similarity": 0.9})
    after = notes_of(track)
    assert after["velo/track-hire-rates.md"].title == "Track hire rates 2026"
    assert after["velo/track-hire-rates.md"].permalink == "velo/track-hire-rates"
    handbook = (track / "velo/club-handbook.md").read_text(encoding="utf-8")
    assert "Track hire rates 2025" not in handbook
    assert "- depends_on [[Track hire rates 2026]]" in handbook
    undo_apply(Project(track))
    assert tree_hashes(track) == before


def test_the_preview_says_the_title_change_and_points_its_links_like_apply(track: Path):
    from review_app.tui.view import PreviewRequest
    from review_app.tui.widgets.merge_view import compose_written, header_text

    notes = notes_of(track)
    kept, base = notes["velo/track-hire-rates.md"], notes["velo/track-hire-rates-2026.md"]
    calls: list = []

    def links(title=None):
        calls.append(title)
        from review_app.core.merging import link_mapping, retitled_mapping

        return retitled_mapping(link_mapping({base.path: base}, {base.path: kept}), kept, title)

    request = PreviewRequest("merge", base, kept, [kept], kept, links=links)
    written = compose_written(request)
    assert calls == ["Track hire rates 2026"]
    assert "title: Track hire rates 2025 -> Track hire rates 2026" in header_text(written).plain
    assert "\n# Track hire rates 2026\n" in written.text

