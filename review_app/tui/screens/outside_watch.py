"""The review screen's look beside the console: once a second, in a worker (stat calls
wait on the disk), whether another console or the CLI decided or wrote in this project
meanwhile; what it finds comes back as an `OutsideLooked` message on the UI thread."""

from __future__ import annotations

from typing import Any

from ..messages import OutsideLooked, RescanWanted
from ..workers import background


class OutsideWatch:
    """Mixed into ReviewScreen (which has the session, `outside` and the widgets)."""

    session: Any
    outside: Any
    _applying: bool
    _looking: bool
    notify: Any
    post_message: Any
    rebuild: Any

    def _known(self) -> dict[str, str]:
        return {gid: d.action for gid, d in self.session.decisions.items()}

    def _check_outside(self) -> None:
        """Look beside the console in a worker (stat calls wait on the disk), one look at
        a time; `on_outside_looked` shows what it found."""
        if self._applying or self._looking:
            return
        self._looking = True
        self.look_outside(self._known())

    @background("outside", exclusive=False)
    def look_outside(self, known: dict[str, str]) -> None:
        try:
            found = self.outside.look(known)
        except Exception:  # noqa: BLE001 - the next tick looks again
            found = OutsideLooked(set(), False, known)
        self.post_message(found)

    def on_outside_looked(self, event: OutsideLooked) -> None:
        """Another console or the CLI decided or wrote meanwhile: show it as it is now."""
        self._looking = False
        if self._applying:
            return
        if event.applies:
            self.notify("another bm-review applied or undid changes in this project: "
                        "scanning again", title="Changed elsewhere", severity="warning")
            self._applying = True  # once
            self.post_message(RescanWanted())
        elif event.decisions:
            if self._known() != event.known:  # decided here meanwhile: compare afresh
                self.outside.look_again()
                return
            self.session.reload_decisions()
            self.rebuild()
            self.notify("decisions were changed in another console: shown as they are now",
                        title="Changed elsewhere", severity="warning")
