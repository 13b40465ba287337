"""The strategies package: its public names, one date pattern, and plugins that fail."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from review_app.core import strategies
from review_app.core.notes import render_note
from review_app.core.strategies import DATE_RE, normalise_title, title_numbers

REPO = Path(__file__).resolve().parent.parent


def test_public_names_importable_from_the_package():
    for name in ("Candidate", "CandidateArray", "DedupeStrategy", "SearchClient", "Target",
                 "pair_key", "get_strategy", "candidates_at_least", "available_strategies",
                 "register", "load_problems", "title_similarity", "normalise_title"):
        assert hasattr(strategies, name), name
    assert {"embedding", "title", "hybrid"} <= set(strategies.available_strategies())
    assert strategies.get_strategy("hybrid").name == "hybrid"


@pytest.mark.parametrize("module", ["base", "client", "text", "embedding", "title", "hybrid"])
def test_each_module_imports_on_its_own(module: str):
    """No import circle: every module loads first in a fresh interpreter."""
    code = f"import review_app.core.strategies.{module}"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60)
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize(("text", "stamp"), [
    ("bu-mapping-analysis-2026-08-15", "2026-08-15"),
    ("bu_mapping_analysis_2026_08_15", "2026_08_15"),
    ("release notes 20260815", "20260815"),
    ("trip 2025.12.01", "2025.12.01"),
])
def test_one_date_pattern_finds_stamps_however_written(text: str, stamp: str):
    assert DATE_RE.search(text).group(0) == stamp
    assert stamp not in normalise_title(text)


@pytest.mark.parametrize("text", ["order 12345678", "2026-13-01 plan", "2026-08_15",
                                  "version 2026.1", "room 2026"])
def test_numbers_that_are_not_dates_stay(text: str):
    assert DATE_RE.search(text) is None


def test_title_numbers_leave_dates_out():
    assert title_numbers("Postgres 14 upgrade (2025-03-01)") == frozenset({"14"})
    assert title_numbers("postgres_15_upgrade_2025_03_01") == frozenset()  # snake: one word
    assert title_numbers("Postgres 15 upgrade 20250301") == frozenset({"15"})
    assert normalise_title("Postgres_Upgrade_2025_03_01") == "postgres upgrade"


def _fake_distribution(site: Path, entry: str, module: str, source: str) -> None:
    """An installed distribution (dist-info with entry_points.txt) declaring a strategy."""
    dist = site / "fake_bm_plugin-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: fake-bm-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(
        f"[bm_review.strategies]\n{entry} = {module}:Plugin\n")
    (site / f"{module}.py").write_text(textwrap.dedent(source))


@pytest.fixture
def fresh_registry(monkeypatch: pytest.MonkeyPatch):
    """The registry as before any plugin was loaded, restored afterwards."""
    monkeypatch.setattr(strategies, "_entry_points_loaded", False)
    monkeypatch.setattr(strategies, "_PROBLEMS", [])
    monkeypatch.setattr(strategies, "_REGISTRY", dict(strategies._REGISTRY))
    importlib.invalidate_caches()


def test_broken_plugin_is_reported_not_dropped(tmp_path: Path, monkeypatch, fresh_registry):
    site = tmp_path / "site"
    _fake_distribution(site, "llm-judge", "bm_broken_plugin",
                       "raise ImportError('needs the openai package')\n")
    monkeypatch.syspath_prepend(str(site))
    found = strategies.available_strategies()
    assert "llm-judge" not in found and "hybrid" in found  # the scan still works
    problems = strategies.load_problems()
    assert len(problems) == 1
    assert "llm-judge" in problems[0] and "needs the openai package" in problems[0]


def test_working_plugin_registers_and_clash_is_reported(tmp_path: Path, monkeypatch,
                                                        fresh_registry):
    site = tmp_path / "site"
    _fake_distribution(site, "shadow", "bm_clash_plugin", """
        from review_app.core.strategies import DedupeStrategy

        class Plugin(DedupeStrategy):
            name = "hybrid"  # the default's name: must not replace it
            def find_duplicate_candidates(self, **kw):
                return []
    """)
    monkeypatch.syspath_prepend(str(site))
    found = strategies.available_strategies()
    assert found["hybrid"] is strategies.HybridStrategy
    assert any("already registered" in p for p in strategies.load_problems())


def test_cli_shows_the_plugin_warning(tmp_path: Path):
    site = tmp_path / "site"
    _fake_distribution(site, "llm-judge", "bm_broken_plugin",
                       "raise RuntimeError('API key missing')\n")
    kb = tmp_path / "kb"
    kb.mkdir()
    for i, title in enumerate(["Backup policy", "Pricing tiers"]):
        (kb / f"n{i}.md").write_text(render_note({"title": title}, f"About {title}."))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(site)])}
    run = subprocess.run([sys.executable, "-m", "review_app", "scan", str(kb), "--format",
                          "json", "--strategy", "title"], capture_output=True, text=True,
                         env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "warning: strategy plugin 'llm-judge'" in run.stderr
    assert "API key missing" in run.stderr
