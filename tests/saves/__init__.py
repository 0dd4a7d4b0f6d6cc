"""Tests of `saves`."""
