"""The test suite: engine/, saves/, cli/, tui/, and helpers they share."""
