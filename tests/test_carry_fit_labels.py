"""bench/carry_fit.py: a reader's labels (reader_labels.json beside groups.json) relabel
the older units holding their lines, and the fit says how many it relabelled."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _carry_fit():  # noqa: ANN202
    spec = importlib.util.spec_from_file_location("carry_fit", ROOT / "bench" / "carry_fit.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["carry_fit"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _note(title: str, modified: str, body: str) -> str:
    return f"---\ntitle: {title}\nmodified: {modified}\n---\n\n# {title}\n\n{body}"


def _sailing_club(folder: Path) -> None:
    (folder / "sailing").mkdir(parents=True)
    (folder / "sailing" / "dinghy-hire-2026.md").write_text(_note(
        "Dinghy hire 2026", "2026-03-01",
        "## Hire\n\nDinghies are hired by the hour at £18. The Wayfarer needs a club "
        "helm on board.\n"))
    (folder / "sailing" / "dinghy-hire.md").write_text(_note(
        "Dinghy hire", "2025-03-01",
        "## Hire\n\nDinghies are hired by the hour at £15. The Wayfarer needs a club "
        "helm on board. Lifejackets are kept in the blue container by the slipway. "
        "The hire desk closes when the wind passes force 5.\n"))
    (folder / "groups.json").write_text(json.dumps({"groups": [{
        "name": "dinghy hire", "newer": "sailing/dinghy-hire-2026.md",
        "members": ["sailing/dinghy-hire.md"], "current": ["£18"],
        "changed": [["at £15", "at £18"]], "removed": []}]}))


def test_a_readers_lost_and_stale_lines_relabel_the_units_holding_them(tmp_path: Path) -> None:
    fit = _carry_fit()
    _sailing_club(tmp_path)
    found = fit.composed_units(tmp_path)
    before, moved = fit.labelled(tmp_path, found, "reader_labels.json")
    assert moved == 0
    plain = {r.text: r.label for r in before}
    lifejackets = next(t for t in plain if "Lifejackets" in t)
    desk = next(t for t in plain if "hire desk closes" in t)
    assert plain[lifejackets] == plain[desk] == "neutral"
    (tmp_path / "reader_labels.json").write_text(json.dumps({"groups": [{
        "name": "dinghy hire",
        "current": ["Lifejackets are kept in the blue container by the slipway"],
        "removed": ["The hire desk closes when the wind passes force 5"]}]}))
    after, moved = fit.labelled(tmp_path, found, "reader_labels.json")
    labels = {r.text: (r.label, r.y) for r in after}
    assert labels[lifejackets] == ("must-carry", 1)
    assert labels[desk] == ("stale", 0)
    assert moved == 2
