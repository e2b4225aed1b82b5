"""Reading a host's pack: the good lines kept, each bad one refused with its number and
why, a file that cannot be read as a whole refused in one message, and no input at all
that gives a traceback."""

from __future__ import annotations

import csv
import io
import json
import re
import tracemalloc
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pi_app.i18n import set_language
from pi_app.questions.packs import MAX_BYTES, MAX_LINES, PackError, read_pack
from pi_app.questions.question import CATEGORIES, MAX_TEXT
from tests.paths import ROOT

HEADER = "text_fr,text_de,text_en,answer,unit,source"


@pytest.fixture(autouse=True)
def _english() -> None:
    """The reasons are read in English here (one test reads them in French)."""
    set_language("en")


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _csv(tmp_path: Path, *lines: str, header: str = HEADER) -> Path:
    return _write(tmp_path, "quiz.csv", "\n".join([header, *lines]) + "\n")


def _json(tmp_path: Path, items: list[object]) -> Path:
    return _write(tmp_path, "quiz.json", json.dumps(items, ensure_ascii=False))


# ---- good files -----------------------------------------------------------------------


def test_a_good_csv_gives_every_field(tmp_path: Path) -> None:
    path = _csv(
        tmp_path,
        "Hauteur du Mont Blanc ?,Wie hoch ist der Mont Blanc?,How high is Mont Blanc?,"
        "4806,m,IGN,geography,2021,Etalab 2.0,Q583,mb",
        ",,  How   many\tlegs? ,-8.50,,a book,,,,,",
        header=HEADER + ",category,as_of,licence,subject,id",
    )
    reading = read_pack(path)
    assert reading.refused == []
    first, second = reading.questions
    assert first.id == "pack:quiz:mb" and first.kind == "pack" and first.pack == "quiz"
    assert first.text == {
        "fr": "Hauteur du Mont Blanc ?",
        "de": "Wie hoch ist der Mont Blanc?",
        "en": "How high is Mont Blanc?",
    }
    assert (first.answer, first.unit, first.source) == (Decimal(4806), "m", "IGN")
    assert (first.category, first.as_of, first.licence, first.subject) == (
        "geography",
        "2021",
        "Etalab 2.0",
        "Q583",
    )
    assert second.text == {"en": "How many legs?"} and second.answer == Decimal("-8.5")
    assert second.category == "other" and second.id.startswith("pack:quiz:")


def test_a_derived_id_is_stable_and_names_the_pack(tmp_path: Path) -> None:
    path = _csv(tmp_path, "Une ?,,,1,,s", "Deux ?,,,2,,s")
    once = [q.id for q in read_pack(path).questions]
    path.write_text(f"{HEADER}\nDeux ?,,,20,,other source\nUne ?,,,1,,s\n", encoding="utf-8")
    again = [q.id for q in read_pack(path).questions]
    assert again == once[::-1] and len(set(once)) == 2
    assert all(re.fullmatch(r"pack:quiz:[0-9a-f]{12}", qid) for qid in once)
    assert read_pack(path, "other").questions[0].id.startswith("pack:other:")


def test_csv_with_semicolons_a_bom_and_quoted_line_breaks(tmp_path: Path) -> None:
    text = (
        "\ufeffTEXT_FR;text_de;text_en;Answer;unit;source\n"
        '"Combien, en tout ;\nsur deux lignes ?";;;12;;"un ""livre"""\n'
        "\n"
        ";;;3;;s\n"
    )
    reading = read_pack(_write(tmp_path, "fr.csv", text))
    (question,) = reading.questions
    assert question.text == {"fr": "Combien, en tout ; sur deux lignes ?"}
    assert question.source == 'un "livre"'
    assert reading.refused == [(5, "no text in any language")]  # the file's own line


def test_a_good_json_gives_every_field(tmp_path: Path) -> None:
    path = _json(
        tmp_path,
        [
            {
                "text": {"fr": "Combien ?", "de": "Wie viele?"},
                "answer": 15,
                "unit": "",
                "source": "World Rugby",
                "category": "sports",
                "as_of": 2023,
                "id": "rugby",
            },
            {"text": {"en": "How long?"}, "answer": "1233.0", "unit": "km", "source": "BfG"},
        ],
    )
    reading = read_pack(path, "Noël")
    assert reading.refused == []
    rugby, rhine = reading.questions
    assert rugby.id == "pack:Noël:rugby" and rugby.pack == "Noël" and rugby.as_of == "2023"
    assert rugby.answer == 15 and rugby.category == "sports" and rugby.unit == ""
    assert rhine.answer == Decimal("1233") and rhine.text == {"en": "How long?"}


def test_the_documented_examples_read_without_a_refusal(tmp_path: Path) -> None:
    doc = (ROOT / "docs" / "QUESTIONS.md").read_text(encoding="utf-8")
    for fence, suffix in (("csv", ".csv"), ("json", ".json")):
        found = re.search(rf"```{fence}\n(.*?)```", doc, re.S)
        assert found is not None
        reading = read_pack(_write(tmp_path, "example" + suffix, found.group(1)))
        assert reading.refused == [] and len(reading.questions) == 2


# ---- refused lines --------------------------------------------------------------------


CSV_REFUSALS = [
    (",,,12,,s", "no text in any language"),
    ("  ,\t,,12,,s", "no text in any language"),
    ("x" * (MAX_TEXT + 1) + ",,,12,,s", f"“text_fr” has {MAX_TEXT + 1} characters; at most"),
    ("a,,,,,s", "no answer"),
    ("a,,,douze,,s", "the answer “douze” is not a number"),
    ('a,,,"12,5",,s', "the answer “12,5” is not a number"),
    ("a,,,1 000,,s", "the answer “1 000” is not a number"),
    ("a,,,NaN,,s", "the answer “NaN” is not a number"),
    ("a,,,1_000,,s", "the answer “1_000” is not a number"),
    ("a,,,١٢,,s", "the answer “١٢” is not a number"),
    ("a,,," + "9" * 31 + ",,s", "the answer has more than 30 digits"),
    ("a,,,0.000000000000000000000000000001,,s", "the answer has more than 30 digits"),
    ("a,,,1e30,,s", "the answer has more than 30 digits"),
    ("a,,,1e999999999,,s", "the answer's exponent is beyond 62"),
    ("a,,," + "1" * 5000 + ",,s", "the answer has 5000 characters; at most 30 digits"),
    ("a,,,12,,", "no source: say where the answer comes from"),
    ("a,,,12,,s,,x", "a value in column 8, which the header does not name"),
    ("a\x01b,,,12,,s", "“text_fr” holds a character that cannot be shown (U+0001)"),
]


@pytest.mark.parametrize(("line", "reason"), CSV_REFUSALS)
def test_a_bad_csv_line_is_refused_with_its_number(tmp_path: Path, line: str, reason: str) -> None:
    reading = read_pack(_csv(tmp_path, "Bonne ?,,,1,,s", line, "Autre ?,,,2,,s"))
    assert [q.text["fr"] for q in reading.questions] == ["Bonne ?", "Autre ?"]
    ((number, said),) = reading.refused
    assert number == 3 and said.startswith(reason)


def test_an_unknown_category_names_the_allowed_keys(tmp_path: Path) -> None:
    reading = read_pack(_csv(tmp_path, "a,,,1,,s,Sport", header=HEADER + ",category"))
    ((line, reason),) = reading.refused
    assert line == 2 and "unknown category “sport”" in reason
    assert all(key in reason for key in CATEGORIES)


def test_a_duplicate_is_refused_naming_the_earlier_line(tmp_path: Path) -> None:
    reading = read_pack(
        _csv(
            tmp_path,
            "Une ?,,One?,1,,s,",
            "Deux ?,,,2,,s,x",
            "une ?,,ONE?,3,,other,",
            "Trois ?,,,3,,s,x",
            header=HEADER + ",id",
        )
    )
    assert len(reading.questions) == 2
    assert reading.refused == [(4, "the same texts as line 2"), (5, "the same id as line 3")]


def test_refusals_are_said_in_the_current_language(tmp_path: Path) -> None:
    set_language("fr")
    reading = read_pack(_csv(tmp_path, ",,,1,,s", "a,,,1,,"))
    assert reading.refused == [
        (2, "aucun texte, dans aucune langue"),
        (3, "pas de source : dites d'où vient la réponse"),
    ]


JSON_REFUSALS: list[tuple[object, str]] = [
    ({"text": {"fr": "a"}, "answer": 12.5, "source": "s"}, "the answer 12.5 is a JSON number"),
    ({"text": {"fr": "a"}, "answer": 1e3, "source": "s"}, "the answer 1000.0 is a JSON number"),
    ({"text": {"fr": "a"}, "answer": True, "source": "s"}, "the answer must be a number"),
    ({"text": {"fr": "a"}, "answer": [1], "source": "s"}, "the answer must be a number"),
    ({"text": {"fr": "a"}, "source": "s"}, "no answer"),
    ({"text": {"fr": "a"}, "answer": 1}, "no source"),
    ({"text": {"fr": "a"}, "answer": 1, "source": None}, "no source"),
    ({"text": {"fr": "a"}, "answer": 1, "source": 7, "unit": ["m"]}, "“unit” must be a text"),
    ({"text": {"fr": 5}, "answer": 1, "source": "s"}, "“text_fr” must be a text"),
    ({"text": "a", "answer": 1, "source": "s"}, "“text” must map fr, de and en"),
    ({"text": {"it": "a"}, "answer": 1, "source": "s"}, "unknown language “it” in “text”"),
    ({"text": {}, "answer": 1, "source": "s"}, "no text in any language"),
    ({"answer": 1, "source": "s"}, "no text in any language"),
    ({"text": {"fr": "a"}, "answer": 1, "source": "s", "kind": "x"}, "unknown field “kind”"),
    ({"text": {"fr": "a"}, "answer": 1, "source": "s", "category": "x"}, "unknown category"),
    ("just a text", "not an object with a question's fields"),
    ([1, 2], "not an object with a question's fields"),
    (None, "not an object with a question's fields"),
]


@pytest.mark.parametrize(("item", "reason"), JSON_REFUSALS)
def test_a_bad_json_object_is_refused_with_its_place(
    tmp_path: Path, item: object, reason: str
) -> None:
    good = {"text": {"en": "Good?"}, "answer": "1", "unit": "", "source": "s"}
    other = {**good, "text": {"en": "Other?"}}
    reading = read_pack(_json(tmp_path, [good, item, other]))
    assert [q.text["en"] for q in reading.questions] == ["Good?", "Other?"]
    ((number, said),) = reading.refused
    assert number == 2 and said.startswith(reason)


def test_five_thousand_digit_answers_are_refused_quickly(tmp_path: Path) -> None:
    """A JSON integer of 5,000 digits is refused as a line (Python's own reading of it
    would fail the whole file), and an exponent is never written out."""
    digits = "7" * 5000
    items = [{"text": {"fr": f"Q{n}"}, "source": "s", "answer": 0} for n in range(300)]
    text = json.dumps(items).replace('"answer": 0', f'"answer": {digits}')
    lines = [f"Q{n},,,{digits if n % 2 else '9e99999999999'},,s" for n in range(300)]
    json_path, csv_path = _write(tmp_path, "big.json", text), _csv(tmp_path, *lines)
    tracemalloc.start()
    try:
        from_json = read_pack(json_path)
        from_csv = read_pack(csv_path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 32 * 2**20  # bytes; gigabytes (and a minute) if an exponent is written out
    assert from_json.questions == [] and from_csv.questions == []
    assert len(from_json.refused) == len(from_csv.refused) == 300
    assert from_json.refused[0] == (1, "the answer has 5000 characters; at most 30 digits")
    assert from_csv.refused[0] == (2, "the answer's exponent is beyond 62 (either sign)")
    assert from_csv.refused[1] == (3, "the answer has 5000 characters; at most 30 digits")


# ---- files refused whole --------------------------------------------------------------


def _refusal(path: Path) -> str:
    with pytest.raises(PackError) as refused:
        read_pack(path)
    return str(refused.value)


def test_a_file_not_in_utf8_is_refused_whole(tmp_path: Path) -> None:
    path = tmp_path / "latin1.csv"
    path.write_bytes(f"{HEADER}\nQuelle hauteur ?,,,1,,s\nÉté ?,,,2,,s\n".encode("latin-1"))
    said = _refusal(path)
    assert "latin1.csv: not UTF-8 text (byte 0xc9" in said and "Save it as UTF-8" in said


@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        ("empty.csv", b"", "is empty"),
        ("blank.json", b"  \n\t\n", "is empty"),
        ("garbage.bin", bytes(range(256)) * 4, "not UTF-8 text"),
        ("nul.csv", b"\x00\x00\x00\n", "unknown column “\ufffd\ufffd\ufffd”"),
        ("list.json", b"[]", "holds no question"),
        ("header.csv", (HEADER + "\n\n").encode(), "holds no question"),
        ("object.json", b'{"text": {"fr": "a"}}', "a JSON pack is a list of questions"),
        ("broken.json", b'[{"text": ', "not a valid JSON pack: invalid JSON at line 1"),
        ("nan.json", b"[NaN", "not a valid JSON pack"),
        ("deep.json", b"[" * 100_000, "not a valid JSON pack"),
        ("quote.csv", (HEADER + '\na,,,1,,s\n"b,,,1,,s\n').encode(), "line 3: not valid CSV"),
        ("after.csv", (HEADER + '\n"a"b,,,1,,s\n').encode(), "line 2: not valid CSV"),
        ("few.csv", b"text_fr,answer,source\na,1,s\n", "lacks the columns text_de, text_en"),
        ("one.csv", (HEADER.replace(",unit", "") + "\n").encode(), "lacks the column unit."),
        ("typo.csv", (HEADER + ",categroy\n").encode(), "unknown column “categroy”"),
        ("twice.csv", (HEADER + ",unit\n").encode(), "the column “unit” appears twice"),
        ("cells.txt", b"a,b\n[1,2]\n", "unknown column “a” in the header"),
    ],
)
def test_a_file_that_cannot_be_read_is_refused_whole(
    tmp_path: Path, name: str, content: bytes, reason: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    said = _refusal(path)
    assert reason in said and name in said


def test_a_missing_file_or_a_folder_says_so(tmp_path: Path) -> None:
    assert "no such file or folder" in _refusal(tmp_path / "absent.csv")
    assert "it is a folder, not a file" in _refusal(tmp_path)


def test_a_huge_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.csv"
    line = "Une question assez longue pour remplir le fichier ?,,,1,,une source\n"
    with path.open("w", encoding="utf-8") as out:
        out.write(HEADER + "\n")
        out.write(line * (MAX_BYTES // len(line) + 1))
    assert path.stat().st_size > MAX_BYTES
    assert "larger than 5 MB" in _refusal(path)


def test_a_file_of_too_many_questions_is_refused_whole(tmp_path: Path) -> None:
    lines = [f"{n},,,{n},,s" for n in range(MAX_LINES + 1)]
    assert "more than 20000 questions" in _refusal(_csv(tmp_path, *lines))
    items = [{"text": {"fr": str(n)}, "answer": n, "source": "s"} for n in range(MAX_LINES + 1)]
    assert "more than 20000 questions" in _refusal(_json(tmp_path, items))
    assert len(read_pack(_csv(tmp_path, *lines[:MAX_LINES])).questions) == MAX_LINES


# ---- no input gives a traceback -------------------------------------------------------


@pytest.fixture(scope="module")
def fuzz_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield tmp_path_factory.mktemp("fuzz")


_CELL = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["", "12", "-3.5", "1e99999", "9" * 40, "science", "x,y", '"', "\n"]),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=st.lists(st.lists(_CELL, min_size=0, max_size=9), max_size=12))
def test_fuzzed_csv_lines_are_each_kept_or_refused(fuzz_dir: Path, rows: list[list[str]]) -> None:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow([*HEADER.split(","), "category"])
    writer.writerows(rows)
    path = fuzz_dir / "fuzz.csv"
    path.write_text(buffer.getvalue(), encoding="utf-8")
    filled = [row for row in rows if any(cell.strip() for cell in row)]
    try:
        reading = read_pack(path)
    except PackError as error:
        assert not filled and "holds no question" in str(error)
        return
    lines = len(re.findall(r"\r\n|\r|\n", buffer.getvalue())) + 1  # as csv counts them
    assert len(reading.questions) + len(reading.refused) == len(filled)
    assert all(2 <= line <= lines and reason for line, reason in reading.refused)
    assert all(q.kind == "pack" and q.source and q.text for q in reading.questions)


@settings(max_examples=150, deadline=None)
@given(data=st.binary(max_size=300))
def test_fuzzed_bytes_never_raise_but_a_pack_error(fuzz_dir: Path, data: bytes) -> None:
    for name in ("fuzz.csv", "fuzz.json"):
        path = fuzz_dir / name
        path.write_bytes(data)
        try:
            reading = read_pack(path)
        except PackError as error:
            assert str(error)
        else:
            assert all(isinstance(line, int) and reason for line, reason in reading.refused)


@settings(max_examples=150, deadline=None)
@given(
    items=st.lists(
        st.dictionaries(
            st.sampled_from(["text", "answer", "unit", "source", "category", "id", "zz"]),
            st.recursive(
                st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                lambda inner: (
                    st.lists(inner, max_size=3)
                    | st.dictionaries(st.sampled_from(["fr", "de", "en", "it"]), inner, max_size=3)
                ),
                max_leaves=6,
            ),
        ),
        max_size=6,
    )
)
def test_fuzzed_json_objects_are_each_kept_or_refused(
    fuzz_dir: Path, items: list[dict[str, object]]
) -> None:
    path = fuzz_dir / "fuzz.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    try:
        reading = read_pack(path)
    except PackError as error:
        assert not items and "holds no question" in str(error)
        return
    assert len(reading.questions) + len(reading.refused) == len(items)
    assert [line for line, _reason in reading.refused] == sorted(
        {line for line, _reason in reading.refused}
    )
