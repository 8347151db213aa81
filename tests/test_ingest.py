"""Tests of kg.ingest: every reader, the registry, decoding, errors and de-duplication."""
from __future__ import annotations

import doctest
import importlib
import json
import logging
import re
from pathlib import Path

import pytest

from kg.errors import KGError
from kg.ingest import READERS, bundled_corpus, input_files, read_papers
from kg.ingest.bib import latex_to_text
from kg.ingest.txt import parse_header

SHARED = Path(__file__).resolve().parents[2] / "shared"


def read_all(*paths):
    warnings: list[str] = []
    papers = list(read_papers(list(paths), on_warning=warnings.append))
    return papers, warnings


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
    return path


def assert_one_line_error(exc: KGError, code: str, path: Path | str) -> str:
    message = str(exc)
    assert exc.code == code
    assert message.startswith(f"[{code}] ")
    assert str(path) in message
    assert "\n" not in message
    return message


# --------------------------------------------------------------------------- bundled corpus

def test_bundled_corpus_files():
    assert [p.name for p in bundled_corpus()] == [
        "000_f4d2cc6e002cc257.txt", "002_832ad921d29665f7.txt", "004_b3165e9b417d27fa.txt"]
    assert all(p.is_file() for p in bundled_corpus())


def test_bundled_corpus_gives_57_papers_with_gold_ids():
    papers, warnings = read_all(*bundled_corpus())
    assert warnings == []
    expected = [f"{prefix}-{n:02d}" for prefix in ("000", "002", "004") for n in range(1, 20)]
    assert [p.id for p in papers] == expected
    assert {(p.venue, p.year) for p in papers} == {("ICML", 2025)}
    # each file: header on line 1, blank line, then abstracts on odd lines 3, 5, ..., 39
    assert [p.line for p in papers[:19]] == list(range(3, 40, 2))
    first = papers[0]
    assert first.abstract.startswith("The infringement risks of LLMs have raised significant")
    assert first.abstract.endswith("emerge from this perspective.")
    assert first.source.endswith("000_f4d2cc6e002cc257.txt")
    assert papers[19].abstract.startswith("In reinforcement learning for partially observable")
    assert papers[-1].abstract.endswith("to naive approaches.")
    assert all(p.title is None and p.authors == () for p in papers)


@pytest.mark.skipif(not (SHARED / "eval" / "dev.input.jsonl").exists(), reason="no shared/eval")
def test_bundled_corpus_matches_gold_abstracts():
    by_id = {p.id: p for p in read_all(*bundled_corpus())[0]}
    gold = [json.loads(line) for line in (SHARED / "eval" / "dev.input.jsonl").open(encoding="utf-8")]
    assert len(gold) == 38
    for record in gold:
        assert by_id[record["id"]].abstract == record["abstract"]


def test_bundled_corpus_directory_input():
    folder = bundled_corpus()[0].parent
    papers, _ = read_all(folder)
    assert len(papers) == 57 and papers[19].id == "002-01"


# --------------------------------------------------------------------------- txt

@pytest.mark.parametrize("header, venue, year", [
    ("ICML 2025 Papers", "ICML", 2025),
    ("ICML 2025 论文列表", "ICML", 2025),
    ("NeurIPS 2023", "NeurIPS", 2023),
    ("2024 ICLR accepted papers", "ICLR", 2024),
    ("ICLR'24", "ICLR", 2024),
    ("Robot Learning Workshop", "Robot Learning Workshop", None),
])
def test_parse_header(header, venue, year):
    assert parse_header(header) == (venue, year)


def test_txt_both_header_styles(tmp_path):
    a = write(tmp_path / "000_aaaa.txt", "ICML 2025 论文列表\n\nFirst abstract.\n\nSecond one.\n")
    b = write(tmp_path / "007_bbbb.txt", "NeurIPS 2024 Papers\n\nThird abstract.\n")
    papers, warnings = read_all(a, b)
    assert warnings == []
    assert [(p.id, p.venue, p.year, p.line) for p in papers] == [
        ("000-01", "ICML", 2025, 3), ("000-02", "ICML", 2025, 5), ("007-01", "NeurIPS", 2024, 3)]
    assert papers[0].source == str(a)


def test_txt_paragraph_lines_joined_and_text_kept(tmp_path):
    text = ("Some Venue\n\n\n  We propose $\\alpha$-FOO, *fast*.  \nIt  works.\n"
            "   \n\nSecond paragraph\r\nwith CRLF.\r\n")
    f = write(tmp_path / "notes.txt", text)
    papers, _ = read_all(f)
    assert [p.abstract for p in papers] == [
        "We propose $\\alpha$-FOO, *fast*. It  works.", "Second paragraph with CRLF."]
    assert [p.id for p in papers] == ["notes-01", "notes-02"]  # no "_": the whole stem
    assert [p.line for p in papers] == [4, 8]
    assert papers[0].venue == "Some Venue" and papers[0].year is None


def test_txt_without_header(tmp_path):
    long_line = "We propose a method for learning. " * 10
    f = write(tmp_path / "x_1.txt", long_line + "\n\nAnother abstract.\n")
    papers, _ = read_all(f)
    assert [p.id for p in papers] == ["x-01", "x-02"]
    assert papers[0].venue is None


def test_txt_header_only_warns(tmp_path):
    f = write(tmp_path / "h.txt", "ICML 2025 Papers\n")
    papers, warnings = read_all(f)
    assert papers == []
    assert len(warnings) == 1 and warnings[0].startswith(f"[W005] {f}: no records")


# --------------------------------------------------------------------------- jsonl

def test_jsonl_bad_lines_skipped_with_line_numbers(tmp_path):
    lines = [
        '{"id": "a", "abstract": "Alpha abstract.", "title": "A", "year": 2024,'
        ' "authors": ["Ada Lovelace", "Alan Turing"], "venue": "ICML", "url": "https://x.org/a"}',
        '{"id": "b", "abstract": "Beta abstr',                     # 2: truncated
        '',                                                         # 3: blank, ignored
        '{"id": "c", "title": "no abstract"}',                      # 4: missing abstract
        '{"abstract": "Delta abstract.", "authors": "A. One and B. Two", "year": "2023"}',
        '["not", "an", "object"]',                                  # 6
        '{"id": "e", "abstract": "   "}',                           # 7: empty abstract
        '{"id": "f", "abstract": "Foxtrot.", "year": "soon"}',      # 8: bad year
        '{"id": "g", "abstract": "Golf.", "authors": "X; Y"}',
        '{"id": "h", "abstract": 42}',                              # 10: wrong type
    ]
    f = write(tmp_path / "recs.jsonl", "\n".join(lines) + "\n")
    papers, warnings = read_all(f)
    assert [p.id for p in papers] == ["a", "recs-5", "g"]
    a, d, g = papers
    assert (a.title, a.year, a.authors, a.venue, a.url, a.line) == (
        "A", 2024, ("Ada Lovelace", "Alan Turing"), "ICML", "https://x.org/a", 1)
    assert (d.year, d.authors, d.line) == (2023, ("A. One", "B. Two"), 5)
    assert g.authors == ("X", "Y")
    assert [re.match(r"\[W001\] (.*?):(\d+): skipped record", w).groups() for w in warnings] == [
        (str(f), "2"), (str(f), "4"), (str(f), "6"), (str(f), "7"), (str(f), "8"), (str(f), "10")]
    assert "abstract" in warnings[1]


def test_jsonl_all_bad_yields_nothing(tmp_path):
    f = write(tmp_path / "bad.jsonl", '{"title": "x"}\n{oops\n')
    papers, warnings = read_all(f)
    assert papers == [] and len(warnings) == 2


def test_jsonl_unicode_line_separator_inside_string(tmp_path):
    f = write(tmp_path / "u.jsonl", '{"abstract": "one\u2028two"}\n{"abstract": "three"}\n')
    papers, warnings = read_all(f)
    assert warnings == []
    assert [(p.abstract, p.line) for p in papers] == [("one\u2028two", 1), ("three", 2)]


# --------------------------------------------------------------------------- json

def test_json_array_and_papers_object(tmp_path):
    arr = write(tmp_path / "arr.json", json.dumps(
        [{"id": "p1", "abstract": "One."}, {"abstract": "Two.", "year": 2022}]))
    obj = write(tmp_path / "obj.json",
                '{"meta": {"n": [1, 2]},\n "papers": [\n  {"id": "q1", "abstract": "Three."},\n'
                '  {"id": "q2"},\n  {"id": "q3", "abstract": "Four.", "authors": 7}\n ]}\n')
    papers, warnings = read_all(arr, obj)
    assert [(p.id, p.year) for p in papers] == [("p1", None), ("arr-2", 2022), ("q1", None)]
    assert papers[2].line == 3
    assert len(warnings) == 2
    assert warnings[0].startswith(f"[W001] {obj}:4: skipped record: item 1")
    assert warnings[1].startswith(f"[W001] {obj}:5: skipped record: item 2")


def test_json_invalid_is_file_error_with_line(tmp_path):
    f = write(tmp_path / "broken.json", '[\n {"abstract": "x"},\n {"abstract": \n')
    with pytest.raises(KGError) as info:
        read_all(f)
    message = assert_one_line_error(info.value, "E004", f)
    assert "line 4" in message


def test_json_wrong_shape(tmp_path):
    f = write(tmp_path / "shape.json", '{"items": []}')
    with pytest.raises(KGError) as info:
        read_all(f)
    assert_one_line_error(info.value, "E004", f)


# --------------------------------------------------------------------------- csv

def test_csv_quoting_and_multiline_fields(tmp_path):
    text = (
        'ID,Title,Abstract,Authors,Year,Notes\n'
        'c1,"Foo, Bar","We propose FOO, a ""fast"" method.\nIt has two lines.",Ada Lovelace; Alan Turing,2025,x\n'
        'c2,Baz,Short abstract.,A. One and B. Two,,\n'
        '\n'
        ',NoId,Another abstract.,,2020,\n'
        'c4,Bad,,,,\n'
        'c5,Extra,Unquoted, comma,A,2021,n,extra\n'
        'c6,Last,"Final, quoted.",,2019,\n'
    )
    f = write(tmp_path / "papers.csv", text)
    papers, warnings = read_all(f)
    assert [p.id for p in papers] == ["c1", "c2", "papers-6", "c6"]
    c1 = papers[0]
    assert c1.title == "Foo, Bar"
    assert c1.abstract == 'We propose FOO, a "fast" method.\nIt has two lines.'
    assert c1.authors == ("Ada Lovelace", "Alan Turing") and c1.year == 2025
    assert papers[1].authors == ("A. One", "B. Two") and papers[1].year is None
    assert [p.line for p in papers] == [2, 4, 6, 9]  # c1 spans lines 2-3
    assert [w.split(":")[1] for w in warnings] == ["7", "8"]
    assert all(w.startswith(f"[W001] {f}:") for w in warnings)


def test_csv_without_abstract_column(tmp_path):
    f = write(tmp_path / "noabs.csv", "id,title\n1,x\n")
    with pytest.raises(KGError) as info:
        read_all(f)
    assert "abstract" in assert_one_line_error(info.value, "E004", f)


def test_csv_unterminated_quote_keeps_earlier_rows(tmp_path):
    f = write(tmp_path / "u.csv", 'abstract\nGood one.\n"Never closed\nmore\n')
    papers, warnings = read_all(f)
    assert [p.abstract for p in papers] == ["Good one."]
    assert len(warnings) == 1 and warnings[0].startswith(f"[W001] {f}:3:")


# --------------------------------------------------------------------------- bib

BIB = r"""@Proceedings{ICML-2025,
  booktitle = {Proceedings of the 42nd International Conference on Machine Learning},
  year = {2025}
}

@InProceedings{pmlr-v267-muller25a,
  title = 	 {{RL} for Schr{\"o}dinger Bridges \& Caf\'{e} {A}gents},
  author =       {M\"{u}ller, J{\"o}rg and Ren{\'e} Dupont and Garc\'ia, Mar{\'\i}a},
  booktitle = 	 {Proceedings of the 42nd International Conference on Machine Learning},
  pages = 	 {1--20},
  year = 	 2025,
  url = 	 {https://proceedings.mlr.press/v267/muller25a.html},
  abstract = 	 {We propose {FOO}, a method.
  It works on $\alpha$-divergences.}
}

@misc{noabs2025,
  title = {No abstract here},
}

@article{broken,
  title = {Oops

@article{j2024, title = {Journal paper}, author = {Ada Lovelace}, journal = {JMLR},
  year = {2024}, abstract = {Journal abstract.}}
@article{j2024, title = {Same key}, abstract = {Different abstract.}}
"""


def test_bib_entries(tmp_path, caplog):
    f = write(tmp_path / "v267.bib", BIB)
    with caplog.at_level(logging.DEBUG):
        papers, warnings = read_all(f)
    # bibtexparser's own logging is silenced: its problems arrive as our warnings
    assert [r for r in caplog.records if r.name.startswith("bibtexparser")] == []
    assert [p.id for p in papers] == ["pmlr-v267-muller25a", "j2024", "j2024-2"]
    p = papers[0]
    assert p.title == "RL for Schrödinger Bridges & Café Agents"
    assert p.authors == ("Jörg Müller", "René Dupont", "María García")
    assert p.year == 2025
    assert p.venue == "Proceedings of the 42nd International Conference on Machine Learning"
    assert p.url == "https://proceedings.mlr.press/v267/muller25a.html"
    assert p.abstract == "We propose {FOO}, a method. It works on $\\alpha$-divergences."
    assert p.line == 6
    assert (papers[1].venue, papers[1].authors, papers[1].year) == ("JMLR", ("Ada Lovelace",), 2024)
    codes_lines = [re.match(r"\[(W\d+)\] .*?:(\d+):", w).groups() for w in warnings]
    # no-abstract entry at line 17, broken block at line 21, renamed key at line 26;
    # the @Proceedings volume record is not a paper and is skipped silently
    assert codes_lines == [("W001", "17"), ("W001", "21"), ("W004", "26")]
    assert "noabs2025" in warnings[0]
    assert "unparseable BibTeX block" in warnings[1]


@pytest.mark.parametrize("tex, text", [
    (r"{\"o}", "ö"), (r"\"{o}", "ö"), (r"\"o", "ö"), (r"{\'e}", "é"), (r"\'{\i}", "í"),
    (r"\&", "&"), (r"{RL}", "RL"), (r"Fran\c{c}ois", "François"), (r"Ga\v{s}i\'c", "Gašić"),
    (r"Stra\ss e", "Straße"), (r"\emph{Deep}  RL", "Deep RL"), (r"A--B", "A–B"),
    (r"100\% \$ \_", "100% $ _"), (r"$\alpha$-Nets", "α-Nets"),
])
def test_latex_to_text(tex, text):
    assert latex_to_text(tex) == text


# --------------------------------------------------------------------------- registry

SAMPLES = {
    ".txt": "Venue 2020\n\nAbstract from txt.\n",
    ".jsonl": '{"abstract": "Abstract from jsonl."}\n',
    ".json": '[{"abstract": "Abstract from json."}]',
    ".csv": "abstract\nAbstract from csv.\n",
    ".bib": "@article{k, abstract = {Abstract from bib.}}\n",
}


def test_every_registered_format_has_a_sample():
    assert set(SAMPLES) == set(READERS)


@pytest.mark.parametrize("ext", sorted(SAMPLES))
def test_each_reader_reads_its_sample(tmp_path, ext):
    f = write(tmp_path / f"s{ext}", SAMPLES[ext])
    papers, warnings = read_all(f)
    assert warnings == []
    assert [p.abstract for p in papers] == [f"Abstract from {ext[1:]}."]
    assert papers[0].source == str(f) and papers[0].line is not None


@pytest.mark.parametrize("ext", sorted(SAMPLES))
def test_each_reader_decodes_bom_and_utf16(tmp_path, ext):
    utf8 = tmp_path / f"bom8{ext}"
    utf8.write_bytes(SAMPLES[ext].encode("utf-8-sig"))
    utf16 = tmp_path / f"bom16{ext}"
    sample16 = SAMPLES[ext].replace("from", "from UTF-16").replace("{k,", "{k16,")
    utf16.write_bytes(sample16.encode("utf-16"))
    papers, warnings = read_all(utf8, utf16)
    assert warnings == []
    assert [p.abstract for p in papers] == [
        f"Abstract from {ext[1:]}.", f"Abstract from UTF-16 {ext[1:]}."]


@pytest.mark.parametrize("ext", sorted(SAMPLES))
def test_each_reader_empty_file_warns(tmp_path, ext):
    f = write(tmp_path / f"empty{ext}", "\n  \n")
    papers, warnings = read_all(f)
    assert papers == []
    assert warnings == [f"[W005] {f}: no records: empty file"]


@pytest.mark.parametrize("module", ["kg.ingest", "kg.ingest._common", "kg.ingest.txt",
                                    "kg.ingest.jsonl", "kg.ingest.json", "kg.ingest.csv",
                                    "kg.ingest.bib"])
def test_doctests(module):
    mod = importlib.import_module(module)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


# --------------------------------------------------------------------------- errors

def test_missing_path(tmp_path):
    missing = tmp_path / "nope.txt"
    with pytest.raises(KGError) as info:
        read_papers([missing], on_warning=print)  # raised at the call, before iterating
    assert_one_line_error(info.value, "E001", missing)


def test_unsupported_extension(tmp_path):
    f = write(tmp_path / "paper.pdf", "%PDF-1.4")
    with pytest.raises(KGError) as info:
        read_papers([f], on_warning=print)
    assert_one_line_error(info.value, "E002", f)


def test_empty_directory(tmp_path):
    write(tmp_path / "d" / "readme.md", "nothing to read")
    with pytest.raises(KGError) as info:
        read_papers([tmp_path / "d"], on_warning=print)
    assert_one_line_error(info.value, "E003", tmp_path / "d")


@pytest.mark.parametrize("ext", sorted(SAMPLES))
def test_binary_file(tmp_path, ext):
    f = tmp_path / f"image{ext}"
    f.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00")
    with pytest.raises(KGError) as info:
        read_all(f)
    assert "binary" in assert_one_line_error(info.value, "E004", f)


def test_not_utf8(tmp_path):
    f = tmp_path / "latin.txt"
    f.write_bytes("Venue\n\nCaf\u00e9 abstract.\n".encode("cp1252"))
    with pytest.raises(KGError) as info:
        read_all(f)
    message = assert_one_line_error(info.value, "E004", f)
    assert "not UTF-8 text (byte offset 10)" in message


# --------------------------------------------------------------------------- directories

def test_directory_recursive_sorted_hidden_ignored(tmp_path):
    root = tmp_path / "in"
    write(root / "b.jsonl", '{"id": "b", "abstract": "B."}\n')
    write(root / "a" / "z.csv", "id,abstract\nz,Z.\n")
    write(root / "a" / "c.json", '[{"id": "c", "abstract": "C."}]')
    write(root / ".hidden.jsonl", '{"id": "h1", "abstract": "H1."}\n')
    write(root / ".git" / "x.jsonl", '{"id": "h2", "abstract": "H2."}\n')
    write(root / "notes.md", "ignored")
    assert [p.relative_to(root).as_posix() for p in input_files([root])] == [
        "a/c.json", "a/z.csv", "b.jsonl"]
    papers, _ = read_all(root)
    assert [p.id for p in papers] == ["c", "z", "b"]


def test_same_file_twice_is_read_once(tmp_path):
    f = write(tmp_path / "one.jsonl", '{"id": "x", "abstract": "X."}\n')
    papers, warnings = read_all(f, tmp_path)
    assert [p.id for p in papers] == ["x"] and warnings == []


# --------------------------------------------------------------------------- duplicates

def test_duplicate_abstracts_across_and_within_files(tmp_path):
    a = write(tmp_path / "000_a.txt", "V 2020\n\nWe  propose FOO.\n\nWe study BAR.\n")
    b = write(tmp_path / "b.jsonl",
              '{"id": "dup", "abstract": "We propose\\nFOO."}\n{"id": "new", "abstract": "New."}\n'
              '{"id": "dup2", "abstract": "We study   BAR. "}\n')
    papers, warnings = read_all(a, b)
    assert [p.id for p in papers] == ["000-01", "000-02", "new"]
    assert len(warnings) == 2
    assert warnings[0].startswith(f"[W002] {b}:1: duplicate abstract of 000-01")
    assert "dup" in warnings[0]
    assert warnings[1].startswith(f"[W002] {b}:3: duplicate abstract of 000-02")
    assert "dup2" in warnings[1]


def test_duplicate_ids_made_unique(tmp_path):
    f = write(tmp_path / "ids.jsonl",
              '{"id": "p", "abstract": "One."}\n{"id": "p", "abstract": "Two."}\n'
              '{"id": "p-2", "abstract": "Three."}\n{"id": "p", "abstract": "Four."}\n')
    papers, warnings = read_all(f)
    assert [p.id for p in papers] == ["p", "p-2", "p-2-2", "p-3"]
    assert [w[:6] for w in warnings] == ["[W004]"] * 3
    assert warnings[0] == f"[W004] {f}:2: duplicate id 'p' (first at {f}:1); renamed to 'p-2'"
