"""The review console's actions, spelled once.

Each row says which key runs which action, what the command palette calls it, what the
help screen says about it and whether it can be refused (`guard`: the name
`ReviewSession.refusal` knows). The screen's bindings, its guarded keys, the palette and
the help screen are all built from `ACTIONS`, so adding a key is one line here plus the
`action_*` method that does it.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding, BindingType


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
    bind: bool = True  # False: documented here, bound by a widget (moves)
    tab: str = "groups"  # the tab it acts on: "groups", "pending" (proposals) or "any"
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


def _choose(key: str, what: str, label: str, help_text: str) -> ConsoleAction:
    """A choice on the selected agent proposal (the proposals pane's `refusal` names)."""
    return ConsoleAction(key, f"choose('{what}')", "Proposals", help_text, label=label,
                         guard=what, tab="pending")


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
                  "threshold down by 0.05: more notes grouped, without re-embedding "
                  "(decisions stay on their notes)", "Threshold down", key_display="["),
    ConsoleAction("right_square_bracket", "threshold(1)", "Move",
                  "threshold up by 0.05: fewer notes grouped, without re-embedding",
                  "Threshold up", key_display="]"),
    ConsoleAction("i", "toggle_numbers", "Move",
                  "evidence: the numbers behind the words (cosine, coverage, ranks), or back",
                  "Evidence numbers on / off"),
    ConsoleAction("v", "cycle_preview", "Move",
                  "preview: diff canonical ↔ member → merge result → update result "
                  "(exactly what would be written)", "Cycle preview: diff / merge / update"),
    _decide("u", "update", "Update group", "Update",
            "update: the freshest text into the kept file, retire the others"),
    _decide("m", "merge", "Merge group", "Merge",
            "merge: the canonical plus what the others add, retire the others"),
    _decide("s", "skip", "Skip group", "Skip",
            "skip: decide later (asked again the next time the console opens)"),
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
                  help_keys="p", bind=False, tab="any"),
    ConsoleAction(None, "", "Proposals", "choose the matching note (diff against it)",
                  help_keys="→ / j / k", bind=False, tab="pending"),
    ConsoleAction("v", "toggle_proposal_preview", "Proposals",
                  "preview: diff against the match ↔ what merge writes into it", tab="pending"),
    _choose("u", "update", "Update", "update the matching note with the proposed text"),
    _choose("m", "merge", "Merge", "merge the proposed text into the matching note"),
    _choose("n", "create", "New note", "create the proposal as a new note"),
    _choose("x", "discard", "Discard", "discard the proposal (nothing is written)"),
    ConsoleAction("z", "undo_proposal", "Proposals",
                  "undo the last proposal written in this console run (bm-review undo)",
                  label="Undo", guard="undo_proposal", tab="pending"),
    ConsoleAction("a", "apply", "Finish", "apply the update/merge decisions (asks first, "
                  "undoable)", "Apply decided groups", "Apply", "apply"),
    ConsoleAction(None, "rescan", "Finish", "scan the project again (decisions are kept)",
                  "Rescan the project", help_keys="ctrl+p: Rescan"),
    ConsoleAction(None, "", "Finish", "command palette", help_keys="ctrl+p", bind=False),
    ConsoleAction("question_mark", "help", "Finish", "this help", "Help: keys", "Help",
                  key_display="?", tab="any"),
    ConsoleAction("q", "app.quit", "Finish", "quit (decisions are already saved)", "",
                  "Quit", tab="any"),
    ConsoleAction("escape", "clear_filter", "Move", "clear the filter", in_help=False),
)
HELP_SECTIONS = ("Move", "Decide", "Proposals", "Finish")

ALWAYS_SHOWN = ("help", "app.quit")
"""The footer's first keys, whatever the width."""

# Where the two tabs share a key: `p` switches to whichever tab is not shown.
TAB_BINDINGS = [Binding("p", "show_tab('pending')", "Proposals", show=False),
                Binding("p", "show_tab('groups')", "Groups")]


def bindings() -> list[BindingType]:
    """The review screen's BINDINGS."""
    out: list[BindingType] = [
        Binding(a.key, a.action, a.label or a.title or a.help, show=bool(a.label),
                key_display=a.key_display)
        for a in ACTIONS if a.bind and a.key and a.action]
    # The footer shows keys in this order and cuts what does not fit: help and quit first,
    # so a narrow terminal (60 columns) still tells how to get help and out.
    out.sort(key=lambda b: isinstance(b, Binding) and b.action not in ALWAYS_SHOWN)
    return [*out, *TAB_BINDINGS]


def guarded_keys(tab: str) -> dict[str, str]:
    """Character -> refusal name on `tab`, for the keys whose refusal is explained when
    pressed."""
    return {a.key: a.guard for a in ACTIONS
            if a.guard and a.key and len(a.key) == 1 and a.tab == tab}


def guarded_actions(tab: str) -> dict[str, str]:
    """Character -> the action string its binding runs, for the guarded keys of `tab`."""
    return {a.key: a.action for a in ACTIONS
            if a.guard and a.key and len(a.key) == 1 and a.tab == tab}


def guards(tab: str) -> frozenset[str]:
    return frozenset(a.guard for a in ACTIONS if a.guard and a.tab == tab)


ACTION_TABS: dict[str, str] = {a.name: a.tab for a in ACTIONS if a.action}
"""The screen's action name -> the tab it acts on (`check_action` hides the others)."""


def palette_entries() -> list[ConsoleAction]:
    return [a for a in ACTIONS if a.title and a.action]


def help_rows(section: str) -> list[tuple[str, str]]:
    """(keys, what) for one help section."""
    return [(a.keys_text, a.help) for a in ACTIONS if a.section == section and a.in_help]
