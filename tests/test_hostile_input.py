"""Hostile or unlucky files in a project: each costs little, is reported, and is left alone.

The expensive cases run in a child process with a memory cap and a wall-clock
timeout, so the code before the fix fails the test (MemoryError, timeout) instead
of taking the machine down.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml
from helpers_work import LINEAR, growth

from review_app.core.notes import (
    MAX_FRONTMATTER_BYTES,
    FrontmatterTooComplex,
    Note,
    NoteProblem,
    load_frontmatter_yaml,
    parse_note,
)
from review_app.core.project import load_notes, walk_markdown

REPO = Path(__file__).resolve().parent.parent


def alias_bomb(levels: int, width: int = 9) -> str:
    """The 'billion laughs' frontmatter: each anchor a list of `width` aliases of the last."""
    names = [chr(ord("a") + i) for i in range(levels)]
    lines = ["---", "title: Quarterly report",
             f"{names[0]}: &{names[0]} [{','.join('x' * width)}]"]
    for prev, name in zip(names, names[1:], strict=False):
        lines.append(f"{name}: &{name} [{','.join([f'*{prev}'] * width)}]")
    lines += [f"tags: *{names[-1]}", "---", "", "# Quarterly report", "", "Revenue grew 4%.", ""]
    return "\n".join(lines)


def note(title: str, body: str = "") -> str:
    return f"---\ntitle: {title}\ntags: [ops]\n---\n\n{body or f'Notes about {title}.'}\n"


def load_in_child(root: Path, *, mem_mb: int = 1024, timeout: float = 60.0) -> dict:
    """`load_notes(root)` in a fresh interpreter capped at `mem_mb`: what it found and
    its peak RSS. A crash or the timeout is a failure of the case under test: the
    timeout is a hang guard (each case takes well under a second; what it guards
    against takes minutes to hours), never a bound on speed, which a busy machine moves."""
    code = textwrap.dedent(f"""
        import json, resource, sys
        cap = {mem_mb} * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        from pathlib import Path
        from review_app.core.project import load_notes
        base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        notes, problems = load_notes(Path(sys.argv[1]))
        print(json.dumps({{"notes": [n.path for n in notes],
                          "problems": {{p.path: p.error for p in problems}},
                          "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                          "rss_growth_mb": (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
                                            - base) / 1024}}))
    """)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run([sys.executable, "-c", code, str(root)], capture_output=True,
                          text=True, timeout=timeout, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout)


@pytest.mark.parametrize("levels", [9, 10])
def test_alias_bomb_is_a_cheap_problem(tmp_path: Path, levels: int):
    bomb = alias_bomb(levels)
    assert len(bomb.encode()) < 450  # the attack is tiny; its expansion is 9**levels values
    (tmp_path / "report.md").write_text(bomb, encoding="utf-8")
    (tmp_path / "plain.md").write_text(note("Plain"), encoding="utf-8")
    out = load_in_child(tmp_path)
    assert out["notes"] == ["plain.md"]
    assert "too many YAML aliases" in out["problems"]["report.md"]
    assert out["rss_growth_mb"] < 20  # not expanded (9**10 values would not fit the cap)
    assert (tmp_path / "report.md").read_text(encoding="utf-8") == bomb  # left untouched


def test_bounded_loader_keeps_ordinary_aliases_and_refuses_the_rest():
    ordinary = textwrap.dedent("""\
        defaults: &d {owner: ops, review: quarterly}
        runbook: {<<: *d, review: monthly}
        tags: &t [infra, oncall]
        also: *t
    """)
    value = load_frontmatter_yaml(ordinary)
    assert value["runbook"] == {"owner": "ops", "review": "monthly"}
    assert value["also"] == ["infra", "oncall"]
    assert load_frontmatter_yaml(ordinary) == yaml.safe_load(ordinary)
    with pytest.raises(FrontmatterTooComplex, match="inside its own anchor"):
        load_frontmatter_yaml("a: &a [1, *a]\n")
    with pytest.raises(FrontmatterTooComplex, match="levels deep"):
        load_frontmatter_yaml("a: " + "[" * 200 + "]" * 200 + "\n")
    with pytest.raises(FrontmatterTooComplex, match="KiB"):
        load_frontmatter_yaml("tags: [" + ", ".join(["ops"] * 20_000) + "]\n")
    # one big scalar behind many small aliases weighs its full length each time
    refs = ",".join(["*s"] * 100)
    with pytest.raises(FrontmatterTooComplex, match="too many YAML aliases"):
        load_frontmatter_yaml(f"s: &s {'y' * 30_000}\ntags: [{refs}]\n")
    assert issubclass(FrontmatterTooComplex, yaml.YAMLError)  # old `except` clauses hold


def test_big_or_deep_frontmatter_is_a_problem_not_a_crash():
    big = "---\ntitle: Big\nitems: [" + ", ".join(["word"] * 16_000) + "]\n---\n\nBody.\n"
    assert len(big.encode()) > MAX_FRONTMATTER_BYTES
    result = parse_note("big.md", big.encode())
    assert isinstance(result, NoteProblem) and "KiB" in result.error
    deep = "---\ntitle: Deep\nx: " + "[" * 5000 + "]" * 5000 + "\n---\n\nBody.\n"
    result = parse_note("deep.md", deep.encode())
    assert isinstance(result, NoteProblem) and "levels deep" in result.error
    fine = parse_note("fine.md", note("Fine").encode())
    assert isinstance(fine, Note) and fine.tags == ["ops"]


def test_sparse_huge_file_is_not_read(tmp_path: Path):
    huge = tmp_path / "dump.md"
    with huge.open("wb") as f:
        f.truncate(6 * 1024**3)  # 6 GB of holes: costs no disk, would cost 6 GB to read
    (tmp_path / "plain.md").write_text(note("Plain"), encoding="utf-8")
    out = load_in_child(tmp_path, mem_mb=512)
    assert out["notes"] == ["plain.md"]
    assert "file too large" in out["problems"]["dump.md"]  # not read: 6 GB > the 512 MB cap
    assert huge.stat().st_size == 6 * 1024**3


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs")
def test_fifo_and_socket_named_md_are_reported_never_opened(tmp_path: Path):
    (tmp_path / "plain.md").write_text(note("Plain"), encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.md")
    sock_dir = tmp_path / "s"
    sock_dir.mkdir()
    sock = socket.socket(socket.AF_UNIX)
    try:
        sock.bind(str(sock_dir / "agent.md"))
        (tmp_path / "link-to-pipe.md").symlink_to(tmp_path / "pipe.md")
        # a reader that opened the FIFO would block forever: the child's timeout catches it
        out = load_in_child(tmp_path)
    finally:
        sock.close()
    assert out["notes"] == ["plain.md"]
    problems = out["problems"]
    assert "FIFO" in problems["pipe.md"] and "not read" in problems["pipe.md"]
    assert "FIFO" in problems["link-to-pipe.md"]
    assert "socket" in problems["s/agent.md"]


def _nested(root: Path, depth: int) -> list[str]:
    """`depth` folders each inside the last, a note at the bottom and one at the top:
    the folders, deepest last."""
    levels = [str(root) + "/d" * i for i in range(1, depth + 1)]
    for folder in levels:  # Path.mkdir(parents=True) itself recurses
        os.mkdir(folder)
    (Path(levels[-1]) / "bottom.md").write_text(note("Bottom"), encoding="utf-8")
    (root / "top.md").write_text(note("Top"), encoding="utf-8")
    return levels


def test_folders_nested_a_thousand_deep(tmp_path: Path):
    # the walk is iterative and each level costs the same: the work (lines run, counted)
    # from 500 levels to 1,000 doubles (measured 1.96)
    trees = {depth: tmp_path / str(depth) for depth in (500, 1000)}
    made = {}
    try:
        for depth, root in trees.items():
            root.mkdir()
            made[depth] = _nested(root, depth)
        grew = growth(lambda depth: load_notes(trees[depth]), 500)
        assert grew.ratio < LINEAR, grew[:2]
        notes, problems = grew.result
        assert sorted(n.path for n in notes) == ["d/" * 1000 + "bottom.md", "top.md"]
        assert problems == []
    finally:  # pytest's own clean-up (shutil.rmtree) recurses too
        for levels in made.values():
            (Path(levels[-1]) / "bottom.md").unlink()
            for folder in reversed(levels):
                os.rmdir(folder)


def test_symlink_leaving_the_project_is_reported_and_untouched(tmp_path: Path):
    project, outside = tmp_path / "p", tmp_path / "outside"
    project.mkdir()
    outside.mkdir()
    secret = outside / "secret.md"
    secret.write_text(note("Secret"), encoding="utf-8")
    (project / "escape.md").symlink_to(secret)
    files, problems = walk_markdown(project)
    assert files == []
    assert [p.path for p in problems] == ["escape.md"]
    assert "outside the project" in problems[0].error
    assert secret.read_text(encoding="utf-8") == note("Secret")


def test_scan_command_survives_a_bomb_in_the_project(tmp_path: Path):
    """Before the fix a 10-level bomb made every command that loads notes fail."""
    (tmp_path / "report.md").write_text(alias_bomb(10), encoding="utf-8")
    (tmp_path / "a.md").write_text(note("Backups", "Nightly backups run at 02:00."), "utf-8")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run([sys.executable, "-m", "review_app", "scan", str(tmp_path),
                           "--format", "json"], capture_output=True, text=True, timeout=120,
                          env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    doc = json.loads(proc.stdout)
    assert doc["note_count"] == 1
    assert [p["path"] for p in doc["problems"]] == ["report.md"]
    assert "too many YAML aliases" in doc["problems"][0]["error"]


def test_long_lines_cost_linear_time(tmp_path: Path):
    """Observation and relation lines ending in a long run of spaces used to backtrack
    quadratically (a 20 KB line took 6 s; a 2 MiB note would take hours)."""
    n = 500_000
    bodies = {
        "obs.md": "- [idea] kiln" + " " * n + "glaze\n",
        "obs-context.md": "- [idea] kiln" + " " * n + "(glaze\n",
        "rel.md": "- part_of [[Studio]]" + " " * n + "x\n",
        "fine.md": "- [idea] kiln glaze (cone 6)\n- part_of [[Studio]] (since 2024)\n",
    }
    for name, body in bodies.items():
        (tmp_path / name).write_text(f"---\ntitle: {name}\n---\n\n{body}", encoding="utf-8")
    # the backtracking ran in C, which no line count sees: at 500,000 spaces it would
    # take about an hour (6 s at 20 KB, growing with the square), which the child's
    # timeout catches; the linear parse takes well under a second
    out = load_in_child(tmp_path)
    assert sorted(out["notes"]) == sorted(bodies) and out["problems"] == {}
    fine = parse_note("fine.md", (tmp_path / "fine.md").read_bytes())
    assert isinstance(fine, Note)
    [obs] = fine.observations
    assert (obs.category, obs.content, obs.context) == ("idea", "kiln glaze", "cone 6")
    [rel] = fine.relations
    assert (rel.type, rel.target, rel.context) == ("part_of", "Studio", "since 2024")
