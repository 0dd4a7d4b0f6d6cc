"""What the command-line tests share."""

from __future__ import annotations

from rajas_tui.cli import main


def exit_code(args: list[str]) -> int:
    """`main`'s exit code, whether argparse exits (a bad value, with 2) or the command returns
    it."""
    try:
        return main(args)
    except SystemExit as done:
        return int(done.code or 0)
