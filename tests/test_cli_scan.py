"""`bm-review scan` and the CLI conventions, run as a user runs them."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from review_app.cli import main
from review_app.demo import BUNDLED

EXPECTED = json.loads((Path(__file__).parent / "data" / "demo_expected.json").read_text())


def run_cli(*args: str, env_extra: dict[str, str] | None = None, cwd: Path | None = None
            ) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "review_app", *args], capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=600)


def tree_hash(root: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file():
            h.update(path.relative_to(root).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def test_scan_demo_json_end_to_end(tmp_path: Path):
    bundled_before = tree_hash(BUNDLED)
    env = {"BM_REVIEW_DATA_DIR": str(tmp_path / "data")}
    proc = run_cli("scan", "--demo", "--format", "json", env_extra=env)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)  # stdout holds the JSON document and nothing else
    demo = tmp_path / "data" / "demo"
    assert f"demo knowledge base: {demo}" in proc.stderr
    assert doc["project"] == str(demo.resolve())
    got = {(g["canonical"], frozenset(m["path"] for m in g["members"])) for g in doc["groups"]}
    assert got == {(g["canonical"], frozenset(g["members"])) for g in EXPECTED["groups"]}
    assert doc["stats"]["embedded"] == doc["note_count"]
    # the working copy persists; the bundled files are never touched
    again = run_cli("scan", "--demo", "--format", "json", env_extra=env)
    assert json.loads(again.stdout)["stats"]["embedded"] == 0
    assert tree_hash(BUNDLED) == bundled_before
    (demo / "engineering" / "stray.md").write_text("---\ntitle: Stray\n---\nx\n")
    reset = run_cli("scan", "--demo", "--reset-demo", "--format", "json", env_extra=env)
    assert reset.returncode == 0
    assert not (demo / "engineering" / "stray.md").exists()


def test_no_project_and_no_config_exits_1_naming_demo(tmp_path: Path):
    proc = run_cli("scan", cwd=tmp_path,
                   env_extra={"BASIC_MEMORY_CONFIG_DIR": str(tmp_path / "nothing")})
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert "--demo" in proc.stderr and "folder" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]):
    for argv in (["scan", "--threshold", "1.5"], ["scan", "--format", "xml"],
                 ["scan", "--top-k", "0"]):
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        assert exit_info.value.code == 2
    assert "between 0 and 1" in capsys.readouterr().err


def test_help_everywhere(capsys: pytest.CaptureFixture[str]):
    from review_app.cli import COMMANDS, _command_modules

    present = [c for c in COMMANDS if c in _command_modules()]
    for argv in (["--help"], *[[c, "--help"] for c in present]):
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        assert exit_info.value.code == 0
        assert "usage: bm-review" in capsys.readouterr().out


def test_unknown_strategy_and_missing_folder_exit_1(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]):
    assert main(["scan", str(tmp_path), "--strategy", "nope"]) == 1
    assert "unknown strategy 'nope'" in capsys.readouterr().err
    assert main(["scan", str(tmp_path / "missing")]) == 1
    assert "no folder or basic-memory project" in capsys.readouterr().err


def test_table_output_lists_groups_and_problems(demo_kb: Path,
                                                capsys: pytest.CaptureFixture[str]):
    (demo_kb / "broken.md").write_bytes(b"---\ntitle: [oops\n---\n")
    assert main(["scan", str(demo_kb), "--strategy", "title"]) == 0
    out = capsys.readouterr().out
    assert "Duplicate groups in" in out
    assert "broken.md: invalid YAML frontmatter" in out


def test_folder_or_type_that_matches_nothing_is_an_error_naming_it(
        demo_kb: Path, capsys: pytest.CaptureFixture[str]):
    assert main(["scan", str(demo_kb), "--folder", "nosuch"]) == 1
    err = capsys.readouterr().err
    assert "no note under folder 'nosuch'" in err and "engineering" in err
    assert main(["scan", str(demo_kb), "--type", "nosuch", "--format", "json"]) == 1
    captured = capsys.readouterr()
    assert "no note of type 'nosuch'" in captured.err and captured.out == ""
    assert main(["scan", str(demo_kb), "--folder", "people", "--type", "decision"]) == 1
    assert "folder people, type decision" in capsys.readouterr().err


def test_empty_project_says_so_and_hints_at_demo(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]):
    (tmp_path / "empty").mkdir()
    assert main(["scan", str(tmp_path / "empty"), "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert "no notes in" in captured.err and "--demo" in captured.err
    assert json.loads(captured.out)["note_count"] == 0


def test_top_level_help_lists_demo(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "--demo" in capsys.readouterr().out


def test_unknown_name_without_config_says_the_config_does_not_exist(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    assert main(["scan", "my-notes"]) == 1  # conftest points the config at a missing folder
    err = capsys.readouterr().err
    assert "no basic-memory config at" in err and "projects in" not in err
    assert "folder" in err and "--demo" in err


def test_table_counts_groups_per_band_in_words(demo_kb: Path,
                                               capsys: pytest.CaptureFixture[str]):
    import re

    from review_app.commands.common import plural

    assert (plural(1, "group"), plural(2, "group"), plural(0, "file")) == (
        "1 group", "2 groups", "0 files")
    assert main(["scan", str(demo_kb), "--folder", "product"]) == 0
    out = capsys.readouterr().out
    counts = [line for line in out.splitlines() if " likely, " in line]
    assert len(counts) == 1
    assert re.match(r"^(1 group|([02-9]|\d\d+) groups): \d+ likely, \d+ possible", counts[0])


# --- where the vectors come from: --vectors auto|own|basic-memory ---------------------------

APIARY = {
    "hives/varroa-count.md": "---\ntitle: Varroa mite count in hive 3\ntype: log\n---\n"
                             "Sugar roll on 300 bees found 9 mites, a 3% load. Treat with "
                             "oxalic acid before the winter cluster forms.\n",
    "hives/hive-3-mites.md": "---\ntitle: Hive 3 mite check\ntype: log\n---\n"
                             "A sugar roll of about 300 bees gave 9 varroa mites (3%). "
                             "Oxalic acid treatment is due before the bees cluster.\n",
    "kitchen/honey-harvest.md": "---\ntitle: Extracting the spring honey\ntype: howto\n---\n"
                                "Uncap the frames with a heated knife and spin them two at a "
                                "time; strain through a 400 micron mesh.\n",
}


@pytest.fixture
def unreadable_bm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A basic-memory config registering the project, and a memory.db whose layout
    bm-review does not know (no entity table): (project folder, config folder)."""
    import sqlite3

    kb = tmp_path / "apiary"
    for rel, text in APIARY.items():
        (kb / rel).parent.mkdir(parents=True, exist_ok=True)
        (kb / rel).write_text(text, encoding="utf-8")
    cfg = tmp_path / "bm-config"
    cfg.mkdir()
    (cfg / "config.json").write_text(json.dumps(
        {"projects": {"apiary": {"path": str(kb)}}, "default_project": "apiary"}))
    con = sqlite3.connect(cfg / "memory.db")
    con.execute("CREATE TABLE project (id INTEGER PRIMARY KEY, name TEXT, path TEXT)")
    con.execute("INSERT INTO project VALUES (1, 'apiary', ?)", (str(kb),))
    con.commit()
    con.close()
    monkeypatch.setenv("BASIC_MEMORY_CONFIG_DIR", str(cfg))
    return kb, cfg


def test_vectors_auto_falls_back_to_own_index_with_one_notice(
        unreadable_bm, capsys: pytest.CaptureFixture[str]):
    assert main(["scan", "apiary", "--format", "json"]) == 0
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    assert doc["vector_source"] == "bm-review" and doc["stats"]["embedded"] == 3
    assert captured.err.count("basic-memory's vectors not used") == 1
    assert "layout bm-review does not know" in captured.err


def test_vectors_own_never_opens_basic_memory_database(
        unreadable_bm, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    from review_app.core import bm_store, index

    _, cfg = unreadable_bm
    opened: list[str] = []
    real_connect = index.connect

    def connect(path, **kwargs):  # every database bm-review opens goes through here
        opened.append(str(path))
        return real_connect(path, **kwargs)

    monkeypatch.setattr(index, "connect", connect)
    monkeypatch.setattr(bm_store, "connect", connect)
    assert main(["scan", "apiary", "--vectors", "own", "--format", "json"]) == 0
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    assert doc["vector_source"] == "bm-review" and doc["notices"] == []
    assert "basic-memory" not in captured.err
    assert opened and not any("memory.db" in path for path in opened)  # ours only
    # the same scan on auto does open it (so the spy sees what it should)
    opened.clear()
    assert main(["scan", "apiary", "--format", "json"]) == 0
    assert str(cfg / "memory.db") in opened


def test_vectors_basic_memory_fails_clearly_when_the_index_cannot_serve(
        unreadable_bm, tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    kb, _ = unreadable_bm
    before = tree_hash(kb)
    assert main(["scan", "apiary", "--vectors", "basic-memory"]) == 1
    err = capsys.readouterr().err
    assert "error: --vectors basic-memory:" in err and "layout bm-review does not know" in err
    assert tree_hash(kb) == before  # nothing written, not even an index
    elsewhere = tmp_path / "loose"
    elsewhere.mkdir()
    (elsewhere / "a.md").write_text(APIARY["kitchen/honey-harvest.md"], encoding="utf-8")
    assert main(["scan", str(elsewhere), "--vectors", "basic-memory"]) == 1
    assert "basic-memory does not index" in capsys.readouterr().err
    assert main(["scan", "apiary", "--vectors", "basic-memory", "--model",
                 "BAAI/bge-small-en-v1.5"]) == 1
    assert "--vectors own" in capsys.readouterr().err


def test_vectors_flag_in_help_of_scan_and_console(capsys: pytest.CaptureFixture[str]):
    for argv in (["scan", "--help"], ["--demo", "--help"]):
        with pytest.raises(SystemExit):
            main(argv)
        out = "".join(capsys.readouterr().out.split())  # argparse wraps at hyphens too
        assert "--vectors{auto,own,basic-memory}" in out
        assert "own:alwaysbm-review'sownindexand--model;basic-memory'sdatabaseisneveropened" in out
    with pytest.raises(SystemExit) as exc:
        main(["scan", "--vectors", "theirs"])
    assert exc.value.code == 2 and "invalid choice: 'theirs'" in capsys.readouterr().err


def test_the_cli_module_runs_as_the_package_does():
    """`python -m review_app.cli` ran nothing and exited 0 (a fuzzing pass tried it first)."""
    proc = subprocess.run([sys.executable, "-m", "review_app.cli", "--version"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0
    assert proc.stdout.strip() and proc.stdout == run_cli("--version").stdout
