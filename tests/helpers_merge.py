"""Notes for merge tests built from a body: the frontmatter and `# Title` agents write."""

from __future__ import annotations

import json
import re
from pathlib import Path

from review_app.core.merging import compose, split_frontmatter
from review_app.core.notes import Note, parse_note


def note(path: str, text: str) -> Note:
    result = parse_note(path, text.encode())
    assert isinstance(result, Note), result
    return result


def dated(path: str, title: str, permalink: str, body: str, *, modified: str,
          created: str | None = None) -> Note:
    """A note with title, permalink, (created,) modified, then `# title` and `body`."""
    when = (f"created: {created}\n" if created else "") + f"modified: {modified}\n"
    return note(path, f"---\ntitle: {title}\npermalink: {permalink}\n{when}---\n\n"
                f"# {title}\n\n{body}")


def body(text: str) -> str:
    return split_frontmatter(text)[1]


def superseded(composed) -> list[tuple[str, str]]:
    return [(s.old.text, s.new.text) for s in composed.superseded]


def fm(title: str, modified: str, extra: str = "", *, created: str | None = None) -> str:
    """Frontmatter with a title, (`created:`,) `modified:` and any `extra` lines, then
    `# title`: how agents start a note."""
    when = (f"created: {created}\n" if created else "") + f"modified: {modified}\n"
    return f"---\ntitle: {title}\n{when}{extra}---\n\n# {title}\n\n"


_MARKER = re.compile(r"^\s*(?:\d+[.)]|[-*+])\s+(?:\[[ xX]\]\s+)?")


def check_ledger(composed) -> None:
    """The written text agrees with the ledger: every stated or carried unit is in it, no
    superseded unit is (issue 18, item 5)."""
    for e in composed.ledger.entries:
        if e.status == "carried" and e.written:  # as written (a clause, a sentence)
            assert e.written in composed.text, e.written
        elif e.status == "carried" and e.kind == "step":  # numbered on, or a bullet of
            # its own after the newest's list (pass_render._own_list)
            assert re.search(r"(?m)^\s*(\d+[.)]|-)\s+" + re.escape(
                re.sub(r"^\s*\d+[.)]\s+", "", e.text)), composed.text), e.text
        elif e.status in ("stated", "carried"):
            assert (e.written or e.text) in composed.text, (e.status, e.text)
        if e.status == "superseded":
            by = next((x for x in composed.ledger.entries if x.key == e.by), None)
            said = re.sub(_MARKER, "", e.text)
            if by is not None and by.written and by.written.startswith(said.rstrip(".")):
                # a step the older one says word for word and goes on from: written inside
                # the fuller one, not as a line of its own (pass_extended), though another
                # newest line may say the same ("Sign the log sheet." in two sections)
                lines = [ln for ln in composed.text.splitlines()
                         if re.sub(_MARKER, "", ln).strip() == said]
                same = [x for x in composed.ledger.entries if x.text == e.text
                        and x.source == e.source and x.status == "stated"]
                assert len(lines) == len(same), e.text
            else:
                assert e.text not in composed.text, e.text


def merged(newer: Note, *older: Note, now=None):
    """The merge of `newer` with `older`, its ledger checked against its text."""
    composed = compose("merge", newer, list(older), now=now)
    check_ledger(composed)
    return composed


def versions(folder: str, title: str, older: str, newest: str, *,
             dates: tuple[str, str] = ("2024-05-01", "2025-05-01")):
    """The merge of two versions of one note (`folder`/notes.md and notes-2025.md, the
    newest titled `title` 2025), bodies under frontmatter, ledger checked."""
    return merged(note(f"{folder}/notes-2025.md", fm(f"{title} 2025", dates[1]) + newest),
                  note(f"{folder}/notes.md", fm(title, dates[0]) + older))


def entry(composed, fragment: str):
    """The first ledger entry of an older note whose text holds `fragment`."""
    hits = [e for e in composed.ledger.entries
            if fragment in e.text and e.source != composed.ledger.base]
    assert hits, fragment
    return hits[0]


REWRITES = Path(__file__).parent / "data" / "rewrites"


def rewrite_groups() -> list[dict]:
    """tests/data/rewrites' groups (groups.json); the notes: conftest's `rewrite_notes`."""
    return json.loads((REWRITES / "groups.json").read_text())["groups"]


def section_of(text: str, fragment: str) -> str:
    """The heading of the section a line holding `fragment` is written in."""
    heading = ""
    for line in text.splitlines():
        if line.startswith("#"):
            heading = line
        if fragment in line:
            return heading
    raise AssertionError(fragment)
