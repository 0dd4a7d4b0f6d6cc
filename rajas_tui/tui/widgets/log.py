"""The log: where setup laid the Ganga tiles, then every move told in words with what it gained
and paid, a separator where each round begins (who starts it) and where the end came, and a
mark where the moves since your last turn begin."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from rajas_tui.present import logbook, variants
from rajas_tui.tui.widgets.base import Pane, View

NEW_MARK = "since your last turn"
WRAP_INDENT = 2  # a move's later rows, so that each move's first row stands out


def told(view: View) -> list[Text]:
    """The log's lines, oldest first: a Ganga game first says where each river tile went."""
    lines = [Text(line) for line in variants.ganga_lines(view.state)]
    entries = list(view.told)
    new = logbook.since_last_turn(entries, view.eyes())
    for index, entry in enumerate(entries):
        if index == new and new > 0:
            lines.append(Text(logbook.ruled(NEW_MARK), "bold"))
        lines.append(Text(entry.words, "" if entry.kind == logbook.MOVE else "bold"))
    return lines


def new_moves(view: View) -> int:
    """How many moves came since the viewer's last turn."""
    entries = list(view.told)
    start = logbook.since_last_turn(entries, view.eyes())
    return sum(1 for entry in entries[start:] if entry.kind == logbook.MOVE)


def _has_moved(view: View) -> bool:
    seat = view.eyes()
    return any(entry.kind == logbook.MOVE and entry.seat == seat for entry in view.told)


def line_heads(count: int, moved: bool) -> tuple[str, ...]:
    """What leads the log line when `count` moves came since the viewer's turn (the newest of
    them shown), from the fullest words to the fewest: the count is of moves, and the key that
    opens the log is called a key."""
    if count <= 1:
        return ("Log",)
    since = "since your last turn" if moved else "so far"
    return (
        f"Log, {count} moves {since} (key 7 shows them)",
        f"Log, {count} moves {since} (key 7)",
        f"Log, {count} new moves (key 7)",
        f"Log ({count} new)",
    )


def pane_titles(back: int, pages: int) -> tuple[str, ...]:
    """The log pane's title, from the fullest words to the fewest: which page of moves it shows
    and that its key again pages back (the first press only brings the pane)."""
    if pages <= 1:
        return ("Log",)
    wheres = (
        ("newest at the bottom", "newest last")
        if back == 0
        else (f"page {back + 1} back of {pages}",)
    )
    keyed = tuple(
        f"Log — {where}; 7 again: {older}" for where in wheres for older in ("older moves", "older")
    )
    return (*keyed, f"Log — {wheres[-1]}", "Log")


class LogPane(Pane):
    """The latest lines, newest last, as many as fit; `back` pages toward older ones (the
    pane's key again), and wraps round to the newest after the oldest."""

    back = 0

    def inputs(self, view: View) -> tuple[object, ...]:
        return (self.back,)  # the game and the page: not the chooser

    def draw(self, view: View) -> Text:
        height = self.size.height or 10
        room = max(1, height - 1)
        entries = self._rows(told(view))
        if not entries:
            return Text("\n").join([Text("Log", "bold"), Text("(no action yet)")])
        pages = max(1, -(-len(entries) // room))
        back = self.back % pages
        end = len(entries) - back * room
        shown = entries[max(0, end - room) : end]
        while len(shown) > 1 and shown[0].plain.startswith(" " * WRAP_INDENT):
            shown = shown[1:]  # a page starts on a move's first row, never half-way through it
        return Text("\n").join([self._title(back, pages), *shown])

    def _title(self, back: int, pages: int) -> Text:
        width = self.size.width
        titles = pane_titles(back, pages)
        title = next((t for t in titles if not width or cell_len(t) <= width), titles[-1])
        name, _, rest = title.partition(" ")
        return Text.assemble((name, "bold"), (f" {rest}" if rest else "", "dim"))

    def _rows(self, lines: list[Text]) -> list[Text]:
        """Each line wrapped to the pane's width, its later rows indented: a move is read
        whole, never cut off at its end."""
        width = self.size.width
        if not width or not self.is_attached:
            return lines
        rows: list[Text] = []
        for line in lines:
            if line.cell_len <= width:
                rows.append(line)
                continue
            parts = line.wrap(self.app.console, max(8, width - WRAP_INDENT))
            for index, part in enumerate(parts):
                part.rstrip()
                rows.append(Text(" " * WRAP_INDENT).append_text(part) if index else part)
        return rows


class LogLine(Pane):
    """The newest log line alone, for the small screen, and how many moves are new to you."""

    def inputs(self, view: View) -> tuple[object, ...]:
        return ()  # the game alone: not the chooser

    def draw(self, view: View) -> Text:
        moves = [entry for entry in view.told if entry.kind == logbook.MOVE]
        if not moves:
            lines = variants.ganga_lines(view.state)
            return Text(f"Log: {lines[-1]}" if lines else "Log: (no action yet)", "dim")
        # The newest move is the line's point: the count says less as the move needs more of
        # the width, and the move's shorter forms (`Told`) come only after the fewest words.
        heads = line_heads(new_moves(view), _has_moved(view))
        width = self.size.width or cell_len(moves[-1].words) * 2
        newest = moves[-1]
        told = (newest.words, newest.brief, newest.gist)
        forms = [f"{head}: {words}" for words in told for head in heads]
        line = next((form for form in forms if cell_len(form) <= width), forms[-1])
        return Text(line, "dim")
