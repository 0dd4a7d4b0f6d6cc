"""rajas_tui/tui"""
