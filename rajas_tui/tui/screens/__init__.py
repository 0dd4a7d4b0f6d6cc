"""The screens of the app: title, new game, load, game, help, game over, too small."""
