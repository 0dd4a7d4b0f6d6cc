"""rajas_tui/present"""
