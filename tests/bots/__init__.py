"""Tests of `rajas_tui.bots`."""
