"""When upsert_note writes into an existing note on its own, and when it asks.

An agent's `update` or `merge` rewrites a note nobody looks at, so it acts alone only
where the pair evidence is in the automatic band, whose cut is set by measured
precision of agent-style writes (bench/upsert_quality.py, "threshold_auto" in
hybrid_weights.json). Everything else is answered as `ask` would be - queued for the
console - with the reason in the result:
- the match scores below the automatic band: the closest note is related, not the
  same (its coverage evidence says how much of each the other restates);
- the match is another member of a series (another year, version, quarter, phase or
  batch code, or a template sibling named for another supplier): never automatic,
  whatever the score;
- the match is another version of the same document (titles equal but for a version
  stamp, series.versions_of_one): a rewrite of it, but whether the earlier version stays
  on file is a person's choice, so never automatic (as it was while versions counted as
  a series);
- the match is an index or log note: it holds the written content among others;
- an update would drop content of the matched note that the new text neither states
  nor supersedes (compose's "dropped"): a merge keeps it, so the caller who chose
  merge is not asked;
- a merge would leave content of the matched note for a person to settle (the
  ledger's "held back: carry?": the engine cannot tell whether the new text dropped it
  on purpose; or an open item of the note's to-do list): written without a person, it
  would be cut from the note unasked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .strategies.hybrid import load_weights


def automatic_cut(strategy_threshold: float, weights: Mapping | None = None) -> float:
    """The automatic band's lower end: the measured cut, never below the caller's match
    threshold's default (the likely band)."""
    doc = load_weights() if weights is None else weights
    return max(float(doc.get("threshold_auto", strategy_threshold)), strategy_threshold)


def refusal(score: float, evidence: Mapping[str, float], reasons: Sequence[str],
            cut: float) -> str | None:
    """Why a match may not be written without a person, or None when it may."""
    if evidence.get("series"):
        why = next((r for r in reasons if "series" in r), "titles or links make a series")
        return (f"the closest note is another member of a series, never updated on its own: "
                f"{why}")
    if evidence.get("version_chain"):
        why = next((r for r in reasons if "of one document" in r), "another version")
        return (f"the closest note is another version of this document, never replaced on "
                f"its own: a person chooses whether the earlier version is kept ({why})")
    if evidence.get("index_like"):
        return ("the closest note is an index or log note (an entry per item): it holds this "
                "content among others and is never rewritten on its own")
    if score < cut:
        detail = next((r for r in reasons if "part" in r or "restate" in r), "")
        return (f"the closest note is related, not the same: score {score:.2f} is below the "
                f"automatic band ({cut:.2f})" + (f"; {detail}" if detail else ""))
    return None


def held_refusal(held: Sequence[str], limit: int = 3) -> str | None:
    """Why a merge that leaves matched-note content for a person to settle is queued
    (None: it leaves nothing: upsert_text.left_out)."""
    if not held:
        return None
    return (f"a merge would leave out {len(held)} unit(s) of the matched note that the new "
            f"text may have dropped on purpose or left open: {_listed(held, limit)}; a "
            f"person decides (merging from the queue leaves them out too, as its preview "
            f"shows)")


def drop_refusal(dropped: Sequence[str], limit: int = 3) -> str | None:
    """Why an update that drops matched-note content is queued (None: it drops nothing)."""
    if not dropped:
        return None
    return (f"an update would drop {len(dropped)} unit(s) of the matched note that the new "
            f"text neither states nor supersedes: {_listed(dropped, limit)}; "
            f"on_match=\"merge\" keeps them")


def _listed(units: Sequence[str], limit: int) -> str:
    """The first `limit` units, quoted and cut short, and how many more."""
    shown = "; ".join(f"“{t[:80]}”" for t in units[:limit])
    return shown + (f" and {len(units) - limit} more" if len(units) > limit else "")
