"""A real OpenSSH server on 127.0.0.1, private to the test (its own config, host key and
authorized_keys in a temporary folder; the machine's own sshd is never touched), hosting a table
with the README's five commands: two `ssh -tt` clients, each in a tmux terminal of 80x24, join
as A and B and play; a 2-seat table is played to its end by keys typed in each seat's terminal,
its clients killed (one with a choice half-made, then both) and joined again with nothing lost; a
key with no seat is refused; `ssh host ls` runs no shell."""

from __future__ import annotations

import getpass
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import rules
import saves
from rajas_tui.present import logbook
from rajas_tui.present.chooser import Chooser
from saves import tables
from tests.helpers import apps, tmux_screens
from tests.helpers.key_plan import plan
from tests.helpers.pty_terminal import alive, children, cpu_seconds

ROOT = Path(__file__).resolve().parents[2]
SSHD = Path("/usr/sbin/sshd")
TMUX_KEYS = tmux_screens.KEYS

BOTS_WAIT = 60.0  # seconds: only stops a hang; a bot's move takes up to a couple of seconds

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not SSHD.exists(), reason="OpenSSH's server is not installed (.ci/run installs it)"
    ),
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
    pytest.mark.skipif(shutil.which("ssh") is None, reason="the ssh client is not installed"),
]


def readme_steps() -> list[str]:
    """The hosting commands of the README's "Playing together over SSH", as written there."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Playing together over SSH", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None
    return [line for line in block.group(1).splitlines() if line.strip()]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


_tmux = tmux_screens.tmux


def _wait(
    session: str, found: Callable[[str], bool], timeout: float = 20.0, step: float = 0.1
) -> str:
    return tmux_screens.wait(session, found, timeout, step)


def _log_line(screen: str) -> str:
    """The log line's move ("Log: …" or "Log, 3 new moves (key 7): …")."""
    for line in reversed(screen.splitlines()):
        if line.lstrip().startswith("Log"):
            return re.sub(r"^Log(, [^(]*\(key 7[^)]*\)| \(\d+ new\))?: ", "", line.lstrip())
    return ""


class Host:
    """The host's side: a home with the table account's files, and a private sshd."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.port = _free_port()
        self.env = {
            **os.environ,
            "HOME": str(home),
            "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '/usr/bin:/bin')}",
            "RAJAS_TABLES": str(home / "tables"),
            "PYTHONPATH": str(ROOT),
        }
        for name in ("asha", "bela", "guest", "nobody"):
            self.keygen(name)
        self.process: subprocess.Popen[bytes] | None = None

    def keygen(self, name: str) -> None:
        subprocess.run(
            ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(self.home / name)],
            check=True,
        )

    def run(self, command: str) -> str:
        """One shell command as the table's account; its output."""
        done = subprocess.run(
            ["bash", "-c", command], cwd=self.home, env=self.env, capture_output=True, text=True
        )
        assert done.returncode == 0, f"{command}: {done.stderr}"
        return done.stdout

    def run_steps(self) -> None:
        for step in readme_steps():
            self.run(step)

    def start(self) -> None:
        host_key = self.home / "host_key"
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(host_key)])
        config = self.home / "sshd_config"
        path = self.env["PATH"]
        config.write_text(
            f"ListenAddress 127.0.0.1\nPort {self.port}\nHostKey {host_key}\n"
            f"AuthorizedKeysFile {self.home}/.ssh/authorized_keys\nPidFile {self.home}/sshd.pid\n"
            "StrictModes no\nUsePAM no\nPasswordAuthentication no\n"
            "KbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\n"
            f"SetEnv PATH={path} PYTHONPATH={ROOT} TERM=xterm-256color LANG=C.UTF-8\n"
        )
        Path("/run/sshd").mkdir(exist_ok=True)  # sshd's privilege separation folder
        self.process = subprocess.Popen(
            [str(SSHD), "-D", "-e", "-f", str(config)], stderr=subprocess.PIPE
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        raise AssertionError("the test's sshd did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)

    def ssh(self, key: str, *more: str) -> list[str]:
        return [
            "ssh",
            *("-i", str(self.home / key), "-p", str(self.port)),
            *("-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes"),
            *("-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"),
            *("-o", "LogLevel=ERROR"),
            f"{getpass.getuser()}@127.0.0.1",
            *more,
        ]


@pytest.fixture
def host(tmp_path: Path):  # type: ignore[no-untyped-def]
    made = Host(tmp_path)
    made.run_steps()
    made.start()
    yield made
    made.stop()


def _join(host: Host, session: str, key: str) -> None:
    command = shlex.join(host.ssh(key, "-tt"))
    _tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", command)


def _keys(game_path: Path) -> tuple[int, list[str]]:
    """Whose turn, and the keys that play their first legal action (from their view)."""
    game = tables.read(game_path)
    view = rules.seat_view(game.state, game.state.turn)
    keys = apps.keys_for(plan(Chooser(view), rules.legal_actions(view)[0]))
    return game.state.turn, [TMUX_KEYS.get(key, key) for key in keys]


def _settled(path: Path) -> saves.Game:
    """The table once a human is to act (or it is over): after a player's action the bots'
    moves are written one by one, a search bot's up to a few seconds after the last."""
    deadline = time.monotonic() + BOTS_WAIT
    while True:
        game = tables.read(path)
        if game.over or game.seat.is_human:
            return game
        assert time.monotonic() < deadline, "the bots never finished their moves"
        time.sleep(0.05)


def test_two_players_over_ssh(host: Host) -> None:
    path = tables.table_path(host.home / "tables", "friday")
    sessions = {0: f"rajas-ssh-a-{os.getpid()}", 1: f"rajas-ssh-b-{os.getpid()}"}
    try:
        _join(host, sessions[0], "asha")
        _join(host, sessions[1], "bela")
        for session in sessions.values():
            _wait(session, lambda s: "River" in s and "Tracks" in s)
        _wait(sessions[1], lambda s: tables.connected(path, 0) and tables.connected(path, 1))
        played = 0
        while played < 4 and not _settled(path).over:
            turn, keys = _keys(path)
            before = len(tables.read(path).log)
            # Keys typed before that terminal has caught up would land on another seat's turn.
            name = tables.read(path).name(turn)
            _wait(
                sessions[turn],
                lambda s, n=name: f"{n} to play" in s and "their moves show here" not in s,
            )
            _tmux("send-keys", "-t", sessions[turn], *keys)
            deadline = time.monotonic() + 15
            while len(tables.read(path).log) == before:
                assert time.monotonic() < deadline, _tmux(
                    "capture-pane", "-p", "-t", sessions[turn]
                )
                time.sleep(0.05)
            game = _settled(path)
            played += 1
            # The other terminal shows it: the log line names the move just made.
            mover = game.name(game.log[-1].seat)
            _wait(sessions[1 - turn], lambda s, m=mover: m in _log_line(s), 5)
        assert played == 4
        # Killing a client (the SSH link drops) loses nothing; the same command joins again.
        kept = tables.read(path).log
        _tmux("kill-session", "-t", sessions[0])
        deadline = time.monotonic() + 10
        while tables.connected(path, 0):
            assert time.monotonic() < deadline, "the dropped seat stayed connected"
            time.sleep(0.1)
        assert tables.read(path).log == kept
        _join(host, sessions[0], "asha")
        _wait(sessions[0], lambda s: "River" in s and "Tracks" in s)
        assert tables.connected(path, 0)
        # A resize reaches the app through SSH: smaller than 80x24 gets the too-small screen.
        _tmux("resize-window", "-t", sessions[0], "-x", "60", "-y", "20")
        _wait(sessions[0], lambda s: "This one is 60×20" in s)
        _tmux("resize-window", "-t", sessions[0], "-x", "80", "-y", "24")
        _wait(sessions[0], lambda s: "River" in s and "Tracks" in s)
    finally:
        for session in sessions.values():
            subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


# A 2-seat table whose game, each seat playing the first action it is offered, ends after
# 107 actions (304 keys): the shortest such game of seeds 1 to 40.
DUEL_SEED = 34
DUEL_KEYS = ("duel-a", "duel-b")
LOOK = 0.02  # seconds between looks at a terminal while a whole game is played through them


def _status(screen: str) -> str:
    return next((line for line in screen.splitlines() if "Rajas · round" in line), "")


def _shows(screen: str, game: saves.Game) -> bool:
    """Whether a terminal shows `game` as the table holds it: the round, who acts, and the last
    move's words on the log line (cut at the terminal's edge). The status alone is not enough:
    a terminal that has not yet drawn its own last move still shows its seat to play."""
    if "River" not in screen or "Tracks" not in screen:
        return False
    status = _status(screen)
    if f"round {game.state.round} ·" not in status or game.seat.name not in status:
        return False
    if not game.log:
        return "Log: (no action yet)" in screen
    told = _log_line(screen).strip().rstrip("…")
    newest = [line for line in logbook.told(game) if line.kind == logbook.MOVE][-1]
    return len(told) > 10 and any(form.startswith(told) for form in (newest.words, newest.gist))


def _acting(screen: str, game: saves.Game) -> bool:
    """Whether a terminal shows `game` with its acting seat's own chooser."""
    return _shows(screen, game) and "their moves show here" not in screen


def _planned(game: saves.Game) -> tuple[str, list[str]]:
    """The acting seat's first action, from its own view, and the keys that choose it."""
    view = rules.seat_view(game.state, game.state.turn)
    action = rules.legal_actions(view)[0]
    keys = apps.keys_for(plan(Chooser(view), action))
    return str(action), [TMUX_KEYS.get(key, key) for key in keys]


def _written(path: Path, count: int, session: str) -> saves.Game:
    """The table once its log is longer than `count` actions (the terminal typed in is shown if
    it never is)."""
    deadline = time.monotonic() + 15
    while True:
        game = tables.read(path)
        if len(game.log) > count:
            return game
        if time.monotonic() > deadline:
            screen = _tmux("capture-pane", "-p", "-t", session)
            raise AssertionError(f"no action written after {count}; the screen was:\n{screen}")
        time.sleep(LOOK)


def _dropped(path: Path, sessions: dict[int, str], seats: tuple[int, ...]) -> None:
    """Kills the seats' terminals (their ssh clients with them) and waits until the host has
    let the seats go: sshd hangs up on the rajas it ran."""
    for seat in seats:
        _tmux("kill-session", "-t", sessions[seat])
    deadline = time.monotonic() + 10
    while any(tables.connected(path, seat) for seat in seats):
        assert time.monotonic() < deadline, "a dropped seat stayed connected"
        time.sleep(0.05)


def _play(path: Path, sessions: dict[int, str], game: saves.Game, played: list[str]) -> saves.Game:
    """The acting seat's first action typed in its own terminal, once that terminal shows the
    table as it is (keys typed before it caught up would land on another seat's turn)."""
    action, keys = _planned(game)
    _wait(sessions[game.state.turn], lambda s: _acting(s, game), 20, LOOK)
    _tmux("send-keys", "-t", sessions[game.state.turn], *keys)
    played.append(action)
    return _written(path, len(game.log), sessions[game.state.turn])


def _rejoined(host: Host, path: Path, sessions: dict[int, str], seats: tuple[int, ...]) -> None:
    """The seats join again with the same ssh command; each terminal shows the table as it is."""
    game = tables.read(path)
    for seat in seats:
        _join(host, sessions[seat], DUEL_KEYS[seat])
    for seat in seats:
        _wait(sessions[seat], lambda s: _shows(s, game))
        assert tables.connected(path, seat)


def _drop_mid_choice(host: Host, path: Path, sessions: dict[int, str], played: list[str]) -> None:
    """Seat A's link drops with a choice half-made (every key of its action but the last)."""
    game = tables.read(path)
    shown = _wait(sessions[0], lambda s: _acting(s, game), 20, LOOK)
    _tmux("send-keys", "-t", sessions[0], *_planned(game)[1][:-1])
    _wait(sessions[0], lambda s: s != shown, 10, LOOK)
    _dropped(path, sessions, (0,))
    assert [entry.action for entry in tables.read(path).log] == played
    _rejoined(host, path, sessions, (0,))


def _drop_both(host: Host, path: Path, sessions: dict[int, str], played: list[str]) -> None:
    _dropped(path, sessions, (0, 1))
    assert [entry.action for entry in tables.read(path).log] == played
    _rejoined(host, path, sessions, (0, 1))


def test_a_two_seat_table_is_played_to_its_end_over_ssh(host: Host) -> None:
    """Every action typed in the acting seat's terminal; seat A's client killed with a choice
    half-made, later both, each joining again with the same ssh command: the table's log is
    exactly the actions typed, and each terminal shows the position it left."""
    for key in DUEL_KEYS:
        host.keygen(key)
    host.run(f"rajas table new duel --players Asha,Bela --seed {DUEL_SEED}")
    for seat, key in zip("AB", DUEL_KEYS, strict=True):
        host.run(f"rajas table keys duel --seat {seat} {key}.pub >> ~/.ssh/authorized_keys")
    path = tables.table_path(host.home / "tables", "duel")
    sessions = {seat: f"rajas-duel-{seat}-{os.getpid()}" for seat in (0, 1)}
    started, cpu = time.monotonic(), time.process_time()
    played: list[str] = []
    drops: list[int] = []
    keys_typed = 0
    try:
        _rejoined(host, path, sessions, (0, 1))
        game = tables.read(path)
        while not game.over:
            if not drops and len(played) >= 35 and game.state.turn == 0:
                if len(_planned(game)[1]) > 1:
                    _drop_mid_choice(host, path, sessions, played)
                    drops.append(len(played))
            elif len(drops) == 1 and len(played) >= 70:
                _drop_both(host, path, sessions, played)
                drops.append(len(played))
            keys_typed += len(_planned(game)[1])
            game = _play(path, sessions, game, played)
        for seat in (0, 1):
            _wait(sessions[seat], lambda s: "Game over" in s)
        assert len(drops) == 2
        assert [entry.action for entry in tables.read(path).log] == played
        took, cpu = time.monotonic() - started, time.process_time() - cpu
        print(
            f"{len(played)} actions ({keys_typed} keys) to the game's end over SSH in "
            f"{took:.1f} s ({took / len(played) * 1000:.0f} ms an action; the test's own CPU "
            f"{cpu:.1f} s); links dropped after actions {drops}"
        )
    finally:
        for session in sessions.values():
            subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def test_a_key_with_no_seat_is_refused(host: Host) -> None:
    done = subprocess.run(host.ssh("nobody", "true"), capture_output=True, text=True, timeout=30)
    assert done.returncode == 255 and "Permission denied" in done.stderr


def test_a_command_runs_no_shell(host: Host) -> None:
    """`ssh host ls` runs the key's forced command instead, which without a terminal says to
    use `ssh -t`: no listing of the host's files."""
    done = subprocess.run(host.ssh("asha", "ls"), capture_output=True, text=True, timeout=30)
    assert done.returncode == 1
    assert "ssh -t" in done.stderr
    assert "asha.pub" not in done.stdout and "authorized_keys" not in done.stdout


MEGABYTE = 1 << 20


def _joined_app(host: Host, table: str) -> int:
    """The process id of the rajas that sshd ran for a seat of `table` (its forced command names
    this test's tables folder)."""
    tables_dir = str(host.home / "tables")
    deadline = time.monotonic() + 10
    while True:
        for entry in Path("/proc").iterdir():
            try:
                words = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"join" in words and table.encode() in words and tables_dir.encode() in words:
                return int(entry.name)
        assert time.monotonic() < deadline, "the joined app's process was not found"
        time.sleep(0.05)


def _read_bytes(pid: int) -> int:
    """How many bytes the process has read, from anything (/proc/PID/io)."""
    for line in Path(f"/proc/{pid}/io").read_text().splitlines():
        if line.startswith("rchar:"):
            return int(line.split()[1])
    raise AssertionError("no rchar in /proc/PID/io")


def test_a_pasted_megabyte_then_a_dropped_connection(host: Host) -> None:
    """A megabyte pasted into a seat's terminal (tmux's paste, not bracketed: every byte a key)
    reaches the app over SSH; then the client is killed. The app and its bots' process end
    within seconds, the app having spent under 2 s of CPU, start-up included."""
    session = f"rajas-ssh-flood-{os.getpid()}"
    paste = host.home / "paste.txt"
    line = b"the quick brown fox jumps over the lazy dog 0123456789\n"
    paste.write_bytes((line * (MEGABYTE // len(line) + 1))[:MEGABYTE])
    try:
        _join(host, session, "asha")
        _wait(session, lambda s: "River" in s and "Tracks" in s)
        app = _joined_app(host, "friday")
        deadline = time.monotonic() + 30
        while not children(app):
            command = Path(f"/proc/{app}/cmdline").read_bytes().split(b"\0")
            assert time.monotonic() < deadline, f"no bots' process for {app}: {command}"
            time.sleep(0.02)
        bots = children(app)
        before = _read_bytes(app)
        _tmux("load-buffer", "-b", session, str(paste))
        _tmux("paste-buffer", "-d", "-b", session, "-t", session)
        deadline = time.monotonic() + 60  # only stops a hang: the app takes the paste in
        while _read_bytes(app) - before < MEGABYTE and time.monotonic() < deadline:
            time.sleep(0.05)
        _tmux("kill-session", "-t", session)
        cpu, deadline = 0.0, time.monotonic() + 30
        while alive(app):
            cpu = cpu_seconds(app) or cpu
            assert time.monotonic() < deadline, f"the app runs on, {cpu:.1f} s of CPU used"
            time.sleep(0.02)
        while any(alive(bot) for bot in bots):
            assert time.monotonic() < deadline, "the bots' process outlived the app"
            time.sleep(0.02)
        print(f"the app used {cpu:.2f} s of CPU")
        assert cpu < 2.0
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
