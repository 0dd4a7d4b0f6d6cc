"""The engine stays free of the user interface: importing it must not load Textual or Rich."""

import subprocess
import sys


def test_rules_import_loads_no_ui() -> None:
    code = (
        "import sys, rules, rules.engine, rules.invariants\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(loaded))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "", f"rules loaded UI modules: {result.stdout.strip()}"


def test_headless_cli_loads_no_ui() -> None:
    code = (
        "import sys\n"
        "from rajas_tui.cli import main\n"
        "main(['simulate', '--players', '2', '--games', '1', '--seed', '3'])\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print('UI:' + ','.join(loaded))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip().splitlines()[-1] == "UI:", result.stdout
