"""A real OpenSSH server on 127.0.0.1, private to the test (its own config, host key and
authorized_keys in a temporary folder; the machine's own sshd is never touched), hosting a table
with the README's five commands: two `ssh -tt` clients, each in a tmux terminal of 80x24, join
as A and B and play; a key with no seat is refused; `ssh host ls` runs no shell; a client killed
and joined again resumes with nothing lost."""

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
from rajas_tui.present.chooser import Chooser
from saves import tables
from tests import tmux_screens
from tests.tui import kit
from tests.tui.plan import plan

ROOT = Path(__file__).resolve().parents[2]
SSHD = Path("/usr/sbin/sshd")
TMUX_KEYS = {"enter": "Enter", "escape": "Escape", "tab": "Tab", "space": "Space"}
TMUX_KEYS |= {name: name.capitalize() for name in ("up", "down", "left", "right")}

pytestmark = [
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


def _wait(session: str, found: Callable[[str], bool], timeout: float = 20.0) -> str:
    return tmux_screens.wait(session, found, timeout)


def _log_line(screen: str) -> str:
    """The log line's moves ("Log: …" or "Log (7: 2 more since your turn): …")."""
    for line in reversed(screen.splitlines()):
        if line.lstrip().startswith("Log"):
            return line.split("): ", 1)[-1].split("Log: ", 1)[-1]
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
            subprocess.run(
                ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(home / name)],
                check=True,
            )
        self.process: subprocess.Popen[bytes] | None = None

    def run_steps(self) -> None:
        for step in readme_steps():
            done = subprocess.run(
                ["bash", "-c", step], cwd=self.home, env=self.env, capture_output=True, text=True
            )
            assert done.returncode == 0, f"{step}: {done.stderr}"

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
    keys = kit.keys_for(plan(Chooser(view), rules.legal_actions(view)[0]))
    return game.state.turn, [TMUX_KEYS.get(key, key) for key in keys]


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
        while played < 4 and not tables.read(path).over:
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
            game = tables.read(path)
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
