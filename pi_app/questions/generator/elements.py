"""The chemical elements (mendeleev's tables): the year each was discovered, and for
the elements up to uranium their melting and boiling points and their density.

An element is named by its symbol and its atomic number, the same in every language
(no name from memory: the package names elements in English only).
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from functools import partial
from typing import Any

from pi_app.i18n import LANGUAGES, N_
from pi_app.questions.generator.facts import Fact
from pi_app.questions.generator.sources import MENDELEEV

DOMAIN = "questions"
"""The catalogue of the questions' texts, units and categories."""

NATURAL_UP_TO = 92
"""Melting and boiling points and densities only up to uranium: beyond it mendeleev's
figures are estimates for a few atoms."""
MIN_DENSITY = Decimal("0.5")
"""Densities in g/cm³ of solids and liquids only (a gas's is a matter of pressure)."""
KELVIN = Decimal("273.15")


def _records() -> list[dict[str, Any]]:
    """mendeleev's elements with their phase transitions (one row an element; an
    element with several allotropes keeps only its plain row)."""
    from mendeleev.fetch import fetch_table

    elements = fetch_table("elements")[
        ["atomic_number", "symbol", "discovery_year", "density"]
    ].to_dict("records")
    transitions = fetch_table("phasetransitions")
    plain = transitions[transitions["allotrope"].isna()]
    points = {int(row["atomic_number"]): row for row in plain.to_dict("records")}
    for element in elements:
        row = points.get(int(element["atomic_number"]), {})
        element["melting_point"] = row.get("melting_point")
        element["boiling_point"] = row.get("boiling_point")
    return sorted(elements, key=lambda e: int(e["atomic_number"]))


def _known(value: object) -> bool:
    return value is not None and value == value  # NaN is not equal to itself


def _celsius(kelvin: object) -> Decimal:
    return (Decimal(str(kelvin)) - KELVIN).quantize(Decimal(1))


def _element_fact(
    symbol: str,
    names: dict[str, dict[str, str]],
    kind: str,
    template: str,
    answer: Decimal,
    unit: str,
    how: str = "",
) -> Fact:
    """One fact of an element (`element_facts` binds the element's part)."""
    subject = f"element:{symbol}"
    return Fact(
        kind, "science", symbol, template, names, answer, unit, MENDELEEV, subject, computed=how
    )


def element_facts() -> Iterator[Fact]:
    """Every element's facts that mendeleev knows."""
    for element in _records():
        z, symbol = int(element["atomic_number"]), str(element["symbol"])
        names = {lang: {"symbol": symbol, "z": str(z)} for lang in LANGUAGES}

        fact = partial(_element_fact, symbol, names)

        if _known(element["discovery_year"]):
            yield fact(
                "element-discovery",
                N_("Element {symbol} (atomic number {z}): in what year was it discovered?"),
                Decimal(int(element["discovery_year"])),
                "year",
            )
        if z > NATURAL_UP_TO:
            continue
        kelvin = "from kelvin, rounded to the degree"
        if _known(element["melting_point"]):
            yield fact(
                "element-melting",
                N_(
                    "Element {symbol} (atomic number {z}): at what temperature does it melt, in °C?"
                ),
                _celsius(element["melting_point"]),
                "celsius",
                kelvin,
            )
        if _known(element["boiling_point"]):
            yield fact(
                "element-boiling",
                N_(
                    "Element {symbol} (atomic number {z}): at what temperature does it boil, in °C?"
                ),
                _celsius(element["boiling_point"]),
                "celsius",
                kelvin,
            )
        if _known(element["density"]) and Decimal(str(element["density"])) >= MIN_DENSITY:
            yield fact(
                "element-density",
                N_("Element {symbol} (atomic number {z}): what is its density, in g/cm³?"),
                Decimal(str(element["density"])).quantize(Decimal("0.01")).normalize(),
                "g/cm3",
            )
