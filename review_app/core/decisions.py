"""Review decisions persisted as an append-only log in `.bm-review/decisions.jsonl`.

Append-only so a crash mid-write loses at most the last line and several
writers never corrupt each other. The latest record for a group wins; an
`undo` record withdraws the previous one. A decision holds the content hashes
of the notes it was made on: when any of them changes, the decision no longer
applies and the group comes back undecided.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path

from .dating import now_iso
from .jsonl import SyncFn, append_record, read_records
from .notes import Note

WRITING = ("update", "merge")
"""The decisions apply carries out (the kept file written, the others retired)."""
LEAVING = ("skip", "distinct")
"""The decisions that write nothing: decide later, not duplicates."""
ACTIONS = (*WRITING, *LEAVING)
"""A person's four answers for a group, named here once."""
DECISIONS_FILE = "decisions.jsonl"


@dataclass
class Decision:
    group_id: str
    action: str  # one of ACTIONS, or "undo" / "applied" in the log
    canonical: str | None
    hashes: dict[str, str]  # path -> sha256 of every note in the group when decided
    removed: list[str] = field(default_factory=list)  # members taken out of the group
    time: str = ""
    keep: str | None = None  # the kept file chosen by the person; None: the default
    # The person's flips of the merge ledger (key -> carry|drop|newer|older) and the
    # edited note text (see core.merge.compose); written by apply as in the preview.
    choices: dict[str, str] = field(default_factory=dict)
    text: str | None = None

    def still_valid(self, notes: dict[str, Note]) -> bool:
        return unchanged(self.hashes, notes)


def unchanged(hashes: dict[str, str], notes: dict[str, Note]) -> bool:
    """Every note a choice was made on is still there with the content it had (path ->
    sha256): decisions and edits hold only while this is true."""
    return all(p in notes and notes[p].sha256 == h for p, h in hashes.items())


class DecisionStore:
    def __init__(self, state_dir: Path, sync: SyncFn | None = None) -> None:
        self.path = Path(state_dir) / DECISIONS_FILE
        self.sync = sync  # the console's DeferredSync: no fsync on its UI thread

    def _append(self, record: dict) -> None:
        append_record(self.path, record, self.sync)

    def record(self, decision: Decision) -> Decision:
        decision.time = decision.time or now_iso()
        self._append(asdict(decision))
        return decision

    def undo(self, group_id: str) -> None:
        self._append({"group_id": group_id, "action": "undo", "time": now_iso()})

    def mark_applied(self, group_id: str, apply_id: str) -> None:
        self._append({"group_id": group_id, "action": "applied", "apply_id": apply_id,
                      "time": now_iso()})

    def history(self) -> list[dict]:
        return [rec for rec in read_records(self.path) if "group_id" in rec]

    def current(self) -> dict[str, Decision]:
        """The decision in force for each group (undo withdraws the one before it)."""
        stacks: dict[str, list[dict]] = {}
        for rec in self.history():
            stack = stacks.setdefault(rec["group_id"], [])
            if rec["action"] == "undo":
                if stack:
                    stack.pop()
            else:
                stack.append(rec)
        out: dict[str, Decision] = {}
        for gid, stack in stacks.items():
            if not stack or stack[-1]["action"] not in ACTIONS:
                continue
            rec = stack[-1]
            out[gid] = Decision(gid, rec["action"], rec.get("canonical"),
                                dict(rec.get("hashes") or {}), list(rec.get("removed") or []),
                                rec.get("time", ""), rec.get("keep"),
                                dict(rec.get("choices") or {}), rec.get("text"))
        return out

    def valid(self, notes: dict[str, Note], skips_since: str | None = None
              ) -> dict[str, Decision]:
        """Decisions whose notes are unchanged. A skip ("decide later") holds only within
        the sitting that made it: from `skips_since` on (a console run's start); without
        it, none does, so the group is asked again."""
        return {gid: d for gid, d in self.current().items() if d.still_valid(notes)
                and (d.action != "skip" or (skips_since is not None and d.time >= skips_since))}

    def distinct_pairs(self, notes: dict[str, Note]) -> set[tuple[str, str]]:
        """Pairs a person said are not duplicates, while neither note changed."""
        pairs: set[tuple[str, str]] = set()
        for d in self.valid(notes).values():
            if d.action != "distinct":
                continue
            paths = sorted(d.hashes)
            for i, a in enumerate(paths):
                for b in paths[i + 1:]:
                    pairs.add((a, b))
        return pairs
