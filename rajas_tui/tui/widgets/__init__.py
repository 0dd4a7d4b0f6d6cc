"""The panes of the game screen. Each draws itself from one `View` of the game."""
