"""A Footer that dims and undims its keys in place.

Textual's Footer rebuilds every key widget whenever the bindings change, which costs a
mount, CSS for each key and a re-layout of the screen. On the review screen the keys stay
the same from group to group and only their enabled state follows the cursor, so that
case only toggles `-disabled` (the class the Footer itself gives a disabled key).
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer

KEY_FIELDS = ("key", "action", "description", "key_display")
"""What a footer key shows, compared with what the bindings ask for."""


class InPlaceFooter(Footer):
    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._update_keys)

    def _shown(self) -> list[tuple[str, str, str, str, bool, str]] | None:
        """(key, action, description, key display, enabled, tooltip) per key the Footer
        would show (as its `compose` picks them: the first binding of each action), or
        None where its layout is not a plain row of keys (groups, command palette)."""
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            return None
        first: dict[str, tuple[str, str, str, str, bool, str]] = {}
        for _node, binding, enabled, tooltip in self.screen.active_bindings.values():
            if not binding.show:
                continue
            if binding.group is not None:
                return None
            if binding.action not in first:
                first[binding.action] = (binding.key, binding.action, binding.description,
                                         self.app.get_key_display(binding), enabled, tooltip)
        return list(first.values())

    async def _update_keys(self) -> None:
        if not self.is_attached:  # its screen went away meanwhile
            return
        shown = self._shown()
        # By the CSS type name: the key widget's class is not public (textual.widgets._footer).
        keys = list(self.query_children("FooterKey"))
        if shown is None or len(shown) != len(keys) or len(keys) != len(self.children) or not all(
                tuple(getattr(k, name, None) for name in KEY_FIELDS) == s[:4]
                for k, s in zip(keys, shown, strict=True)):
            await self.recompose()
            return
        for key, (*_, enabled, tooltip) in zip(keys, shown, strict=True):
            # The look only: a click on a dimmed key reaches the screen, which says why.
            key.set_class(not enabled, "-disabled")
            if (key.tooltip or "") != (tooltip or ""):
                key.tooltip = tooltip or None
