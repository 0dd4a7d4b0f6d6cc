"""Tests of `rajas_tui.cli`."""
