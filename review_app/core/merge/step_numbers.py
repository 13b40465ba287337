"""How carried steps are numbered when pass_render writes them: after the newest's
numbered list they continue it (numbered_end, renumbered); apart from it, an older run
is numbered without gaps, or one step alone written as an item (numbered_on), unless a
version names its steps by number (step_named, "Repeat steps 2 and 3")."""

from __future__ import annotations

import re
from collections.abc import Iterable

from .carried_lines import STEP, Lines
from .context import MergeContext, Ref
from .lexicon import Lexicon


def numbered_end(ctx: MergeContext, at: int) -> tuple[str, int, str] | None:
    """When `at` ends a numbered list of the base: its items' indent, the number its
    next item takes and its delimiter."""
    for block in ctx.base.blocks:
        if block.kind != "numbered" or block.end != at:
            continue
        marks = [m for u in block.units if u.raw and (m := STEP.match(u.raw[0]))]
        if marks:
            indent = min((m.group(1) for m in marks), key=len)
            top = [m for m in marks if m.group(1) == indent]
            return indent, int(top[-1].group(2)) + 1, top[-1].group(3)
    return None


def renumbered(lines: Lines, indent: str, n: int, delim: str) -> Lines:
    """Carried steps written after the base's numbered list continue it: each takes
    the list's next number (an older "3." after the newest's "5." reads as 6), the
    base's lines keep theirs."""
    out: Lines = []
    for ln, src in lines:
        m = STEP.match(ln)
        if m and m.group(1) == indent:
            ln = f"{indent}{n}{delim}{m.group(4)}{ln[m.end():]}"
            n += 1
        out.append((ln, src))
    return out


def numbered_on(ctx: MergeContext, refs: list[Ref], lines: Lines) -> Lines:
    """Older steps written apart from the newest's lists: numbered without gaps
    (_closed_up), and one step alone from its list written as an item ("3. Log the order
    in the purchases spreadsheet" under "## Ordering routine" reads as a list that lost
    two steps), unless a version names the steps by number."""
    steps = [r for r in refs if r.unit.kind == "step"]
    named = step_named(ctx.lexicon)
    if _named_by_number(ctx, refs) or any(named.search("\n".join(
            ctx.older_doc(p).lines)) for p in {r.path for r in steps}):
        return lines  # ("Juniors skip step 3": its numbers name its steps)
    if len(steps) == 1:
        # ("3. Then set the alarm ..." leans on a step before it: as written)
        if goes_on(ctx.lexicon).match(steps[0].unit.raw[0].lstrip()):
            return lines
        e = ctx.entries[steps[0].key]
        if not e.written:  # the ledger says it as written: an item, its number gone
            e.written = steps[0].unit.text  # (the ledger holds this entry: set in place)
        return _as_item(lines)
    return _closed_up(lines, _lists_from_one(ctx, refs))


def _as_item(lines: Lines) -> Lines:
    """The first top-level step of `lines` as a list item ("- ..."), the rest as written."""
    out: Lines = []
    done = False
    for ln, src in lines:
        m = STEP.match(ln)
        if m and not done:
            ln, done = f"{m.group(1)}-{m.group(4)}{ln[m.end():]}", True
        out.append((ln, src))
    return out


def _named_by_number(ctx: MergeContext, refs: list[Ref]) -> bool:
    """A newer version names an item of one of these units' older lists by number (as
    still standing or anew: ctx.named_by_number), carried or not."""
    blocks = {(r.path, r.unit.block) for r in refs}
    named = (ctx.ref(k) for k in ctx.named_by_number)
    return any((r.path, r.unit.block) in blocks for r in named)


def step_named(lexicon: Lexicon) -> re.Pattern[str]:
    """A note naming its list items by number ("step 3", "rule 3a", "#4"), by ordinal ("the
    third step") or by a number word ("step three"); not a year ("Rules 2023"), a count
    ("one point per frame") nor a measure ("steps two minutes apart"). Built once a
    lexicon (Lexicon.step_nouns, ordinal_words, number_words up to ten, measure_words)."""
    memo = lexicon.memo("step_named")
    found = memo.get(None)
    if found is None:
        noun = _any(lexicon.step_nouns)
        numbers = _any({w for w, n in lexicon.number_words if 1 <= n <= 10})
        # (within a line: "## Collecting rules" over "1. Only collect ..." names no rule 1)
        found = memo[None] = re.compile(
            rf"(?:\b(?:{noun}|no\.)|#)[ \t]*\d{{1,2}}(?!\d)"
            rf"|\b{_any(lexicon.ordinal_words)}[ \t]+{noun}\b"
            rf"|\b{noun}[ \t]+{numbers}\b(?![ \t]+{_any(lexicon.measure_words)}\b)",
            re.IGNORECASE)
    return found


def goes_on(lexicon: Lexicon) -> re.Pattern[str]:
    """A numbered step that goes on from the one before it ("3. Then set the alarm")."""
    memo = lexicon.memo("step_goes_on")
    found = memo.get(None)
    if found is None:
        found = memo[None] = re.compile(
            rf"\d{{1,9}}[.)]\s+{_any(lexicon.follow_on_openers)}\b", re.IGNORECASE)
    return found


def _any(words: Iterable[str]) -> str:
    """A regex alternation of `words`, longest first ("_" joins a cue's words)."""
    return "(?:" + "|".join(re.escape(w).replace("_", r"\s+")
                           for w in sorted(words, key=len, reverse=True)) + ")"


def _lists_from_one(ctx: MergeContext, refs: list[Ref]) -> bool:
    """Every numbered list these steps come from starts at 1 in its note: a run of them
    starting past 1 has its first steps left out, it does not go on from a list before
    it."""
    steps = [(r.path, r.unit.block) for r in refs if r.unit.kind == "step"]
    blocks = set(steps)
    if any(steps.count(b) < 2 for b in blocks):
        return False  # one item alone keeps its number ("7. Rider of the Year": the
        # minutes' decision 7, no list of one)
    for path, bi in blocks:
        if step_named(ctx.lexicon).search("\n".join(ctx.older_doc(path).lines)):
            return False  # "Repeat steps 2 and 3": its numbers name its steps
        units = ctx.older_doc(path).blocks[bi].units
        m = STEP.match(units[0].raw[0]) if units and units[0].raw else None
        if m is None or m.group(2) != "1":
            return False
    return bool(blocks)


def _closed_up(lines: Lines, from_one: bool = False) -> Lines:
    """An older numbered list carried under its own heading with a step left out (the
    newest says it over or ended it) is numbered on without the gap: "1. ... 4. ... 5."
    reads as a list missing two steps. Each run of top-level steps at one indent that
    starts at 1 is numbered 1, 2, ...; nested items and other runs as written. Not a
    list a newer version names items of by number (_named_by_number: "Decisions 1, 2 and
    4 stand unchanged. Decision 3 is reversed."): renumbered, its 4 would be read as the
    decision 3 that was reversed (merge-BO's battery incident). `from_one`: the lists
    start at 1 in their notes, so a run starting past 1 lost its first steps and is
    numbered from 1 too ("3. ... 6. ... 7." under its own heading)."""
    out: Lines = []
    run_indent: str | None = None
    n = 0
    for ln, src in lines:
        m = STEP.match(ln)
        if m and (run_indent is None or m.group(1) == run_indent):
            if run_indent is None:
                if m.group(2) != "1" and not from_one:
                    out.append((ln, src))
                    continue
                run_indent, n = m.group(1), 0
            n += 1
            ln = f"{m.group(1)}{n}{m.group(3)}{m.group(4)}{ln[m.end():]}"
        elif run_indent is not None and not (ln.startswith(run_indent + " ") or
                                             (m and len(m.group(1)) > len(run_indent))):
            run_indent = None  # the run ended (a blank line or other text)
        out.append((ln, src))
    return out
