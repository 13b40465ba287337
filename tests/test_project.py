"""Project resolution, ignore rules, and bad files found while walking a project."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from review_app.core.project import ProjectError, load_notes, resolve_project, walk_markdown


def write(root: Path, rel: str, text: str | bytes) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def note(title: str) -> str:
    return f"---\ntitle: {title}\n---\n\nSome text about {title}.\n"


def test_ignore_rules(tmp_path: Path):
    write(tmp_path, "a.md", note("A"))
    write(tmp_path, "sub/b.md", note("B"))
    write(tmp_path, ".obsidian/c.md", note("hidden folder"))
    write(tmp_path, ".bm-review/trash/x/d.md", note("our own state"))
    write(tmp_path, ".hidden.md", note("dot file"))
    write(tmp_path, "drafts/e.md", note("git-ignored"))
    write(tmp_path, "archive/f.md", note("bm-ignored"))
    write(tmp_path, "node_modules/pkg/readme.md", note("default ignore"))
    write(tmp_path, "notes.txt", "not markdown")
    write(tmp_path, ".gitignore", "drafts/\n")
    write(tmp_path, ".bmignore", "archive/\n")
    files, problems = walk_markdown(tmp_path)
    assert [rel for rel, _ in files] == ["a.md", "sub/b.md"]
    assert problems == []


def test_symlinks_inside_and_outside(tmp_path: Path):
    project = tmp_path / "project"
    outside = tmp_path / "outside"
    write(outside, "secret.md", note("Secret"))
    write(project, "real.md", note("Real"))
    (project / "inside-link.md").symlink_to(project / "real.md")
    (project / "escape.md").symlink_to(outside / "secret.md")
    (project / "escape-dir").symlink_to(outside, target_is_directory=True)
    (project / "dangling.md").symlink_to(project / "missing.md")
    notes, problems = load_notes(project)
    assert sorted(n.path for n in notes) == ["inside-link.md", "real.md"]
    reasons = {p.path: p.error for p in problems}
    assert set(reasons) == {"escape.md", "escape-dir", "dangling.md"}
    assert "outside the project" in reasons["escape.md"]
    assert "outside the project" in reasons["escape-dir"]
    assert "broken symlink" in reasons["dangling.md"]


def test_bad_files_become_problems_and_are_left_untouched(tmp_path: Path):
    good = write(tmp_path, "good.md", note("Good"))
    bad = {
        "broken-yaml.md": b"---\ntitle: [oops\n---\nbody\n",
        "binary.md": b"\x00\x01\x02binary",
        "latin1.md": "caf\xe9".encode("latin-1"),
        "huge.md": b"x" * (3 * 1024 * 1024),
    }
    before = {}
    for rel, raw in bad.items():
        path = write(tmp_path, rel, raw)
        before[rel] = (raw, path.stat().st_mtime_ns)
    notes, problems = load_notes(tmp_path)
    assert [n.path for n in notes] == ["good.md"]
    assert [p.path for p in problems] == sorted(bad)
    for p in problems:
        assert p.error and "Traceback" not in p.error
    for rel, (raw, mtime) in before.items():
        assert (tmp_path / rel).read_bytes() == raw
        assert (tmp_path / rel).stat().st_mtime_ns == mtime
    assert good.read_text(encoding="utf-8") == note("Good")


def write_config(config_dir: Path, config: dict) -> None:
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "config.json").write_text(json.dumps(config), encoding="utf-8")


def test_resolve_folder_name_and_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    config_dir = tmp_path / "cfg"
    work = tmp_path / "work-notes"
    home = tmp_path / "home-notes"
    work.mkdir()
    home.mkdir()
    monkeypatch.setenv("BASIC_MEMORY_CONFIG_DIR", str(config_dir))
    write_config(config_dir, {"projects": {"work": {"path": str(work)}, "home": str(home)},
                              "default_project": "home"})
    assert resolve_project(str(work)).root == work.resolve()
    assert resolve_project("work").root == work.resolve()
    assert resolve_project("home").root == home.resolve()  # older config: name -> path
    default = resolve_project(None)
    assert default.root == home.resolve() and default.name == "home"
    with pytest.raises(ProjectError, match="no folder or basic-memory project named 'nope'"):
        resolve_project("nope")


def test_resolve_xdg_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("BASIC_MEMORY_CONFIG_DIR", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    notes = tmp_path / "n"
    notes.mkdir()
    write_config(tmp_path / "xdg" / "basic-memory",
                 {"projects": {"main": {"path": str(notes)}}, "default_project": "main"})
    assert resolve_project(None).root == notes.resolve()


def test_no_project_no_config_mentions_demo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("BASIC_MEMORY_CONFIG_DIR", str(tmp_path / "none"))
    with pytest.raises(ProjectError) as err:
        resolve_project(None)
    assert "--demo" in str(err.value) and "folder" in str(err.value)


def test_config_pointing_nowhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("BASIC_MEMORY_CONFIG_DIR", str(tmp_path / "cfg"))
    write_config(tmp_path / "cfg", {"projects": {"gone": str(tmp_path / "gone")},
                                    "default_project": "gone"})
    with pytest.raises(ProjectError, match="not a folder"):
        resolve_project(None)


@pytest.mark.skipif(os.name == "nt", reason="POSIX permissions")
def test_unreadable_file_is_a_problem(tmp_path: Path):
    if os.geteuid() == 0:
        pytest.skip("root reads every file")
    path = write(tmp_path, "locked.md", note("Locked"))
    path.chmod(0)
    _, problems = load_notes(tmp_path)
    assert [p.path for p in problems] == ["locked.md"]


def test_project_scope_serves_only_what_it_was_given(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch):
    from review_app.core.project import Project, ProjectScope

    home, extra, registered, other = (tmp_path / n for n in ("home", "extra", "reg", "other"))
    for root in (home, extra, registered, other):
        root.mkdir()
    write_config(tmp_path / "cfg", {"projects": {"research": {"path": str(registered)}}})
    monkeypatch.setenv("BASIC_MEMORY_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.chdir(home)
    scope = ProjectScope(Project(home.resolve()), [Project(extra.resolve(), name="extra")])
    assert scope.resolve(None).root == home.resolve() and scope.resolve("").root == home.resolve()
    assert scope.resolve(".").root == home.resolve()  # the same folder, spelled another way
    assert scope.resolve("extra").root == extra.resolve()
    assert scope.resolve(str(extra) + "/").root == extra.resolve()
    for refused in (str(other), "../other", "research", str(registered), str(home / "sub"),
                    "/"):
        with pytest.raises(ProjectError, match="not served here"):
            scope.resolve(refused)
    wider = ProjectScope(Project(home.resolve()), basic_memory=True)
    assert wider.resolve("research").root == registered.resolve()
    assert wider.resolve(str(registered)).root == registered.resolve()
    with pytest.raises(ProjectError, match="not served here"):
        wider.resolve(str(other))
    assert list(other.iterdir()) == []
