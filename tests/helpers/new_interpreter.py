"""Running code in a fresh interpreter, for tests of what importing or starting loads."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def output_of(code: str, cwd: Path) -> str:
    """What `code` prints, run by a new interpreter in `cwd`; fails the test if it fails."""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout
