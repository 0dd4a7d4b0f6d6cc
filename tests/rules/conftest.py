"""This directory is called `rules`, like the engine package. When pytest puts `tests/` on
`sys.path` before the engine is imported (plain `pytest` run from elsewhere, with
tests/test_boundary.py collected first), `import rules` would find this directory as a namespace
package instead of the engine. Putting the project root first makes it find the engine."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
