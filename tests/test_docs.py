"""The documents hold together: the README stays short, every document the code cites is in the
repository, every `docs/rules.md §n` names a section there, every relative link in the
documents leads to a file (and heading) that exists, and every data pointer in the rules
reference names a key, with its value, that the data files hold."""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs/rules.md"
DATA = ROOT / "rules" / "data"
README_LIMIT = 12_000

# Where the project's own text lives: sources, tests, data, documents, CI scripts.
SCANNED_FOLDERS = ("rules", "saves", "themes", "rajas_tui", "tests", "benchmarks", "docs", ".ci")
SCANNED_SUFFIXES = {".py", ".toml", ".md", ".tcss", ".txt", ".cfg", ".ini", ""}
SKIPPED_PARTS = {"__pycache__", "__snapshots__", ".pytest_cache", ".hypothesis"}

# A document named in text: a path ending in .md, or an all-capitals name cited with a section
# sign, which reads as a document too (a name, a space, a section sign and a number).
MD_NAME = re.compile(r"(?<![\w./-])((?:[\w.-]+/)*[\w.-]+\.md)\b")
CAPS_CITATION = re.compile(r"\b([A-Z][A-Z_]{2,})(?:\.md)? §\d")
RULES_CITATION = re.compile(r"\brules\.md((?:(?:,| and| or|-|–)? ?§\d+(?:[-–]§?\d+)?)+)")
SECTION = re.compile(r"^## (\d+)\. ", re.M)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
DATA_POINTER = re.compile(r"`(\w+\.toml): ([\w.]+)(?: = ([^`]+))?`")


def scanned_files() -> Iterator[Path]:
    yield from (p for p in ROOT.glob("*") if p.is_file() and p.suffix in {".md", ".toml"})
    for folder in SCANNED_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if not path.is_file() or SKIPPED_PARTS & set(path.parts):
                continue
            if path.suffix in SCANNED_SUFFIXES:
                yield path


def documents() -> list[Path]:
    return [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def _named_file_exists(name: str, citing: Path) -> bool:
    """A cited .md file, read from the repository's root or from the citing file's folder."""
    return any((base / name).is_file() for base in (ROOT, citing.parent))


def test_the_readme_is_short() -> None:
    size = len((ROOT / "README.md").read_bytes())
    assert size < README_LIMIT, f"README.md is {size:,} bytes; keep it under {README_LIMIT:,}"


def test_every_cited_document_is_in_the_repository() -> None:
    missing = []
    for path in scanned_files():
        for number, line in enumerate(_read(path).splitlines(), 1):
            names = set(MD_NAME.findall(line))
            names |= {f"{caps}.md" for caps in CAPS_CITATION.findall(line)}
            missing += [
                f"{path.relative_to(ROOT)}:{number}: {name}"
                for name in sorted(names)
                if not _named_file_exists(name, path)
            ]
    assert not missing, "cited documents the repository does not hold:\n" + "\n".join(missing)


def rules_sections() -> set[int]:
    return {int(n) for n in SECTION.findall(_read(RULES))}


def test_the_rules_keep_their_numbered_sections() -> None:
    numbers = [int(n) for n in SECTION.findall(_read(RULES))]
    assert numbers == list(range(1, 15)), numbers


def _cited_sections(text: str) -> Iterator[int]:
    for match in RULES_CITATION.finditer(text):
        for low, high in re.findall(r"§(\d+)(?:[-–]§?(\d+))?", match.group(1)):
            yield from range(int(low), int(high or low) + 1)


def test_the_citation_pattern_reads_lists_and_ranges() -> None:
    text = "see docs/rules.md §8, §11 and §12; docs/rules.md §5-§7"
    assert list(_cited_sections(text)) == [8, 11, 12, 5, 6, 7]


def test_every_cited_rules_section_exists() -> None:
    sections = rules_sections()
    wrong = []
    for path in scanned_files():
        for number, line in enumerate(_read(path).splitlines(), 1):
            wrong += [
                f"{path.relative_to(ROOT)}:{number}: §{n}"
                for n in _cited_sections(line)
                if n not in sections
            ]
    # Inside the rules reference a bare § is one of its own sections.
    own = {int(n) for n in re.findall(r"§(\d+)", _read(RULES))}
    wrong += [f"docs/rules.md: §{n}" for n in sorted(own - sections)]
    assert not wrong, "sections docs/rules.md does not have:\n" + "\n".join(wrong)


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*]", "", heading.strip().lower())
    kept = "".join(c for c in text if c in " -" or unicodedata.category(c)[0] in "LN" or c == "_")
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    counts: dict[str, int] = {}
    in_code = False
    for line in _read(path).splitlines():
        if line.startswith("```"):
            in_code = not in_code
        if in_code or not line.startswith("#"):
            continue
        slug = _slug(line.lstrip("#"))
        seen = counts.get(slug, 0)
        counts[slug] = seen + 1
        found.add(slug if not seen else f"{slug}-{seen}")
    return found


def test_the_anchor_of_a_heading_is_githubs() -> None:
    assert _slug(" 12. Variants") == "12-variants"
    assert _slug(" `rajas table` and authorized_keys") == "rajas-table-and-authorized_keys"


@pytest.mark.parametrize("document", documents(), ids=lambda p: p.name)
def test_every_relative_link_leads_somewhere(document: Path) -> None:
    assert document.is_file(), f"{document.relative_to(ROOT)} is missing"
    broken = []
    for target in LINK.findall(_read(document)):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        name, _, anchor = target.partition("#")
        linked = (document.parent / name).resolve() if name else document
        missing_anchor = anchor and linked.suffix == ".md" and anchor not in anchors(linked)
        if not linked.exists() or missing_anchor:
            broken.append(target)
    assert not broken, f"{document.relative_to(ROOT)} links to nothing: {broken}"


def _resolve(table: Any, keys: list[str]) -> list[Any]:
    """Every value the dotted keys reach; a list of tables is looked into entry by entry."""
    if not keys:
        return [table]
    if isinstance(table, list):
        return [found for entry in table for found in _resolve(entry, keys)]
    if isinstance(table, dict) and keys[0] in table:
        return _resolve(table[keys[0]], keys[1:])
    return []


def test_every_data_pointer_of_the_rules_holds() -> None:
    pointers = DATA_POINTER.findall(_read(RULES))
    assert len(pointers) > 40  # the pattern still finds them
    wrong = []
    for file, key, value in pointers:
        path = DATA / file
        if not path.is_file():
            wrong.append(f"{file}: no such data file")
            continue
        found = _resolve(tomllib.loads(_read(path)), key.split("."))
        if not found:
            wrong.append(f"{file}: {key}: no such key")
        elif value and tomllib.loads(f"v = {value}")["v"] not in found:
            wrong.append(f"{file}: {key}: the file holds {found}, the rules say {value}")
    assert not wrong, "docs/rules.md points at data it does not match:\n" + "\n".join(wrong)
