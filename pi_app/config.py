"""Configuration: one TOML file, read from the system-wide then the per-user place.

Locations, later ones overriding earlier ones key by key:

1. `/etc/tabletop/config.toml` (system-wide, for the box);
2. `$XDG_CONFIG_HOME/tabletop/config.toml` (per user; `~/.config/...` by default);
3. the file given with `tabletop --config FILE` (or `$TABLETOP_CONFIG`).

Every key has a default (`DEFAULTS`, also written out in `config.example.toml`), so a
box with no file at all works. A bad value is refused with the key and the file named.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pi_app import bounded
from pi_app.errors import OutOfBounds, describe
from pi_app.i18n import LANGUAGES, Translator

_ = Translator("core")

SYSTEM_CONFIG = Path("/etc/tabletop/config.toml")
CONFIG_BYTES = 1024 * 1024  # a configuration is a few hundred bytes


def user_config_path() -> Path:
    """The per-user configuration file."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "tabletop" / "config.toml"


def default_journal_path(environ: Mapping[str, str] = os.environ) -> Path:
    """Where the journal lives unless configured: the user's data directory (in
    `environ`: the doctor asks with the service's)."""
    base = environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tabletop" / "journal.sqlite3"


# key -> (default, check); the check returns an error message or None.
Check = Callable[[Any], str | None]


def _one_of(*allowed: str) -> Check:
    return lambda v: (
        None if v in allowed else _("must be one of: {allowed}").format(allowed=", ".join(allowed))
    )


def _path_or(*words: str) -> Check:
    return lambda v: (
        None
        if isinstance(v, str)
        else _("must be a file path or {words}").format(words=" / ".join(words) or '""')
    )


def _number(low: float, high: float) -> Check:
    def check(v: Any) -> str | None:
        if isinstance(v, bool) or not isinstance(v, int | float) or not low <= v <= high:
            return _("must be a number from {low} to {high}").format(low=low, high=high)
        return None

    return check


def _boolean(v: Any) -> str | None:
    return None if isinstance(v, bool) else _("must be true or false")


def _host(v: Any) -> str | None:
    """A host name or address, or "" for this box."""
    if isinstance(v, str) and not any(ch.isspace() for ch in v):
        return None
    return _('must be a host name or address, or "" for this box')


DEFAULTS: dict[str, tuple[Any, Check]] = {
    "language": ("fr", _one_of(*LANGUAGES)),
    "hardware": ("auto", _one_of("auto", "pi", "sim")),
    "journal": ("", _path_or('"" (the default place)')),
    "pinout": ("", _path_or('"" (the bundled hardware/pinout.toml)')),
    "display.fullscreen": (False, _boolean),
    "display.size": ("800x480", _one_of("800x480", "480x320")),
    "display.large_text": (False, _boolean),
    "gambit7.mat": ("default", _path_or('"default"')),
    "timers.answers": (30, _number(5, 600)),
    "timers.bets": (30, _number(5, 600)),
    "timers.cambio_study": (30, _number(5, 600)),
    "sound.volume": (0.7, _number(0, 1)),
    "sound.mute": (False, _boolean),
    "phones.enabled": (True, _boolean),
    "phones.port": (8370, _number(1, 65535)),
    "tournament.broker": ("", _host),
    "tournament.port": (8371, _number(1, 65535)),
    "wifi.hotspot": ("when-no-network", _one_of("never", "when-no-network", "always")),
}


def timer_seconds(config: Mapping[str, Any], setting: str) -> float:
    """How long the sand timer `timers.<setting>` runs (its default when unset)."""
    key = f"timers.{setting}"
    return float(config.get(key, DEFAULTS[key][0]))


class ConfigError(ValueError):
    """A configuration value that cannot be used, naming the key and the file."""


@dataclass
class Config:
    """The configuration in force: every key, with where its value came from."""

    values: dict[str, Any] = field(
        default_factory=lambda: {k: d for k, (d, _c) in DEFAULTS.items()}
    )
    sources: dict[str, str] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    @property
    def journal_path(self) -> Path:
        """The journal file; ConfigError for a path that cannot be one (a folder, "/")."""
        path = Path(self.values["journal"]) if self.values["journal"] else default_journal_path()
        if not path.name or path.is_dir():
            raise ConfigError(
                _("The journal {path} is a folder, not a file: give the journal's file.").format(
                    path=path
                )
            )
        return path


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, name + "."))
        else:
            flat[name] = value
    return flat


def _shown(value: Any) -> str:
    """A configured value as the message quotes it: its start only, however long."""
    text = repr(value)
    return text if len(text) <= 40 else text[:36] + "…"


def merge_file(config: Config, path: Path) -> None:
    """Read one TOML file into `config`, refusing unknown keys and bad values."""
    try:
        text = bounded.read_file(path, CONFIG_BYTES).decode("utf-8")
        if bounded.too_deep(text):  # tomllib recurses: RecursionError at 1,000 levels
            raise OutOfBounds(_("nested too deeply"))
        data = tomllib.loads(text)
    except (OSError, ValueError) as error:  # ValueError: bad TOML, bad UTF-8, a huge number
        raise ConfigError(
            _("{file}: cannot read the configuration: {error}").format(
                file=path, error=describe(error)
            )
        ) from error
    for key, value in _flatten(data).items():
        if key not in DEFAULTS:
            raise ConfigError(_("{file}: unknown key {key}").format(file=path, key=key))
        problem = DEFAULTS[key][1](value)
        if problem:
            raise ConfigError(
                _("{file}: {key} = {value} {problem}").format(
                    file=path, key=key, value=_shown(value), problem=problem
                )
            )
        config.values[key] = value
        config.sources[key] = str(path)


def load(extra: Path | None = None, system: Path = SYSTEM_CONFIG) -> Config:
    """The configuration from every location that exists, later ones winning."""
    config = Config()
    explicit = extra or (
        Path(os.environ["TABLETOP_CONFIG"]) if os.environ.get("TABLETOP_CONFIG") else None
    )
    for path in (system, user_config_path()):
        if path.is_file():
            merge_file(config, path)
    if explicit is not None:
        if not explicit.is_file():
            raise ConfigError(_("{file}: no such configuration file").format(file=explicit))
        merge_file(config, explicit)
    return config


def example_toml() -> str:
    """Every key with its default, as a TOML file (what `config.example.toml` holds)."""
    sections: dict[str, list[str]] = {}
    for key, (default, _check) in DEFAULTS.items():
        section, _dot, name = key.rpartition(".")
        value = "true" if default is True else "false" if default is False else repr(default)
        value = value.replace("'", '"')
        sections.setdefault(section, []).append(f"{name} = {value}")
    lines: list[str] = []
    for section, entries in sections.items():
        if section:
            lines.append(f"\n[{section}]")
        lines.extend(entries)
    return "\n".join(lines).lstrip() + "\n"
