"""Tests of `rules`, written from docs/rules.md, with property tests over random games."""
