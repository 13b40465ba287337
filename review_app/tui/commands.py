"""Command palette entries for the review actions."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

ENTRIES = (
    ("Update group", "decide('update')", "keep the canonical, freshest text; retire others"),
    ("Merge group", "decide('merge')", "fold what the others add into the canonical"),
    ("Skip group", "decide('skip')", "decide later"),
    ("Not duplicates", "decide('distinct')", "remember that these notes are distinct"),
    ("Make selected member canonical", "canonical", "the note that is kept"),
    ("Take selected member out of group", "remove", "leave that note alone"),
    ("Undo last decision", "undo", "take back the last decision or change"),
    ("Apply decided groups", "apply", "asks for confirmation first"),
    ("Threshold up", "threshold(1)", "+0.05, regroup"),
    ("Threshold down", "threshold(-1)", "-0.05, regroup"),
    ("Toggle diff / merge preview", "toggle_preview", ""),
    ("Filter groups", "filter", ""),
    ("Help: keys", "help", ""),
)


class ReviewCommands(Provider):
    """Runs the same actions as the keys (so refusals behave the same)."""

    def _run(self, action: str) -> None:
        self.app.call_later(self.screen.palette_action, action)  # type: ignore[attr-defined]

    async def discover(self) -> Hits:
        for title, action, help_text in ENTRIES:
            yield DiscoveryHit(title, partial(self._run, action), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, action, help_text in ENTRIES:
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), partial(self._run, action),
                          text=title, help=help_text)
