"""The review console's actions, spelled once.

Each row says which key runs which action, what the command palette calls it, what the
help screen says about it and whether it can be refused (`guard`: the name
`ReviewSession.refusal` knows). The screen's bindings, its guarded keys, the palette and
the help screen are all built from `ACTIONS`, so adding a key is one line here plus the
`action_*` method that does it.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding


@dataclass(frozen=True)
class ConsoleAction:
    key: str | None  # Textual key name; None: palette only, or bound by a widget
    action: str  # the screen's action string, e.g. "decide('update')"
    section: str  # where the help screen lists it
    help: str  # the help screen's text (and the palette's)
    title: str = ""  # the palette entry; "" keeps it out of the palette
    label: str = ""  # the footer's word; "" keeps it out of the footer
    guard: str | None = None  # refusal name when the action can be refused
    key_display: str | None = None  # how the footer and help write the key
    help_keys: str | None = None  # how the help writes the key(s), if not `key_display`
    bind: bool = True  # False: documented here, bound by a widget (moves, proposals)
    groups_tab: bool = True  # only on the duplicate-groups tab
    in_help: bool = True  # False: another row's help already says it

    @property
    def name(self) -> str:
        """The action's method name (`decide` for "decide('update')")."""
        return self.action.split("(", 1)[0]

    @property
    def keys_text(self) -> str:
        return self.help_keys or self.key_display or self.key or ""


def _decide(key: str, what: str, title: str, label: str, help_text: str) -> ConsoleAction:
    return ConsoleAction(key, f"decide('{what}')", "Decide", help_text, title, label, what)


ACTIONS: tuple[ConsoleAction, ...] = (
    ConsoleAction(None, "", "Move", "next / previous group (or member, or preview line)",
                  help_keys="j / k, ↓ / ↑", bind=False),
    ConsoleAction(None, "", "Move", "first / last group", help_keys="g / G", bind=False),
    ConsoleAction(None, "", "Move", "focus: groups → members → detail → preview (highlighted)",
                  help_keys="Tab / S-Tab", bind=False),
    ConsoleAction(None, "", "Move", "scroll the focused pane (preview, detail) a page",
                  help_keys="PgUp / PgDn", bind=False),
    ConsoleAction("slash", "filter", "Move", "filter groups by title or path (Esc clears)",
                  "Filter groups", key_display="/"),
    ConsoleAction("left_square_bracket", "threshold(-1)", "Move",
                  "threshold down / up by 0.05: regroup without re-embedding (decisions "
                  "stay on their notes)", "Threshold down", help_keys="[ / ]"),
    ConsoleAction("right_square_bracket", "threshold(1)", "Move", "threshold up by 0.05",
                  "Threshold up", in_help=False),
    ConsoleAction("v", "cycle_preview", "Move",
                  "preview: diff canonical ↔ member → merge result → update result "
                  "(exactly what would be written)", "Cycle preview: diff / merge / update"),
    _decide("u", "update", "Update group", "Update",
            "update: the freshest text into the kept file, retire the others"),
    _decide("m", "merge", "Merge group", "Merge",
            "merge: the canonical plus what the others add, retire the others"),
    _decide("s", "skip", "Skip group", "Skip", "skip: decide later (comes back next scan)"),
    _decide("d", "distinct", "Not duplicates", "Distinct",
            "not duplicates: remembered until a note of the group changes"),
    ConsoleAction("c", "canonical", "Decide",
                  "make the selected member the canonical (whose content wins)",
                  "Make selected member canonical", "Canon", "canonical"),
    ConsoleAction("K", "keep", "Decide",
                  "keep the selected member's file (its path, title, permalink survive)",
                  "Keep the selected member's file", "Keep", "keep"),
    ConsoleAction("x", "remove", "Decide", "take the selected member out of the group",
                  "Take selected member out of group", "Out", "remove"),
    ConsoleAction(None, "", "Decide", "preview focused, merge/update result: pick a ledger "
                  "row, flip it: carry ↔ drop an older unit, newer ↔ older value (saved with "
                  "the group, written by apply)", help_keys="↑ / ↓, space", bind=False),
    ConsoleAction("e", "edit_note", "Decide", "edit the merge/update result shown in "
                  "$VISUAL / $EDITOR: what you save is what apply writes",
                  "Edit the merge/update result in $EDITOR"),
    ConsoleAction("E", "drop_edit", "Decide", "drop your edited text (back to the composed "
                  "result)", "Drop my edit of the result"),
    ConsoleAction("z", "undo", "Decide", "undo the last decision or change (the cursor goes "
                  "back to it)", "Undo last decision", "Undo", "undo"),
    ConsoleAction(None, "", "Proposals", "switch between duplicate groups and agent proposals",
                  help_keys="p", bind=False),
    ConsoleAction(None, "", "Proposals", "choose the matching note (diff against it; v: merge)",
                  help_keys="→ / j / k", bind=False),
    ConsoleAction(None, "", "Proposals", "update / merge the proposed text into that note",
                  help_keys="u / m", bind=False),
    ConsoleAction(None, "", "Proposals", "create it as a new note / discard it",
                  help_keys="n / x", bind=False),
    ConsoleAction("a", "apply", "Finish", "apply the update/merge decisions (asks first, "
                  "undoable)", "Apply decided groups", "Apply", "apply"),
    ConsoleAction(None, "rescan", "Finish", "scan the project again (decisions are kept)",
                  "Rescan the project", help_keys="palette"),
    ConsoleAction(None, "", "Finish", "command palette", help_keys="ctrl+p", bind=False),
    ConsoleAction("question_mark", "help", "Finish", "this help", "Help: keys", "Help",
                  key_display="?", groups_tab=False),
    ConsoleAction("q", "app.quit", "Finish", "quit (decisions are already saved)", "",
                  "Quit", groups_tab=False),
    ConsoleAction("escape", "clear_filter", "Move", "clear the filter", in_help=False),
)
HELP_SECTIONS = ("Move", "Decide", "Proposals", "Finish")

# Where the two tabs share a key: `p` switches to whichever tab is not shown.
TAB_BINDINGS = [Binding("p", "show_tab('pending')", "Proposals", show=False),
                Binding("p", "show_tab('groups')", "Groups")]


def bindings() -> list[Binding]:
    """The review screen's BINDINGS."""
    out = [Binding(a.key, a.action, a.label or a.title or a.help, show=bool(a.label),
                   key_display=a.key_display)
           for a in ACTIONS if a.bind and a.key and a.action]
    return [*out, *TAB_BINDINGS]


def guarded_keys() -> dict[str, str]:
    """Character -> refusal name, for the keys whose refusal is explained when pressed."""
    return {a.key: a.guard for a in ACTIONS if a.guard and a.key and len(a.key) == 1}


GUARDED: frozenset[str] = frozenset(a.guard for a in ACTIONS if a.guard)
GROUP_ACTIONS: frozenset[str] = frozenset(a.name for a in ACTIONS if a.groups_tab and a.action)


def palette_entries() -> list[ConsoleAction]:
    return [a for a in ACTIONS if a.title and a.action]


def help_rows(section: str) -> list[tuple[str, str]]:
    """(keys, what) for one help section."""
    return [(a.keys_text, a.help) for a in ACTIONS if a.section == section and a.in_help]
