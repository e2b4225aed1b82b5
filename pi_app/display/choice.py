"""One option of a game as the home offers it: data a game declares, not code.

A game lists its options (`display.declaration.GameDeclaration.choices`): each has the
key the record's options use, a label, and the values a tap cycles through with the
name shown for each. The home draws and cycles them without knowing any game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

OptionValue = str | int | tuple[str, ...]
"""What an option may be set to; a tuple is written to the record as a JSON list."""


@dataclass(frozen=True)
class Choice:
    """One option of a game: its record key, label and the values a tap cycles through."""

    key: str
    label: str
    values: tuple[OptionValue, ...]
    names: tuple[str, ...]
    plain: bool = False
    """Names shown as they are (numbers, file names), not translated."""
    plain_from: int | None = None
    """Names from this index on are shown as they are (the host's packs after the
    box's own choices); None: as `plain` says for all."""
    rules: bool = True
    """Whether the rules read it, in the record's options; False for what only the box
    reads (Gambo's opponent, the tournament's tables), through the game's `start`."""
    only_with: tuple[str, OptionValue] | None = None
    """Offered only while another option (by key) has that value (which question of a
    boxed card to read, while the cards are read); None: always offered."""

    def offered_with(self, values: Mapping[str, OptionValue]) -> bool:
        """Whether the home offers it, the other options having `values`."""
        if self.only_with is None:
            return True
        key, wanted = self.only_with
        return key not in values or values[key] == wanted

    def value(self, pick: int) -> OptionValue:
        """The value after `pick` taps (the first value is the default)."""
        return self.values[pick % len(self.values)]

    def name(self, pick: int) -> str:
        """The name shown after `pick` taps (a msgid unless `plain`)."""
        return self.names[pick % len(self.names)]

    def is_plain(self, pick: int) -> bool:
        """Whether the name after `pick` taps is shown as it is, not translated."""
        if self.plain_from is not None and pick % len(self.names) >= self.plain_from:
            return True
        return self.plain


def picked_values(choices: Sequence[Choice], picks: Mapping[str, int]) -> dict[str, OptionValue]:
    """Every option's value, by key, after the taps counted in `picks`."""
    return {choice.key: choice.value(picks.get(choice.key, 0)) for choice in choices}


def rules_options(
    choices: Sequence[Choice], values: Mapping[str, OptionValue]
) -> dict[str, object]:
    """The options as the game's rules read them: JSON values, the box's own left out."""
    return {choice.key: _json(values[choice.key]) for choice in choices if choice.rules}


def _json(value: OptionValue) -> object:
    """A value as a record holds it: a tuple (QoD's variants) as a list."""
    return list(value) if isinstance(value, tuple) else value
