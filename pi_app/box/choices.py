"""The host's choices, kept in the journal across restarts: the language, the options
of each game, the remembered players.

Writing a choice never waits: the journal writes on its own thread. A journal that
cannot say (a failing card) leaves the box on its defaults, said in the log, never a
stop of the box.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from pi_app.i18n import LANGUAGES, set_language
from pi_app.table import Journal, JournalError
from pi_app.table.players import Player

log = logging.getLogger(__name__)

LANGUAGE_SETTING = "language"
"""The journal's setting for the language chosen on the box."""
LANGUAGE_GIVEN = "language.given"
"""Set in the config by `tabletop --lang` (or TABLETOP_LANG): this start's language wins."""
PLAYERS_OFFERED = 40  # the remembered players the home offers, the latest first


class Choices:
    """The host's kept choices (`settings`, updated in place) and remembered players."""

    def __init__(self, journal: Journal, config: Mapping[str, Any]) -> None:
        self.journal = journal
        self.settings = self._read(config)
        """The choices the host made on the box, kept in the journal across restarts."""

    def _read(self, config: Mapping[str, Any]) -> dict[str, object]:
        """The host's kept choices; the language chosen on the box is taken again,
        unless this start was given one (`tabletop --lang`, TABLETOP_LANG)."""
        try:
            kept = self.journal.choices.settings()
        except JournalError as error:
            log.warning("settings not read: %s", error)
            return {}
        lang = kept.get(LANGUAGE_SETTING)
        if isinstance(lang, str) and lang in LANGUAGES and not config.get(LANGUAGE_GIVEN):
            set_language(lang)
        return kept

    def remember(self, key: str, value: object) -> None:
        """Keep a host's choice for the next start (written without waiting)."""
        self.settings[key] = value
        try:
            self.journal.choices.remember_setting(key, value)
        except (JournalError, TypeError, ValueError) as error:
            log.warning("setting %s not kept: %s", key, error)

    def set_language(self, lang: str) -> None:
        set_language(lang)
        self.remember(LANGUAGE_SETTING, lang)

    def players(self) -> list[Player]:
        """The remembered players, the latest first ([] while the storage fails)."""
        try:
            return self.journal.choices.players(PLAYERS_OFFERED)
        except JournalError as error:
            log.warning("players not read: %s", error)
            return []
