"""`python -m rajas_tui.cli`: the same as the `rajas` command."""

import sys

from rajas_tui.cli import main

sys.exit(main())
