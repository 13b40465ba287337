"""A second review console, as a real process, driven by Pilot:

    python tests/console_driver.py PROJECT NOTE_PATH KEYS...

Opens the console on PROJECT, puts the group cursor on the group holding NOTE_PATH,
presses KEYS and quits; prints "done" with the decision log's last line for that
group. Used by the two-console tests.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from review_app.core.pipeline import ScanOptions
from review_app.core.project import Project
from review_app.tui.app import ReviewApp
from review_app.tui.screens.review import ReviewScreen
from review_app.tui.widgets.tables import GroupTable


async def drive(root: Path, path: str, keys: list[str]) -> None:
    app = ReviewApp(Project(root), ScanOptions())
    async with app.run_test(size=(100, 32)) as pilot:
        while not isinstance(app.screen, ReviewScreen):
            await pilot.pause(0.05)
        await pilot.pause()
        screen = app.screen
        table = screen.query_one(GroupTable)
        index = next(i for i, gid in enumerate(table.group_ids)
                     if path in screen.session.group(gid).paths)
        await pilot.press("g", *["j"] * index)
        while not screen.detail_current:
            await pilot.pause(0.05)
        await pilot.press(*keys)
        await pilot.pause(0.2)
    print("done", flush=True)


if __name__ == "__main__":
    asyncio.run(drive(Path(sys.argv[1]), sys.argv[2], sys.argv[3:]))
