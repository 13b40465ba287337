"""The command line meets a hostile setup with a clear message, never a traceback (a
fuzzing pass found each): a symlink loop as the upsert's folder or as --state-dir, a
`.bm-review` that is a file (or a link to itself) where the state folder goes, an audit
window reaching back before the year 1, and a basic-memory config that is JSON of the wrong
shape. Domain: a tide mill museum."""

from __future__ import annotations

from pathlib import Path

import pytest

from review_app.cli import main


@pytest.fixture()
def mill(tmp_path: Path) -> Path:
    root = tmp_path / "mill"
    root.mkdir()
    (root / "tours.md").write_text("---\ntitle: Mill tours\n---\n\nTours meet at the pit.\n")
    return root


def _fails(argv: list[str], capsys: pytest.CaptureFixture[str], says: str) -> None:
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("bm-review: error:") and says in err
    assert "Traceback" not in err


def test_a_symlink_loop_as_the_upserts_folder(mill: Path, capsys):
    """Failed before: RuntimeError (Symlink loop) from naming.check_inside."""
    (mill / "loop").symlink_to("loop")
    _fails(["upsert", str(mill), "--title", "Sluice", "--content", "The sluice opens at 9.",
            "--directory", "loop"], capsys, "cannot be followed")
    assert sorted(p.name for p in mill.iterdir()) == ["loop", "tours.md"]


@pytest.mark.parametrize("command", ["scan", "audit", "undo"])
def test_a_symlink_loop_as_the_state_folder(mill: Path, capsys, command: str):
    """Failed before: RuntimeError (Symlink loop) from commands.common."""
    (mill / "loop").symlink_to("loop")
    _fails([command, str(mill), "--state-dir", str(mill / "loop")], capsys,
           "--state-dir")


@pytest.mark.parametrize("command", ["scan", "audit", "apply", "undo"])
@pytest.mark.parametrize("kind", ["file", "self-link"])
def test_a_state_folder_that_is_no_folder(mill: Path, capsys, command: str, kind: str):
    """Failed before: FileExistsError from the index or the project lock."""
    state = mill / ".bm-review"
    if kind == "file":
        state.write_text("")
    else:
        state.symlink_to(".bm-review")
    _fails([command, str(mill)], capsys, "is not a folder")
    assert state.is_symlink() or state.read_text() == ""  # left as it was


@pytest.mark.parametrize("since", ["99999999999d", "100000000h", "10000000000000000000000m"])
def test_an_audit_window_before_the_year_1(mill: Path, capsys, since: str):
    """Failed before: OverflowError from audit.parse_window."""
    assert main(["audit", str(mill), "--since", since]) == 2
    err = capsys.readouterr().err
    assert "before the year 1" in err and "Traceback" not in err


@pytest.mark.parametrize("config,says", [
    ("[]", "not a JSON object"),
    ('{"projects": "x"}', '"projects" is not a mapping'),
    ('{"projects": {"mill": "/nowhere"}, "default_project": ["x"]}', "names no default"),
])
def test_a_basic_memory_config_of_the_wrong_shape(tmp_path: Path, monkeypatch, capsys,
                                                  config: str, says: str):
    """Failed before: AttributeError or TypeError from project.resolve_project."""
    cfg = tmp_path / "bm-config"
    cfg.mkdir()
    (cfg / "config.json").write_text(config)
    monkeypatch.setenv("BASIC_MEMORY_CONFIG_DIR", str(cfg))
    argv = ["scan"] if "default" in says else ["scan", "mill"]
    _fails(argv, capsys, says)
