"""`rajas serve`: the app it runs for a browser tab starts without a terminal (Textual's web
driver, as textual-serve runs it), while a real missing terminal is still refused; the server's
address, its warning for a non-loopback host and the origins its page may start games from."""

from __future__ import annotations

import os
import select
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rajas_tui import cli

ROOT = Path(__file__).resolve().parents[2]
WEB_DRIVER = "textual.drivers.web_driver:WebDriver"


def _environment(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("TEXTUAL", "PYTEST", "RAJAS"))
    }
    env.update(
        HOME=str(tmp_path),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_DATA_HOME=str(tmp_path / "data"),
        RAJAS_SAVES=str(tmp_path / "saves"),
        PYTHONPATH=str(ROOT),
        **extra,
    )
    return env


def _read_until(process: subprocess.Popen[bytes], marker: bytes, seconds: float) -> bytes:
    assert process.stdout is not None
    seen = b""
    deadline = time.monotonic() + seconds
    while marker not in seen and time.monotonic() < deadline:
        if select.select([process.stdout], [], [], 0.2)[0]:
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                break
            seen += chunk
    return seen


def test_without_a_terminal_the_app_is_refused(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rajas_tui"],
        stdin=subprocess.PIPE,
        capture_output=True,
        env=_environment(tmp_path),
        timeout=60,
        check=False,
    )
    assert result.returncode == 1
    assert b"the app needs a terminal" in result.stderr


def test_another_driver_named_does_not_let_a_missing_terminal_through(tmp_path: Path) -> None:
    env = _environment(tmp_path, TEXTUAL_DRIVER="textual.drivers.headless_driver:HeadlessDriver")
    result = subprocess.run(
        [sys.executable, "-m", "rajas_tui"],
        stdin=subprocess.PIPE,
        capture_output=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1
    assert b"the app needs a terminal" in result.stderr


@pytest.mark.slow
def test_the_web_driver_starts_the_app_and_the_end_of_its_input_ends_it(tmp_path: Path) -> None:
    """As textual-serve runs it: pipes, and the web driver named. The app starts (the driver's
    prelude, then the title screen's text in a data packet); when the server goes (its pipe to the
    app closes), the app ends rather than running on unseen."""
    process = subprocess.Popen(
        [sys.executable, "-m", "rajas_tui"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_environment(tmp_path, TEXTUAL_DRIVER=WEB_DRIVER, COLUMNS="100", ROWS="30"),
    )
    try:
        seen = _read_until(process, b"New game", 60)
        assert b"__GANGLION__\n" in seen
        assert b"New game" in seen
        assert process.stdin is not None
        process.stdin.close()
        assert process.wait(timeout=20) == 128 + signal.SIGHUP
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_the_served_command_is_fixed() -> None:
    from rajas_tui.tui import serve

    assert serve.COMMAND.split() == [sys.executable, "-m", "rajas_tui"]


def test_the_address_to_open() -> None:
    from rajas_tui.tui.serve import address

    assert address("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert address("::1", 9000) == "http://[::1]:9000/"
    assert address("0.0.0.0", 8000) == f"http://{socket.gethostname()}:8000/"


def test_loopback_hosts() -> None:
    from rajas_tui.tui.serve import is_loopback

    assert all(is_loopback(host) for host in ("127.0.0.1", "localhost", "::1", "127.1.2.3"))
    assert not any(is_loopback(host) for host in ("0.0.0.0", "::", "192.168.1.4", "example.org"))


def test_the_page_may_start_games_only_from_where_it_is_served() -> None:
    from rajas_tui.tui.serve import origins_for

    local = origins_for("127.0.0.1", 8000, ())
    assert "http://127.0.0.1:8000" in local and "http://localhost:8000" in local
    assert "http://evil.example:8000" not in local
    assert origins_for("0.0.0.0", 8000, ()) == frozenset()
    assert origins_for("127.0.0.1", 8000, ["https://Games.Example.org/rajas/"]) == {
        "https://games.example.org"
    }


def _serve(tmp_path: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """`rajas serve` in a process of its own (it sets the signals' handlers of its loop)."""
    return subprocess.run(
        [sys.executable, "-m", "rajas_tui", "serve", *options],
        capture_output=True,
        text=True,
        env=_environment(tmp_path),
        timeout=60,
        check=False,
    )


def _taken(host: str) -> socket.socket:
    taken = socket.socket()
    taken.bind((host, 0))
    taken.listen()
    return taken


def test_it_listens_on_this_machine_only_unless_told() -> None:
    assert cli.build_parser().parse_args(["serve"]).host == "127.0.0.1"
    assert cli.build_parser().parse_args(["serve"]).port == 8000


@pytest.mark.slow
def test_a_port_taken_is_one_sentence(tmp_path: Path) -> None:
    """Here on the loopback address, which is not warned of."""
    with _taken("127.0.0.1") as taken:
        port = taken.getsockname()[1]
        result = _serve(tmp_path, "--port", str(port))
    assert result.returncode == 1
    assert result.stderr.startswith(f"rajas: cannot listen on 127.0.0.1 port {port}: ")
    assert result.stderr.count("\n") == 1
    assert "warning" not in result.stderr


def test_a_bad_port_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["serve", "--port", "70000"])
    assert stopped.value.code == 2
    assert "--port: must be 1 to 65535" in capsys.readouterr().err


@pytest.mark.slow
def test_another_address_is_warned_of(tmp_path: Path) -> None:
    """Listening beyond this machine says who can then play; the port is taken here so that
    the server stops at once after the warning."""
    with _taken("0.0.0.0") as taken:
        port = taken.getsockname()[1]
        result = _serve(tmp_path, "--host", "0.0.0.0", "--port", str(port))
    assert result.returncode == 1
    warning = result.stderr.splitlines()[0]
    assert f"anyone who can reach port {port} there can play" in warning
    assert "docs/hosting.md" in warning
