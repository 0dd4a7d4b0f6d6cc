"""Tests of `rajas_tui.present`."""
