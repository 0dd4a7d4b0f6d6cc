"""`python -m rajas_tui`: the same as the `rajas` command."""

import sys

from rajas_tui.cli import main

sys.exit(main())
