"""`rajas --help` names every exit code that the table in docs/cli.md lists, so a script's author
reading either finds the same codes."""

import re
from pathlib import Path

from rajas_tui.cli import build_parser

DOC = Path(__file__).parents[2] / "docs/cli.md"


def documented_codes() -> set[int]:
    table = DOC.read_text(encoding="utf-8").split("## Exit codes and output", 1)[1]
    return {int(code) for code in re.findall(r"^\| (\d+) \|", table, flags=re.MULTILINE)}


def test_help_names_every_documented_exit_code() -> None:
    epilog = build_parser().epilog or ""
    said = {int(code) for code in re.findall(r"(?<![\d.])(\d{1,3})(?= [a-z])", epilog)}
    assert documented_codes() <= said, f"--help misses {sorted(documented_codes() - said)}"
