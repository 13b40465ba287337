"""Command palette entries for the review actions, from the one action table."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.message import Message

from .actions import ConsoleAction, palette_entries


@dataclass
class RunAction(Message):
    """The palette chose `entry`: its screen runs it as its key would (refusals alike)."""

    entry: ConsoleAction


class ReviewCommands(Provider):
    def _run(self, entry: ConsoleAction) -> None:
        self.screen.post_message(RunAction(entry))

    async def discover(self) -> Hits:
        for entry in palette_entries():
            yield DiscoveryHit(entry.title, partial(self._run, entry), help=entry.help)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for entry in palette_entries():
            score = matcher.match(entry.title)
            if score > 0:
                yield Hit(score, matcher.highlight(entry.title), partial(self._run, entry),
                          text=entry.title, help=entry.help)
