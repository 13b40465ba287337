"""Write SVG screenshots of the console's main screens on the demo into screenshots/.

    python scripts/make_screenshots.py [--size 110x34]

Works on a temporary copy of the bundled demo (fixed file times), with the real model.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from review_app.core.embedding import Embedder  # noqa: E402
from review_app.core.pipeline import ScanOptions  # noqa: E402
from review_app.core.project import Project  # noqa: E402
from review_app.core.upsert import upsert_note  # noqa: E402
from review_app.demo import BUNDLED  # noqa: E402
from review_app.tui.app import ReviewApp  # noqa: E402
from review_app.tui.messages import ScanProgress  # noqa: E402
from review_app.tui.screens.confirm import ConfirmApply  # noqa: E402
from review_app.tui.screens.review import ReviewScreen  # noqa: E402

RATE_LIMITS = """# API rate limits

A customer integration hammered `/v1/routes` at about 300 requests per second, so we are
adding rate limits that protect Postgres and are visible to customers.

## How it works
- One token bucket per API key, kept in Redis; a Lua script does check-and-decrement atomically.
- Tier limits: Starter 10 req/s, Pro 50 req/s, Business 200 req/s, bursts up to 2x.
- Responses include `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`.

## Observations
- [decision] Token bucket per API key in Redis #rate-limiting
- [decision] Enterprise keys get custom limits set by support
"""
MTIME = dt.datetime(2026, 6, 1, 12, 0, tzinfo=dt.UTC).timestamp()


async def until(pilot, predicate) -> None:
    for _ in range(4000):
        if predicate():
            return
        await pilot.pause(0.05)
    raise TimeoutError


async def shoot(root: Path, out: Path, size: tuple[int, int], embedder: Embedder) -> list[str]:
    written = []

    def save(app, name: str) -> None:
        app.clear_notifications()
        app.save_screenshot(filename=f"{name}.svg", path=str(out))
        written.append(f"{name}.svg")

    app = ReviewApp(Project(root, name="demo"), ScanOptions(), embedder=embedder,
                    autostart=False)
    async with app.run_test(size=size) as pilot:
        app.screen.post_message(ScanProgress("embed", 23, 60, eta_s=9.0))
        await pilot.pause()
        save(app, "scan-progress")

    # An agent's note that resembles an existing one, queued for a person to decide.
    upsert_note("API rate limits", RATE_LIMITS, "engineering", root, on_match="ask",
                embedder=embedder, caller="agent-7")
    app = ReviewApp(Project(root, name="demo"), ScanOptions(), embedder=embedder)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        await pilot.pause()
        screen = app.screen
        await pilot.press("u", "tab")
        await until(pilot, lambda: screen.detail_current)
        await pilot.pause()
        save(app, "group-list")
        three = next(i for i, g in enumerate(screen.shown) if len(g.paths) == 3)
        await pilot.press("shift+tab", "g", *["j"] * three, "tab")
        await until(pilot, lambda: screen.detail_current)
        await pilot.pause()
        save(app, "diff-preview")
        await pilot.press("v")
        await pilot.pause()
        save(app, "merge-preview")
        await pilot.press("v", "v", "shift+tab", "a")
        await until(pilot, lambda: isinstance(app.screen, ConfirmApply))
        await pilot.pause()
        save(app, "confirm-apply")
        await pilot.press("n", "question_mark")
        await pilot.pause()
        save(app, "help")
        await pilot.press("escape", "p")
        await pilot.pause()
        save(app, "agent-proposals")
        await pilot.press("p", "z", "q")

    # The same console in a small terminal: every key that matters, two paths told apart.
    app = ReviewApp(Project(root, name="demo"), ScanOptions(), embedder=embedder)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        await pilot.pause()  # the screen is switched to before its widgets are mounted
        await until(pilot, lambda: app.screen.detail_current)
        await pilot.pause()
        save(app, "small-terminal")
        await pilot.press("q")
    return written


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", default="110x34")
    ap.add_argument("--out", type=Path, default=REPO / "screenshots")
    args = ap.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        # The console names the demo copy ("~/.local/share/bm-review/demo"): a home of
        # its own makes that line the one a user sees, not a temporary path. The model
        # stays in the user's cache.
        import platformdirs

        os.environ.setdefault("BM_REVIEW_CACHE_DIR", platformdirs.user_cache_dir("bm-review"))
        os.environ["HOME"] = tmp
        root = Path(tmp) / ".local" / "share" / "bm-review" / "demo"
        root.parent.mkdir(parents=True)
        shutil.copytree(BUNDLED, root)
        for p in root.rglob("*.md"):
            os.utime(p, (MTIME, MTIME))
        files = asyncio.run(shoot(root, args.out, (w, h), Embedder()))
    for f in files:
        print(args.out / f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
