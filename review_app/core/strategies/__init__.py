"""Dedupe strategies: propose candidate duplicates of an anchor note, with evidence.

The built-ins (`embedding`, `title`, the default `hybrid`) live in one module
each; the types they share in `base`, the search client in `client`, text
helpers in `text`. Strategies are registered by name; third-party ones plug in
through the `bm_review.strategies` entry point group without touching the
pipeline. One that fails to load is reported (`load_problems`), not dropped in
silence: the CLI prints it as a warning.
"""

from __future__ import annotations

from importlib import metadata as importlib_metadata

from .base import Candidate, CandidateArray, DedupeStrategy, Target, candidates_at_least, pair_key
from .client import MIN_NEIGHBOURS, SearchClient
from .embedding import EmbeddingStrategy
from .hybrid import HybridStrategy
from .text import (
    DATE_RE,
    content_tokens,
    normalise_title,
    note_names,
    title_numbers,
    title_similarity,
)
from .title import TitleStrategy

__all__ = [
    "DATE_RE", "ENTRY_POINT_GROUP", "MIN_NEIGHBOURS", "Candidate", "CandidateArray",
    "DedupeStrategy", "EmbeddingStrategy", "HybridStrategy", "SearchClient", "Target",
    "TitleStrategy", "available_strategies", "candidates_at_least", "content_tokens",
    "get_strategy", "load_problems", "normalise_title", "note_names", "pair_key", "register",
    "title_numbers", "title_similarity",
]

ENTRY_POINT_GROUP = "bm_review.strategies"
_REGISTRY: dict[str, type[DedupeStrategy]] = {}
_PROBLEMS: list[str] = []
_entry_points_loaded = False


def register(cls: type[DedupeStrategy]) -> type[DedupeStrategy]:
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no name")
    _REGISTRY[cls.name] = cls
    return cls


for _builtin in (EmbeddingStrategy, TitleStrategy, HybridStrategy):
    register(_builtin)


def _load_entry_points() -> None:
    """Load third-party strategies once. A broken plugin must not break the scan, but
    the person who installed it must learn why it is missing."""
    global _entry_points_loaded
    if _entry_points_loaded:
        return
    _entry_points_loaded = True
    for ep in importlib_metadata.entry_points(group=ENTRY_POINT_GROUP):
        where = f"strategy plugin {ep.name!r} ({ep.value})"
        try:
            cls = ep.load()
        except Exception as exc:
            _PROBLEMS.append(f"{where} failed to load: {type(exc).__name__}: {exc}")
            continue
        if not (isinstance(cls, type) and issubclass(cls, DedupeStrategy)):
            _PROBLEMS.append(f"{where} is not a DedupeStrategy subclass; ignored")
            continue
        name = cls.name or ep.name
        if name in _REGISTRY:
            _PROBLEMS.append(f"{where} is named {name!r} like a strategy already "
                             f"registered; ignored")
            continue
        _REGISTRY[name] = cls


def available_strategies() -> dict[str, type[DedupeStrategy]]:
    _load_entry_points()
    return dict(_REGISTRY)


def load_problems() -> list[str]:
    """Why third-party strategies are missing (empty when all loaded), one line each."""
    _load_entry_points()
    return list(_PROBLEMS)


def get_strategy(name: str) -> DedupeStrategy:
    strategies = available_strategies()
    if name not in strategies:
        raise KeyError(f"unknown strategy {name!r}; available: {', '.join(sorted(strategies))}")
    return strategies[name]()
