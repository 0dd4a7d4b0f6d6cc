"""The test suite: one folder per package (rules/, saves/, bots/, present/, cli/, tables/, tui/),
the checks of the whole tree at the top, and helpers/, what the tests share."""
