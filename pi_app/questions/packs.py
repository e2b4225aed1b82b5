"""A host's packs: questions written in a spreadsheet (CSV) or a JSON file, read line
by line, kept in the journal under the pack's name (`tabletop questions import`).

A host writes a pack by hand, so a bad line is refused with its number and the reason,
and the good lines are kept: one typo must not cost the evening's other questions. A
file that cannot be read as a whole (not UTF-8, broken JSON or CSV quoting, too big)
imports nothing and says why in one message. No input gives a traceback. The formats
and their rules are in docs/QUESTIONS.md.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import json
import re
import sqlite3
import sys
import time
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path, PurePath
from typing import TypeVar

from pi_app.config import Config
from pi_app.errors import describe
from pi_app.i18n import LANGUAGES, Translator, current_language
from pi_app.questions.kept import pack_questions, replace_pack
from pi_app.questions.numbers import with_unit
from pi_app.questions.question import (
    CATEGORIES,
    MAX_DIGITS,
    MAX_FIELD,
    MAX_ID,
    MAX_TEXT,
    UNASKABLE,
    Question,
    QuestionError,
    unseen,
)
from pi_app.rules.contract import RuleError
from pi_app.rules.question import MAX_EXPONENT, MAX_WRITTEN, exponent_fits, written_answer
from pi_app.table.journal import Journal
from pi_app.table.writer import JournalError

_ = Translator("core")

MAX_BYTES = 5 * 1024 * 1024
"""The biggest pack file read: far more than 20,000 questions need, small enough that a
wrong file (a film, a disk image) is refused before it is read."""
MAX_LINES = 20_000
"""The most questions one pack holds (a year of weekly evenings is a few thousand)."""
MAX_NAME = 60
"""The longest pack name: it is shown on the box's screen beside the pack's count."""
REQUIRED_COLUMNS = ("text_fr", "text_de", "text_en", "answer", "unit", "source")
OPTIONAL_FIELDS = ("category", "as_of", "licence", "subject", "id")
JSON_FIELDS = ("text", "answer", "unit", "source", *OPTIONAL_FIELDS)
KIND = "pack"
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
"""An answer as a pack writes it: ASCII digits, a dot, an optional exponent (Decimal
alone would also take `1_000`, `NaN` and other scripts' digits)."""
_Raw = TypeVar("_Raw")
Row = dict[str, object]
"""One line's fields, by their CSV column names (a JSON text's languages as text_xx)."""


class PackError(ValueError):
    """The whole file cannot be imported; the message, translated, says why."""


class Refused(ValueError):
    """One line cannot be kept; the message, translated, says why."""


@dataclass
class PackReading:
    """What a pack file gave: the questions kept, and each refused line with why."""

    questions: list[Question] = field(default_factory=list)
    refused: list[tuple[int, str]] = field(default_factory=list)


class _JsonInt(str):
    """A JSON integer kept as its digits: a 5,000-digit one costs nothing to refuse
    (an int would first be converted, and Python refuses that past 4,300 digits)."""


class _JsonFloat(str):
    """A JSON number with a point or an exponent (or NaN): refused as an answer, since a
    float's binary digits are not the source's."""


def _shown(text: object) -> str:
    """A value quoted in a message: at most 40 characters, none of them a control one
    (a garbage file's header must not scramble the terminal it is printed on)."""
    cut = str(text)[:40]
    return "".join("\ufffd" if unicodedata.category(char) == "Cc" else char for char in cut)


# ---- reading a file -------------------------------------------------------------------


def read_pack(path: Path, name: str | None = None) -> PackReading:
    """Every good line of a pack file as a question of the pack `name` (default: the
    file's name without its suffix), and every bad line's number with the reason.

    PackError when the file as a whole cannot be read; then nothing is kept.
    """
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_BYTES + 1)
    except OSError as error:
        said = _("Cannot read {file}: {error}").format(file=path, error=describe(error))
        raise PackError(said) from None
    return read_pack_data(data, path, name or path.stem)


def read_pack_data(data: bytes, path: PurePath, name: str) -> PackReading:
    """`read_pack` of a file's bytes already read (at most `MAX_BYTES` + 1 of them: the
    host's phone uploads one), `path` its name as the messages quote it."""
    text = _text(data, path)
    if _is_json(path, text):
        return _keep(_json_rows(path, text), _json_row, name)
    rows, header = _csv_rows(path, text)
    return _keep(rows, lambda values: _csv_row(header, values), name)


def _text(data: bytes, path: PurePath) -> str:
    """The file's text, refused when too big, not UTF-8 or empty."""
    if len(data) > MAX_BYTES:
        raise PackError(
            _("{file} is larger than {most} MB: split it into several packs.").format(
                file=path, most=MAX_BYTES // (1024 * 1024)
            )
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise PackError(
            _("{file}: {error}. Save it as UTF-8 text.").format(file=path, error=describe(error))
        ) from None
    if not text.strip():
        raise PackError(_("{file} is empty.").format(file=path))
    return text


def _is_json(path: PurePath, text: str) -> bool:
    """JSON by the file's suffix, else by its first character (a list opens with `[`)."""
    suffix = path.suffix.lower()
    if suffix in (".json", ".csv"):
        return suffix == ".json"
    return text.lstrip()[:1] in ("[", "{")


def _json_rows(path: PurePath, text: str) -> list[tuple[int, object]]:
    """The objects of a JSON pack, numbered from 1."""
    try:
        data = json.loads(
            text, parse_int=_JsonInt, parse_float=_JsonFloat, parse_constant=_JsonFloat
        )
    except (ValueError, RecursionError) as error:
        raise PackError(
            _("{file} is not a valid JSON pack: {error}.").format(file=path, error=describe(error))
        ) from None
    if not isinstance(data, list):
        raise PackError(
            _("{file}: a JSON pack is a list of questions (see docs/QUESTIONS.md).").format(
                file=path
            )
        )
    _check_count(path, len(data))
    return list(enumerate(data, 1))


def _check_count(path: PurePath, count: int) -> None:
    """Refuse a file with no question or with too many."""
    if count == 0:
        raise PackError(_("{file} holds no question.").format(file=path))
    if count > MAX_LINES:
        raise PackError(
            _("{file} holds more than {most} questions: split it into several packs.").format(
                file=path, most=MAX_LINES
            )
        )


def _csv_rows(path: PurePath, text: str) -> tuple[list[tuple[int, list[str]]], list[str]]:
    """The lines of a CSV pack after its header, each with its line in the file."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text), strict=True)
    header: list[str] | None = None
    rows: list[tuple[int, list[str]]] = []
    while len(rows) <= MAX_LINES:
        line = reader.line_num + 1
        try:
            values = next(reader)
        except StopIteration:
            break
        except csv.Error:
            raise PackError(
                _(
                    "{file}, line {line}: not valid CSV (a quote left open, text after a "
                    "closing quote, or a field too long)."
                ).format(file=path, line=line)
            ) from None
        if not any(value.strip() for value in values):
            continue
        if header is None:
            header = _header(path, values)
        else:
            rows.append((line, values))
    _check_count(path, len(rows))
    return rows, header or []


def _delimiter(text: str) -> str:
    """`;` when the header line uses it (a French spreadsheet's CSV), else `,`."""
    first = text.lstrip().partition("\n")[0]
    return ";" if first.count(";") > first.count(",") else ","


def _header(path: PurePath, values: list[str]) -> list[str]:
    """The header's column names; PackError for one unknown, repeated or missing."""
    names = [value.strip().lower() for value in values]
    known = (*REQUIRED_COLUMNS, *OPTIONAL_FIELDS)
    for column in names:
        if column and column not in known:
            raise PackError(
                _(
                    "{file}: unknown column “{column}” in the header; the columns are {columns}."
                ).format(file=path, column=_shown(column), columns=", ".join(known))
            )
        if column and names.count(column) > 1:
            raise PackError(
                _("{file}: the column “{column}” appears twice in the header.").format(
                    file=path, column=column
                )
            )
    lacking = [column for column in REQUIRED_COLUMNS if column not in names]
    if lacking:
        raise PackError(
            _.plural(
                "{file}: the header lacks the column {columns}.",
                "{file}: the header lacks the columns {columns}.",
                len(lacking),
            ).format(file=path, columns=", ".join(lacking))
        )
    return names


# ---- one line -------------------------------------------------------------------------


def _csv_row(header: list[str], values: list[str]) -> Row:
    """A CSV line's fields by column; a value past the header's columns is refused."""
    row: Row = {}
    for index, value in enumerate(values):
        column = header[index] if index < len(header) else ""
        if column:
            row[column] = value
        elif value.strip():
            raise Refused(
                _("a value in column {column}, which the header does not name").format(
                    column=index + 1
                )
            )
    return row


def _json_row(item: object) -> Row:
    """A JSON object's fields, its texts as text_fr, text_de, text_en."""
    if not isinstance(item, dict):
        raise Refused(_("not an object with a question's fields"))
    for key in item:
        if key not in JSON_FIELDS:
            raise Refused(
                _("unknown field “{field}”; the fields are {fields}").format(
                    field=_shown(key), fields=", ".join(JSON_FIELDS)
                )
            )
    row: Row = {key: value for key, value in item.items() if key != "text"}
    texts = item.get("text", {})
    if not isinstance(texts, dict):
        raise Refused(_("“text” must map fr, de and en to the question's texts"))
    for lang, value in texts.items():
        if lang not in LANGUAGES:
            raise Refused(
                _("unknown language “{lang}” in “text”; the languages are {languages}").format(
                    lang=_shown(lang), languages=", ".join(LANGUAGES)
                )
            )
        column = f"text_{lang}"  # named as in a CSV pack, in every language
        if isinstance(value, _JsonInt | _JsonFloat):  # a number is no question's text
            raise Refused(_("“{field}” must be a text").format(field=column))
        row[column] = value
    return row


def _keep(
    rows: Iterable[tuple[int, _Raw]], fields: Callable[[_Raw], Row], name: str
) -> PackReading:
    """The questions of the good lines, the reason of each bad one (duplicates too)."""
    reading = PackReading()
    texts_seen: dict[tuple[str, ...], int] = {}
    ids_seen: dict[str, int] = {}
    for line, raw in rows:
        try:
            question = _question(fields(raw), name)
            _unique(question, line, texts_seen, ids_seen)
        except (Refused, QuestionError) as refusal:  # QuestionError: what a round refuses
            reading.refused.append((line, str(refusal)))
        else:
            reading.questions.append(question)
    return reading


def _unique(
    question: Question,
    line: int,
    texts_seen: dict[tuple[str, ...], int],
    ids_seen: dict[str, int],
) -> None:
    """Refuse a line asking what an earlier one asked (or reusing its id)."""
    texts = tuple(question.text.get(lang, "").casefold() for lang in LANGUAGES)
    if texts in texts_seen:
        raise Refused(_("the same texts as line {line}").format(line=texts_seen[texts]))
    if question.id in ids_seen:
        raise Refused(_("the same id as line {line}").format(line=ids_seen[question.id]))
    texts_seen[texts] = ids_seen[question.id] = line


def _question(row: Row, name: str) -> Question:
    """A line's question; Refused with the first thing wrong in it."""
    texts = _texts(row)
    answer = _answer(row.get("answer"))
    source = _field(row, "source", MAX_FIELD)
    if not source:
        raise Refused(_("no source: say where the answer comes from"))
    return Question(
        id=_id(row, name, texts),
        kind=KIND,
        category=_category(row),
        text=texts,
        answer=answer,
        unit=_field(row, "unit", MAX_FIELD),
        as_of=_field(row, "as_of", MAX_FIELD),
        source=source,
        licence=_field(row, "licence", MAX_FIELD),
        subject=_field(row, "subject", MAX_FIELD),
        pack=name,
    )


def _field(row: Row, key: str, most: int) -> str:
    """A text field, its spaces and line breaks made single spaces ("" when absent), of
    at most `most` characters (the round's limit for it) and of words that show."""
    value = row.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise Refused(_("“{field}” must be a text").format(field=key))
    text = " ".join(value.split())
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cs"):
            raise Refused(
                _("“{field}” holds a character that cannot be shown (U+{code:04X})").format(
                    field=key, code=ord(char)
                )
            )
    if len(text) > most:
        raise Refused(
            _("“{field}” has {count} characters; at most {most}").format(
                field=key, count=len(text), most=most
            )
        )
    hidden = unseen(text)
    if hidden is not None:
        raise Refused(
            _("“{field}” holds a word that shows nothing on the screen (U+{code:04X})").format(
                field=key, code=ord(hidden)
            )
        )
    return text


def _texts(row: Row) -> dict[str, str]:
    """The question's texts by language; at least one is needed."""
    texts = {lang: _field(row, f"text_{lang}", MAX_TEXT) for lang in LANGUAGES}
    found = {lang: text for lang, text in texts.items() if text}
    if not found:
        raise Refused(_("no text in any language"))
    return found


def _answer(value: object) -> Decimal:
    """The answer as a number: a text or a JSON integer, at most MAX_DIGITS digits."""
    if isinstance(value, _JsonFloat):
        raise Refused(
            _(
                'the answer {answer} is a JSON number with a point; write it as a text: "{answer}"'
            ).format(answer=_shown(value))
        )
    if value is None or (isinstance(value, str) and not value.strip()):
        raise Refused(_("no answer"))
    if not isinstance(value, str):
        raise Refused(_("the answer must be a number"))
    text = value.strip()
    if len(text) > MAX_WRITTEN:
        raise Refused(
            _("the answer has {count} characters; at most {most} digits").format(
                count=len(text), most=MAX_DIGITS
            )
        )
    if not _NUMBER.fullmatch(text):
        raise Refused(
            _(
                "the answer “{answer}” is not a number (write it as 12.5 or -3: a point, no spaces)"
            ).format(answer=_shown(text))
        )
    if not exponent_fits(text.lower().partition("e")[2]):
        raise Refused(
            _("the answer's exponent is beyond {most} (either sign)").format(most=MAX_EXPONENT)
        )
    try:
        return written_answer(text)  # its exponent bounded before it is converted
    except RuleError:
        raise Refused(_("the answer has more than {most} digits").format(most=MAX_DIGITS)) from None


def _category(row: Row) -> str:
    """The line's category key, "other" when it gives none."""
    category = _field(row, "category", MAX_FIELD).lower()
    if not category:
        return "other"
    if category not in CATEGORIES:
        raise Refused(
            _("unknown category “{category}”; the categories are {categories}").format(
                category=_shown(category), categories=", ".join(CATEGORIES)
            )
        )
    return category


def _id(row: Row, name: str, texts: Mapping[str, str]) -> str:
    """`pack:<name>:<the line's id>`, or the texts' digest when the line gives none:
    stable across imports (a flag keeps pointing at it), and never a built-in's id."""
    given = _field(row, "id", MAX_ID - len(f"pack:{name}:"))
    if given:
        return f"pack:{name}:{given}"
    joined = "\x1f".join(texts.get(lang, "") for lang in LANGUAGES)
    return f"pack:{name}:{hashlib.sha1(joined.encode('utf-8')).hexdigest()[:12]}"


# ---- the commands ---------------------------------------------------------------------


def run_import(args: argparse.Namespace, config: Config) -> int:
    """`tabletop questions import FILE [--name NAME]`: 0 when a question was kept."""
    path: Path = args.file
    name = pack_name(args.name or path.stem)
    if name is None:
        print(
            _("A pack's name has 1 to {most} characters, none of them a control.").format(
                most=MAX_NAME
            ),
            file=sys.stderr,
        )
        return 2
    try:
        reading = read_pack(path, name)
    except PackError as error:
        print(_("Nothing was imported: {error}").format(error=error), file=sys.stderr)
        return 2
    _say_refused(reading.refused)
    if not reading.questions:
        print(
            _("No question could be kept from {file}; nothing was imported.").format(file=path),
            file=sys.stderr,
        )
        return 2
    return _store(name, reading.questions, config)


def pack_name(name: str) -> str | None:
    """The name without its outer spaces, or None when it cannot be a pack's name."""
    name = name.strip()
    if not 0 < len(name) <= MAX_NAME:
        return None
    if any(unicodedata.category(char).startswith("C") for char in name):
        return None
    return name


def _say_refused(refused: list[tuple[int, str]]) -> None:
    """Each refused line with its reason, then their count, on standard error."""
    for line, reason in refused:
        print(_("line {line}: {reason}").format(line=line, reason=reason), file=sys.stderr)
    if refused:
        count = len(refused)
        said = _.plural("{count} line refused.", "{count} lines refused.", count)
        print(said.format(count=count), file=sys.stderr)


def _store(name: str, questions: list[Question], config: Config) -> int:
    """Put the pack in the journal in place of a pack of the same name."""
    try:
        before = _replace(name, questions, config)
    except (JournalError, OSError, sqlite3.Error) as error:
        why = str(error) if isinstance(error, JournalError) else describe(error)
        print(_("Nothing was imported: {error}").format(error=why), file=sys.stderr)
        return 2
    kept = _.plural(
        "{count} question kept in the pack “{name}”.",
        "{count} questions kept in the pack “{name}”.",
        len(questions),
    )
    print(kept.format(count=len(questions), name=name))
    if before:
        replaced = _.plural(
            "The pack had {count} question before; it is replaced.",
            "The pack had {count} questions before; they are replaced.",
            before,
        )
        print(replaced.format(count=before))
    return 0


def _replace(name: str, questions: list[Question], config: Config) -> int:
    """Replace the pack `name` in the journal, on disk on return; how many questions it
    had before."""
    journal = _open(config)
    try:
        before = len(pack_questions(journal.questions, name))
        replace_pack(journal.questions, name, questions)
        journal.flush()
    finally:
        journal.close()
    return before


def _open(config: Config) -> Journal:
    """The journal, having said on standard error if it had to be set aside."""
    journal = Journal(config.journal_path)
    if journal.notice:
        print(journal.notice, file=sys.stderr)
    return journal


def imported(config: Config) -> list[Question]:
    """Every imported pack's questions, pack by pack, each in its file's order."""
    journal = _open(config)
    try:
        return pack_questions(journal.questions)
    finally:
        journal.close()


def run_flagged(args: argparse.Namespace, config: Config) -> int:
    """`tabletop questions flagged`: each flagged question with what a host needs to
    check it (its text, answer, source and licence), the latest flag last."""
    journal = _open(config)
    try:
        flagged = journal.questions.flagged()
        known = {question.id: question for question in pack_questions(journal.questions)}
    finally:
        journal.close()
    if not flagged:
        print(_("No question has been flagged."))
        return 0
    if any(question_id not in known for question_id, _at, _by in flagged):
        known = {**_builtin_by_id(), **known}
    for question_id, at, by in flagged:
        print("\n".join(_flagged_lines(question_id, at, by, known.get(question_id))))
    return 0


def _builtin_by_id() -> dict[str, Question]:
    """The built-in bank by id, or nothing (said once) when it cannot be read."""
    from pi_app.questions import bank

    try:
        return bank.builtin_by_id()
    except (OSError, ValueError, TypeError, EOFError) as error:
        print(
            _("The built-in bank cannot be read ({error}); only the packs are searched.").format(
                error=describe(error)
            ),
            file=sys.stderr,
        )
        return {}


def _flagged_lines(question_id: str, at: float, by: str, question: Question | None) -> list[str]:
    """One flagged question's lines: its id and flag, then the question itself."""
    lines = [f"{question_id}\t{_flagged_by(at, by)}"]
    if question is None:
        return [*lines, "  " + _("This question is no longer in the bank nor in any pack.")]
    lang = current_language()
    where = (
        _("From the pack “{name}”.").format(name=question.pack)
        if question.pack
        else _("From the built-in bank.")
    )
    answer = with_unit(question.answer, question.unit, lang)
    source = (
        _("Source: {source} (licence: {licence})")
        if question.licence
        else _("Source: {source} (no licence given)")
    )
    said = [
        question.text_in(lang),
        _("Answer: {answer}").format(answer=answer),
        source.format(source=question.source, licence=question.licence),
        where,
    ]
    return lines + ["  " + line for line in said]


def _flagged_by(at: float, by: str) -> str:
    """When and by whom a question was flagged: the box, or a phone (`phone:<name>`)."""
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(at))
    if by == "box":
        return _("flagged on {when} on the box").format(when=when)
    if by == UNASKABLE:
        return _("flagged on {when}: the box drew it and could not ask it").format(when=when)
    if by.startswith("phone:"):
        return _("flagged on {when} from the phone {phone}").format(when=when, phone=by[6:])
    return _("flagged on {when} by {who}").format(when=when, who=by)
