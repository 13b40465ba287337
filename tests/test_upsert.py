"""upsert_note through the Python API and the CLI, on copies of the demo knowledge base."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers_apply import assert_written_now
from proposals import PARTNER_QUOTAS, RATE, RATE_FULL, RATE_TARGET

from review_app.core.apply import undo_apply
from review_app.core.naming import InvalidInput, file_stem, validate_directory
from review_app.core.notes import parse_note
from review_app.core.pending import PendingQueue
from review_app.core.project import Project
from review_app.core.upsert import UpsertError, decide_pending, upsert_note

ONCALL_TARGET = "engineering/on-call-rotation.md"

OFFSITE = """# Offsite venue ideas

Lisbon or Porto for the October team offsite; budget 20k EUR; we need 30 rooms and a
room for workshops.
"""


@pytest.fixture
def kb(indexed_demo: Path, tmp_path: Path) -> Path:
    target = tmp_path / "kb"
    shutil.copytree(indexed_demo, target)
    return target


def snapshot(root: Path) -> dict[str, bytes]:
    """Every note file's bytes (bm-review's own state folder left out)."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and ".bm-review" not in p.relative_to(root).parts}


def changed(before: dict[str, bytes], after: dict[str, bytes]) -> set[str]:
    return {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}


def is_subsequence(small: list[str], big: list[str]) -> bool:
    it = iter(big)
    return all(line in it for line in small)


def frontmatter_block(text: str) -> str:
    """The frontmatter, `modified:` left out: every write refreshes it (issue 18)."""
    return re.sub(r"(?m)^modified:.*\n", "", text[: text.index("\n---\n", 4) + 5])


# --------------------------------------------------------------------- Python API

def test_create_writes_a_basic_memory_note_and_undo_removes_it(kb: Path, embedder):
    before = snapshot(kb)
    result = upsert_note("Offsite venue ideas: Lisbon/Porto?", OFFSITE, "meetings", kb,
                         embedder=embedder, tags=["offsite"])
    assert result["action"] == "created" and result["matched_note"] is None
    # basic-memory's file name rules: / : ? become '-', runs collapse, ends trimmed
    assert result["path"] == "meetings/Offsite venue ideas- Lisbon-Porto.md"
    assert changed(before, snapshot(kb)) == {result["path"]}
    note = parse_note(result["path"], (kb / result["path"]).read_bytes())
    assert note.title == "Offsite venue ideas: Lisbon/Porto?"
    assert note.metadata["type"] == "note" and note.tags == ["offsite"]
    assert note.permalink == "meetings/offsite-venue-ideas-lisbon-porto"
    assert list(note.metadata)[:3] == ["title", "type", "permalink"]
    assert "Lisbon or Porto" in note.body
    assert result["candidates"] and all(c["score"] < 0.5 for c in result["candidates"])

    undo_apply(Project(kb), result["apply_id"])
    assert snapshot(kb) == before


def test_same_title_again_is_the_same_note(kb: Path, embedder):
    first = upsert_note("Offsite venue ideas", OFFSITE, "", kb, embedder=embedder)
    assert first["action"] == "created"
    again = upsert_note("Offsite venue ideas", OFFSITE, "", kb, embedder=embedder)
    assert again["action"] == "updated_existing" and again["matched_note"] == first["path"]
    assert again["changed"] is False and again["apply_id"] is None  # nothing new to write
    new = OFFSITE + "\nDecision: Porto, 14-16 October.\n"
    third = upsert_note("Offsite venue ideas", new, "", kb, embedder=embedder)
    assert third["action"] == "updated_existing" and third["changed"] is True
    assert "Porto, 14-16 October" in (kb / first["path"]).read_text(encoding="utf-8")
    assert len(list(kb.glob("Offsite*.md"))) == 1


def test_update_replaces_body_keeps_identity_and_undo_restores(kb: Path, embedder):
    before = snapshot(kb)
    original = (kb / RATE_TARGET).read_text(encoding="utf-8")
    today = dt.datetime.now(dt.UTC).date()
    result = upsert_note("API rate limits", RATE_FULL, "engineering", kb, embedder=embedder)
    assert result["action"] == "updated_existing", result["reason"]
    assert result["matched_note"] == RATE_TARGET == result["path"]
    assert result["similarity"] >= 0.5
    assert result["candidates"][0]["path"] == RATE_TARGET
    assert result["candidates"][0]["evidence"]["cosine"] > 0.8
    assert changed(before, snapshot(kb)) == {RATE_TARGET}  # no new file
    text = (kb / RATE_TARGET).read_text(encoding="utf-8")
    assert frontmatter_block(text) == frontmatter_block(original)  # title/permalink/tags kept
    assert_written_now(original, text, today)
    assert "Enterprise keys get custom limits" in text
    assert "Business 250 req/s" in text and "Business 200 req/s" not in text
    assert "# Rate limiting design\n" in text and "# API rate limits" not in text

    undo_apply(Project(kb), result["apply_id"])
    assert snapshot(kb) == before


def test_an_update_that_would_drop_matched_content_is_queued_not_written(kb: Path, embedder):
    """The agent's text leaves out the note's "Not doing (yet)" section: an update would
    lose it, so a person decides (issue 23); merge keeps it and acts."""
    before = snapshot(kb)
    result = upsert_note("API rate limits", RATE, "engineering", kb, embedder=embedder)
    assert result["action"] == "queued_for_review"
    assert result["matched_note"] == RATE_TARGET
    assert "drop" in result["reason"] and "Per-endpoint limits" in result["reason"]
    assert snapshot(kb) == before
    assert PendingQueue(Project(kb).state).items()[0].reason == result["reason"]

    merged = upsert_note("API rate limits", RATE, "engineering", kb, on_match="merge",
                         embedder=embedder)
    assert merged["action"] == "merged_existing" and merged["path"] == RATE_TARGET
    text = (kb / RATE_TARGET).read_text(encoding="utf-8")
    assert "Per-endpoint limits" in text and "Enterprise keys get custom limits" in text


def test_merge_adds_what_is_new_and_undo_restores(kb: Path, embedder):
    before = snapshot(kb)
    today = dt.datetime.now(dt.UTC).date()
    result = upsert_note("API rate limits", RATE, "engineering", kb, on_match="merge",
                         embedder=embedder)
    assert result["action"] == "merged_existing" and result["path"] == RATE_TARGET
    assert changed(before, snapshot(kb)) == {RATE_TARGET}
    text = (kb / RATE_TARGET).read_text(encoding="utf-8")
    assert "- [decision] Enterprise keys get custom limits set by support" in text
    assert "Not doing (yet)" in text  # the original content stays
    assert text.count("429 responses include Retry-After") == 1  # not added twice
    assert_written_now(before[RATE_TARGET].decode(), text, today)

    undo_apply(Project(kb), result["apply_id"])
    assert snapshot(kb) == before


def test_a_related_note_above_the_old_cut_is_asked_about_not_merged(kb: Path, embedder):
    """It shares one section with the rate-limiting note and keeps three of its own: it
    scored 0.72 there, above the 0.694 upsert acted on. Now partial coverage counts against
    it (the reader's rule; 0.39 since sections are also read against runs of sections), so
    at the default match threshold it is a new note; a caller who lowers the threshold gets
    a match, and it waits for a person instead of a merge."""
    before = snapshot(kb)
    result = upsert_note("API quotas and rate limits for partners", PARTNER_QUOTAS,
                         "engineering", kb, on_match="merge", embedder=embedder)
    assert result["action"] == "created" and result["path"] != RATE_TARGET
    assert (kb / RATE_TARGET).read_bytes() == before[RATE_TARGET]
    (kb / result["path"]).unlink()
    result = upsert_note("API quotas and rate limits for partners", PARTNER_QUOTAS,
                         "engineering", kb, on_match="merge", embedder=embedder,
                         similarity_threshold=0.35)
    assert result["action"] == "queued_for_review"
    assert result["matched_note"] == RATE_TARGET
    assert result["reason"].startswith("the closest note is related, not the same")
    assert snapshot(kb) == before


def test_ask_writes_nothing_and_queues_the_proposal(kb: Path, embedder):
    before = snapshot(kb)
    result = upsert_note("API rate limits", RATE, "engineering", kb, on_match="ask",
                         embedder=embedder, caller="agent-7")
    assert result["action"] == "queued_for_review"
    assert result["matched_note"] == RATE_TARGET
    assert result["path"] == "engineering/API rate limits.md"
    assert snapshot(kb) == before
    [proposal] = PendingQueue(kb / ".bm-review").items()
    assert proposal.id == result["proposal_id"] and proposal.caller == "agent-7"
    assert proposal.title == "API rate limits" and proposal.content == RATE
    assert proposal.directory == "engineering" and proposal.created
    assert proposal.matches[0]["path"] == RATE_TARGET
    assert proposal.matches[0]["score"] == result["similarity"]
    assert "cosine" in proposal.matches[0]["evidence"]


def test_important_note_is_never_overwritten_by_update(kb: Path, embedder):
    path = kb / RATE_TARGET
    path.write_text(path.read_text(encoding="utf-8").replace(
        "type: note\n", "type: note\nimportant: true\n"), encoding="utf-8")
    before = snapshot(kb)
    result = upsert_note("API rate limits", RATE, "engineering", kb, on_match="update",
                         embedder=embedder)
    assert result["action"] == "queued_for_review"
    assert "important" in result["reason"] and result["matched_note"] == RATE_TARGET
    assert snapshot(kb) == before
    assert [p.id for p in PendingQueue(kb / ".bm-review").items()] == [result["proposal_id"]]


def test_threshold_one_creates_even_near_duplicates(kb: Path, embedder):
    result = upsert_note("API rate limits", RATE, "engineering", kb,
                         similarity_threshold=1.0, embedder=embedder)
    assert result["action"] == "created" and result["path"] == "engineering/API rate limits.md"
    assert result["candidates"][0]["path"] == RATE_TARGET  # still reported


def test_note_written_by_another_agent_meanwhile_is_updated_not_duplicated(
        kb: Path, embedder, monkeypatch):
    """Another agent creates the same note between matching and writing: the apply
    engine's hash check catches it and the upsert is re-evaluated against it."""
    import review_app.core.upsert as up

    real = up.find_matches
    calls = []

    def racing(project, notes, proposed, **kw):
        out = real(project, notes, proposed, **kw)
        if not calls:  # the other agent's write lands right now
            (kb / "Offsite venue ideas.md").write_text(
                "---\ntitle: Offsite venue ideas\ntype: note\n---\n\n"
                "Lisbon or Porto for the October team offsite.\n",
                encoding="utf-8")
        calls.append(len(notes))
        return out

    monkeypatch.setattr(up, "find_matches", racing)
    result = upsert_note("Offsite venue ideas", OFFSITE, "", kb, embedder=embedder)
    assert len(calls) == 2  # evaluated again after the stale write was refused
    assert result["action"] == "updated_existing"
    assert result["matched_note"] == "Offsite venue ideas.md"
    assert "Lisbon or Porto" in (kb / "Offsite venue ideas.md").read_text(encoding="utf-8")
    assert len(list(kb.glob("Offsite*.md"))) == 1


# ---------------------------------------------------------------- pending decisions

@pytest.mark.parametrize("choice", ["update", "merge", "create", "discard"])
def test_decide_pending_carries_out_each_choice(kb: Path, embedder, choice: str):
    queued = upsert_note("API rate limits", RATE, "engineering", kb, on_match="ask",
                         embedder=embedder)
    before = snapshot(kb)
    today = dt.datetime.now(dt.UTC).date()
    out = decide_pending(kb, queued["proposal_id"], choice)
    assert PendingQueue(kb / ".bm-review").items() == []
    after = snapshot(kb)
    if choice == "discard":
        assert out["action"] == "discarded" and after == before
        return
    if choice == "create":
        assert out["path"] == "engineering/API rate limits.md"
        assert changed(before, after) == {out["path"]}
    else:
        assert out["path"] == RATE_TARGET and changed(before, after) == {RATE_TARGET}
        text = after[RATE_TARGET].decode()
        assert "Enterprise keys get custom limits" in text
        assert ("Per-endpoint limits" in text) == (choice == "merge")
        assert_written_now(before[RATE_TARGET].decode(), text, today)
    history = PendingQueue(kb / ".bm-review").history()
    assert history[-1]["resolved"] == queued["proposal_id"]
    undo_apply(Project(kb), out["apply_id"])
    assert snapshot(kb) == before


def test_decide_pending_update_into_a_chosen_match(kb: Path, embedder):
    queued = upsert_note("API rate limits", RATE, "engineering", kb, on_match="ask",
                         embedder=embedder, similarity_threshold=0.0)
    second = queued["candidates"][1]["path"]
    out = decide_pending(kb, queued["proposal_id"], "update", target_path=second)
    assert out["path"] == second
    assert "Enterprise keys" in (kb / second).read_text(encoding="utf-8")
    with pytest.raises(Exception, match="already decided"):
        decide_pending(kb, queued["proposal_id"], "discard")


def test_decide_pending_refuses_a_target_outside_the_project(kb: Path, embedder):
    queued = upsert_note("API rate limits", RATE, "engineering", kb, on_match="ask",
                         embedder=embedder)
    before = snapshot(kb)
    with pytest.raises(InvalidInput, match="outside the project"):
        decide_pending(kb, queued["proposal_id"], "update", target_path="../elsewhere.md")
    assert snapshot(kb) == before
    assert [p.id for p in PendingQueue(kb / ".bm-review").items()] == [queued["proposal_id"]]


# ----------------------------------------------------------------- bad input

@pytest.mark.parametrize(("directory", "message"), [
    ("../outside", "'..'"),
    ("notes/../../outside", "'..'"),
    ("/etc", "absolute"),
    ("C:\\Windows", "absolute"),
    ("~/notes", "absolute"),
    (".bm-review", "hidden"),
    ("notes/.git", "hidden"),
    ("linked", "outside the project"),
    ("linked/deeper", "outside the project"),
    ("engineering/rate-limiting-design.md", "is a file"),
])
def test_directory_escapes_are_refused_and_nothing_is_written(
        kb: Path, tmp_path: Path, directory: str, message: str):
    outside = tmp_path / "outside"
    outside.mkdir()
    (kb / "linked").symlink_to(outside, target_is_directory=True)
    before, state_before = snapshot(kb), sorted((kb / ".bm-review").rglob("*"))
    with pytest.raises(InvalidInput, match=message):
        upsert_note("Harmless", "# Harmless\n\nText.\n", directory, kb)
    assert snapshot(kb) == before and list(outside.iterdir()) == []
    assert sorted((kb / ".bm-review").rglob("*")) == state_before


@pytest.mark.parametrize(("title", "content", "message"), [
    ("", "text", "title is empty"),
    ("   ", "text", "title is empty"),
    ("a\x00b", "text", "control character"),
    ("line\nbreak", "text", "control character"),
    ("///", "text", "no usable characters"),
    ("...", "text", "no usable characters"),
    ("Binary", b"PK\x03\x04\x00\x00binary", "binary"),
    ("Latin-1", "café".encode("latin-1"), "not valid UTF-8"),
    ("NUL text", "abc\x00def", "binary"),
    ("Empty", "  \n\n", "content is empty"),
    ("Bad YAML", "---\ntitle: [unclosed\n---\nbody\n", "invalid YAML"),
    ("Surrogate", "bad \udc80 text", "surrogate"),
])
def test_bad_titles_and_content_are_refused(kb: Path, title, content, message: str):
    before = snapshot(kb)
    with pytest.raises(InvalidInput, match=message):
        upsert_note(title, content, "", kb)
    assert snapshot(kb) == before


def test_bad_options_are_refused(kb: Path):
    with pytest.raises(InvalidInput, match="on_match"):
        upsert_note("T", "text", "", kb, on_match="overwrite")
    with pytest.raises(InvalidInput, match="between 0 and 1"):
        upsert_note("T", "text", "", kb, similarity_threshold=1.5)


def test_basic_memory_file_names():
    assert file_stem("Coupon Enable/Disable Feature") == "Coupon Enable-Disable Feature"
    assert file_stem('a<b>c:d"e|f?g*h\\i') == "a-b-c-d-e-f-g-h-i"
    assert file_stem("hi everyone...") == "hi everyone"
    assert file_stem("-.hidden") == "hidden"  # never a dot file basic-memory would skip
    assert file_stem("CON") == "CON_"
    assert len(file_stem("é" * 300).encode()) <= 200
    assert validate_directory("./notes//ideas/") == "notes/ideas"
    assert validate_directory("notes\\ideas") == "notes/ideas"
    assert validate_directory("notes/Q3 plans (draft)") == "notes/Q3 plans draft"


# ------------------------------------------------------------------------- CLI

def bm(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "review_app", *args], input=stdin,
                          capture_output=True, timeout=300, env=dict(os.environ))


def run_cli(capsys, monkeypatch, *args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    """`bm-review ARGS` in this process (the model loads once per test run)."""
    import io

    from review_app.cli import main

    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_each_action_and_undo(kb: Path, tmp_path: Path, capsys, monkeypatch):
    before = snapshot(kb)
    root = str(kb)
    # create, text output
    code, out, err = run_cli(capsys, monkeypatch, "upsert", root, "--title",
                             "Offsite venue ideas", "--content", OFFSITE)
    assert code == 0, err
    assert "created Offsite venue ideas.md" in out and "bm-review undo" in out
    created = snapshot(kb)
    assert changed(before, created) == {"Offsite venue ideas.md"}

    # update from a file, JSON output
    f = tmp_path / "rate.md"
    f.write_text(RATE_FULL, encoding="utf-8")
    code, out, err = run_cli(capsys, monkeypatch, "upsert", root, "--title", "API rate limits",
                             "--directory", "engineering", "--content-file", str(f),
                             "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["action"] == "updated_existing" and doc["matched_note"] == RATE_TARGET
    assert {"similarity", "path", "candidates", "apply_id"} <= doc.keys()
    assert "Enterprise keys" in (kb / RATE_TARGET).read_text(encoding="utf-8")

    # merge from standard input into basic-memory's default project ('-' for content)
    config = tmp_path / "bm-config"
    config.mkdir()
    (config / "config.json").write_text(json.dumps(
        {"projects": {"work": {"path": root}}, "default_project": "work"}), encoding="utf-8")
    monkeypatch.setenv("BASIC_MEMORY_CONFIG_DIR", str(config))
    oncall = (kb / ONCALL_TARGET).read_text(encoding="utf-8").split("\n---\n", 1)[1]
    oncall += "- [rule] Secondary on-call covers public holidays\n"
    code, out, err = run_cli(capsys, monkeypatch, "upsert", "-", "--title", "On-call rotation",
                             "--directory", "engineering", "--on-match", "merge",
                             "--format", "json", stdin=oncall.encode())
    assert code == 0, err
    merged = json.loads(out)
    assert merged["action"] == "merged_existing" and merged["path"] == ONCALL_TARGET
    assert "public holidays" in (kb / ONCALL_TARGET).read_text(encoding="utf-8")

    # ask: nothing written, listed as pending
    state = snapshot(kb)
    code, out, err = run_cli(capsys, monkeypatch, "upsert", root, "--title", "API rate limits v2",
                             "--directory", "engineering", "--on-match", "ask", "--format",
                             "json", "--content", RATE.replace("support", "the account manager"))
    assert code == 0, err
    asked = json.loads(out)
    assert asked["action"] == "queued_for_review" and snapshot(kb) == state
    code, out, err = run_cli(capsys, monkeypatch, "upsert", root, "--list-pending",
                             "--format", "json")
    assert [p["id"] for p in json.loads(out)["pending"]] == [asked["proposal_id"]]

    # bm-review undo (a real process) reverts the agent writes, latest first
    for apply_id in (merged["apply_id"], doc["apply_id"]):
        r = bm("undo", root, apply_id)
        assert r.returncode == 0, r.stderr
    assert snapshot(kb) == created
    r = bm("undo", root)
    assert r.returncode == 0, r.stderr
    assert snapshot(kb) == before


def test_cli_refuses_bad_input_with_a_clear_message(kb: Path, tmp_path: Path):
    before = snapshot(kb)
    bad = tmp_path / "bad.md"
    bad.write_bytes(b"caf\xe9 au lait\n")
    r = bm("upsert", str(kb), "--title", "Coffee", "--content-file", str(bad))
    assert r.returncode == 1 and b"not valid UTF-8" in r.stderr and b"nothing written" in r.stderr
    r = bm("upsert", str(kb), "--title", "Escape", "--directory", "../../tmp", "--content", "x")
    assert r.returncode == 1 and b"'..'" in r.stderr
    r = bm("upsert", str(kb), "--title", "", "--content", "x")
    assert r.returncode == 1 and b"title" in r.stderr
    r = bm("upsert", str(kb), "--title", "T", "--content", "x", "--threshold", "2")
    assert r.returncode == 2 and b"between 0 and 1" in r.stderr
    r = bm("upsert", str(kb), "--title", "T", "--content-file", str(tmp_path / "missing.md"))
    assert r.returncode == 1 and b"cannot read" in r.stderr
    assert snapshot(kb) == before


# ------------------------------------------------------- hostile names and content

KILN = """---
title: Kiln firing log
type: note
---

# Kiln firing log

Bisque firings run to cone 04 overnight; the controller logs each ramp.

## Observations
- [firing] Glaze firings go to cone 6 #glaze
"""


def pottery(root: Path) -> Path:
    """A small project in another domain than the demo: a pottery studio's notes."""
    root.mkdir()
    (root / "Kiln firing log.md").write_text(KILN, encoding="utf-8")
    (root / "clay.md").write_text("---\ntitle: Clay suppliers\n---\n\nStoneware comes from "
                                  "Potclays; porcelain from Valentine Clays.\n", encoding="utf-8")
    return root


def test_nfd_and_nfc_titles_name_one_file(tmp_path: Path, embedder):
    import unicodedata

    root = tmp_path / "kb"
    root.mkdir()
    nfd = unicodedata.normalize("NFD", "Café notes")
    assert nfd != "Café notes"
    (root / f"{nfd}.md").write_text(f"---\ntitle: {nfd}\n---\n\nThe espresso machine "
                                    "needs descaling monthly.\n", encoding="utf-8")
    # an NFC title (a person typing), then an NFD one (another agent): one file all along
    for title in ("Café notes", nfd):
        result = upsert_note(title, f"# {title}\n\nThe espresso machine needs descaling "
                             "monthly. Grinder burrs yearly.\n", "", root, similarity_threshold=1.0,
                             embedder=embedder)
        assert result["action"] == "updated_existing", result
        assert result["path"] == f"{nfd}.md"
    assert [p.name for p in root.glob("*.md")] == [f"{nfd}.md"]
    created = upsert_note(unicodedata.normalize("NFD", "Thé list"), "Sencha, genmaicha.\n", "",
                          root, embedder=embedder)
    assert created["path"] == "Thé list.md"  # new files get NFC names
    assert (root / "Thé list.md").is_file()


@pytest.mark.parametrize("title", [
    "invoice\u202egpj.exe",      # right-to-left override: displays as "invoiceexe.jpg"
    "Budget \u2066draft\u2069",  # isolate
    "\u200fMeeting notes",       # right-to-left mark
    "two\u2028lines",            # line separator
    "para\u2029graph",           # paragraph separator
    "bell\x07",
])
def test_titles_with_invisible_reordering_or_separators_are_refused(tmp_path: Path, title):
    root = pottery(tmp_path / "kb")
    before = snapshot(root)
    pattern = r"control character \(U\+[0-9A-F]{4}: a control, line separator or bidirectional"
    with pytest.raises(InvalidInput, match=pattern):
        upsert_note(title, "# Anything\n\nText.\n", "", root)
    assert snapshot(root) == before and not (root / ".bm-review").exists()


@pytest.mark.parametrize(("directory", "message"), [
    ("node_modules", "node_modules"),
    ("studio/node_modules/pkg", "studio/node_modules"),
    ("__pycache__", "__pycache__"),
    ("drafts", "drafts"),          # .gitignore
    ("archive/2025", "archive"),   # .bmignore
])
def test_directories_the_scan_ignores_are_refused(tmp_path: Path, directory, message):
    root = pottery(tmp_path / "kb")
    (root / ".gitignore").write_text("drafts/\n", encoding="utf-8")
    (root / ".bmignore").write_text("archive/\n", encoding="utf-8")
    before = snapshot(root)
    with pytest.raises(InvalidInput, match=f"folder '{message}' is never scanned"):
        upsert_note("Glaze recipes", "# Glaze recipes\n\nTenmoku: 10% red iron oxide.\n",
                    directory, root)
    assert snapshot(root) == before


def test_overlong_directory_is_a_clear_error(tmp_path: Path):
    root = pottery(tmp_path / "kb")
    with pytest.raises(InvalidInput, match="300 bytes long; file systems allow at most 255"):
        upsert_note("Glaze recipes", "Tenmoku.\n", "d" * 300, root)
    with pytest.raises(InvalidInput, match="directory is .* bytes long"):
        upsert_note("Glaze recipes", "Tenmoku.\n", "/".join(["d" * 200] * 6), root)
    r = bm("upsert", str(root), "--title", "Glaze", "--directory", "x" * 300, "--content", "t")
    assert r.returncode == 1 and b"file systems allow at most 255" in r.stderr
    assert b"Traceback" not in r.stderr and b"File name too long" not in r.stderr
    assert sorted(p.name for p in root.iterdir()) == ["Kiln firing log.md", "clay.md"]


@pytest.mark.parametrize(("content", "message"), [
    ("---\n- kiln\n- glaze\n---\n\nBody.\n", "is a YAML list, not a mapping"),
    ("---\njust a sentence\n---\n\nBody.\n", "is a YAML str, not a mapping"),
])
def test_content_whose_frontmatter_is_not_a_mapping_is_refused(tmp_path: Path, content,
                                                               message):
    root = pottery(tmp_path / "kb")
    before = snapshot(root)
    with pytest.raises(InvalidInput, match=message):
        upsert_note("Glaze recipes", content, "", root)
    assert snapshot(root) == before


def test_alias_bomb_content_is_refused_at_once_without_waiting_for_the_lock(tmp_path: Path):
    from test_hostile_input import alias_bomb

    root = pottery(tmp_path / "kb")
    before = snapshot(root)
    # another upsert (another process) holds the project lock until this test lets go,
    # far longer than an upsert waits for it (UPSERT_LOCK_WAIT_S): had the bomb's check
    # come after asking for the lock, the call would end "busy" (UpsertError), not
    # InvalidInput. The outcome says which came first; no clock is read.
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys\nfrom pathlib import Path\n"
         "from review_app.core.project import Project\n"
         "from review_app.core.upsert import upsert_lock\n"
         "with upsert_lock(Project(Path(sys.argv[1]))):\n"
         "    print('held', flush=True)\n"
         "    sys.stdin.read()\n", str(root)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=dict(os.environ))
    try:
        assert holder.stdout.readline() == "held\n"
        with pytest.raises(InvalidInput, match="too many YAML aliases"):
            upsert_note("Quarterly report", alias_bomb(10), "", root)
        assert holder.poll() is None  # it held the lock throughout
    finally:
        holder.stdin.close()
        holder.wait(timeout=60)
    assert holder.returncode == 0
    assert snapshot(root) == before


# ----------------------------------------------------------------- locked notes

def test_locked_match_is_never_updated_or_merged(kb: Path, embedder):
    path = kb / RATE_TARGET
    path.write_text(path.read_text(encoding="utf-8").replace(
        "type: note\n", "type: note\nlocked: true\n"), encoding="utf-8")
    before = snapshot(kb)
    for on_match in ("update", "merge"):
        result = upsert_note("API rate limits", RATE, "engineering", kb, on_match=on_match,
                             embedder=embedder)
        assert result["action"] == "queued_for_review", result
        assert result["matched_note"] == RATE_TARGET and "locked" in result["reason"]
        assert result["candidates"][0]["locked"] is True
    assert snapshot(kb) == before
    proposals = PendingQueue(kb / ".bm-review").items()
    assert len(proposals) == 1  # the same proposal both times: one entry for a person
    for choice in ("update", "merge"):  # a person cannot write into it either
        with pytest.raises(UpsertError, match="locked"):
            decide_pending(kb, proposals[0].id, choice, RATE_TARGET)
    assert snapshot(kb) == before and len(PendingQueue(kb / ".bm-review").items()) == 1
    created = decide_pending(kb, proposals[0].id, "create")
    assert created["action"] == "created" and created["path"] != RATE_TARGET
    assert (kb / RATE_TARGET).read_bytes() == before[RATE_TARGET]


# ------------------------------------------------------------------ concurrency

STUDIO_FACTS = [
    "[supply] Order 20 kg of porcelain from Valentine Clays in March",
    "[safety] Wear the P3 respirator when mixing dry glaze materials",
    "[schedule] The wheel room is booked by the Tuesday evening class",
    "[maintenance] Replace kiln element 2 once firings take longer than ten hours",
    "[glaze] The tenmoku recipe uses ten percent red iron oxide",
    "[pricing] Members pay three euros per shelf in a shared firing",
    "[storage] Greenware shelves are cleared every Sunday night",
    "[contact] Marta services the kiln controller on weekdays",
]


def test_concurrent_merges_into_one_note_all_land(tmp_path: Path):
    """8 agents (real processes) merge into one note at once: before, 5 of 8 failed as
    'keeps changing while it is written'; now each waits its turn and none is lost."""
    import time

    root = pottery(tmp_path / "kb")
    procs = []
    start = time.perf_counter()
    for fact in STUDIO_FACTS:
        content = f"# Kiln firing log\n\n## Observations\n- {fact}\n"
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "review_app", "upsert", str(root), "--title",
             "Kiln firing log", "--on-match", "merge", "--format", "json",
             "--content", content], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            # each holds the lock well under a second, but eight model loads on a loaded
            # 2-core CI machine can make the last one wait past the default 30 s
            env=dict(os.environ, BM_REVIEW_LOCK_WAIT="110")))
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err.decode()
        results.append(json.loads(out))
    elapsed = time.perf_counter() - start
    assert [r["action"] for r in results] == ["merged_existing"] * 8
    assert {r["path"] for r in results} == {"Kiln firing log.md"}
    text = (root / "Kiln firing log.md").read_text(encoding="utf-8")
    for fact in STUDIO_FACTS:
        assert f"- {fact}" in text, fact
    assert "Bisque firings run to cone 04" in text and "Glaze firings go to cone 6" in text
    assert sorted(p.name for p in root.glob("*.md")) == ["Kiln firing log.md", "clay.md"]
    assert len({r["apply_id"] for r in results}) == 8  # each its own undoable write
    print(f"8 concurrent merges: {elapsed:.1f} s")


def test_lock_wait_from_the_environment_is_checked(monkeypatch):
    from review_app.core.upsert import UPSERT_LOCK_WAIT_S, UpsertError, lock_wait

    monkeypatch.delenv("BM_REVIEW_LOCK_WAIT", raising=False)
    assert lock_wait() == UPSERT_LOCK_WAIT_S
    monkeypatch.setenv("BM_REVIEW_LOCK_WAIT", " 90 ")
    assert lock_wait() == 90.0
    for bad in ("soon", "0", "-5", "nan", "inf"):
        monkeypatch.setenv("BM_REVIEW_LOCK_WAIT", bad)
        with pytest.raises(UpsertError, match="BM_REVIEW_LOCK_WAIT"):
            lock_wait()


def test_huge_content_file_is_refused_without_reading_it(tmp_path: Path):
    root = pottery(tmp_path / "kb")
    huge = tmp_path / "dump.md"
    with huge.open("wb") as f:
        f.truncate(6 * 1024**3)  # sparse: reading it whole would take 6 GB
    code = ("import resource, sys\n"
            "cap = 1024 * 1024 * 1024\n"
            "resource.setrlimit(resource.RLIMIT_AS, (cap, cap))\n"
            "from review_app.cli import main\n"
            "sys.exit(main(sys.argv[1:]))\n")
    r = subprocess.run([sys.executable, "-c", code, "upsert", str(root), "--title", "Dump",
                        "--content-file", str(huge)], capture_output=True, timeout=120,
                       env=dict(os.environ))
    assert r.returncode == 1, r.stderr
    assert b"larger than 2048 KiB" in r.stderr and b"MemoryError" not in r.stderr
    assert sorted(p.name for p in root.glob("*.md")) == ["Kiln firing log.md", "clay.md"]


def test_the_same_ask_twice_is_queued_once(kb: Path, embedder):
    first = upsert_note("API rate limits", RATE, "engineering", kb, on_match="ask",
                        embedder=embedder, caller="agent-7")
    again = upsert_note("API rate limits", RATE, "engineering", kb, on_match="ask",
                        embedder=embedder, caller="agent-7")
    assert again["action"] == "queued_for_review" and again["already_queued"]
    assert again["proposal_id"] == first["proposal_id"]
    assert [p.id for p in PendingQueue(kb / ".bm-review").items()] == [first["proposal_id"]]


def test_an_ask_identical_to_a_note_is_answered_already_present(kb: Path, embedder):
    note = parse_note(RATE_TARGET, (kb / RATE_TARGET).read_bytes())
    before = snapshot(kb)
    result = upsert_note(note.title, note.body, "engineering", kb, on_match="ask",
                         embedder=embedder)
    assert result["already_present"] and result["changed"] is False
    assert result["matched_note"] == RATE_TARGET and "already present" in result["reason"]
    assert PendingQueue(kb / ".bm-review").items() == [] and snapshot(kb) == before
