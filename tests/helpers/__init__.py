"""What the tests share, one module a kind: fixture states for the rules, random playouts, the
example saves, apps and keys for the app's tests, terminals (tmux, a pseudo-terminal), and
searches over puzzles."""
