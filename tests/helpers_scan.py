"""Scanning a labeled data set under tests/data as a user's project (its labels left out)."""

from __future__ import annotations

import shutil
from pathlib import Path


def labeled_copy(data: Path, dest: Path) -> Path:
    """`data` copied to `dest` without its labels.json: the scan must not see the answers."""
    shutil.copytree(data, dest, ignore=shutil.ignore_patterns("labels.json"))
    return dest


def scan_labeled(tmp_path_factory, data: Path, name: str, embedder):
    from review_app.core.pipeline import ScanOptions, scan
    from review_app.core.project import Project

    root = labeled_copy(data, tmp_path_factory.mktemp(name) / "kb")
    return scan(Project(root), ScanOptions(), embedder=embedder)
