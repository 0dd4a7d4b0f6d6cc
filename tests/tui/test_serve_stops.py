"""`rajas serve` stopped leaves no app behind: a page's socket starts an app (and its bots'
process), then the server is stopped (Ctrl-C, SIGTERM, or killed outright) and no process of it
remains. The socket is opened as the page's script opens it, from the page's own origin; one from
another site's page is refused."""

from __future__ import annotations

import asyncio
import gc
import os
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from pathlib import Path

import aiohttp
import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def environment(tmp_path: Path) -> dict[str, str]:
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
    )
    return env


def start_server(
    tmp_path: Path, port: int, *options: str, env: Mapping[str, str] | None = None
) -> subprocess.Popen[str]:
    """`rajas serve` on `port` (with `env` added to the test's environment), once it says
    where to open it."""
    server = subprocess.Popen(
        [sys.executable, "-m", "rajas_tui", "serve", "--port", str(port), *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=environment(tmp_path) | dict(env or {}),
        start_new_session=True,
    )
    assert server.stdout is not None
    line = server.stdout.readline()
    assert line == f"rajas: open http://127.0.0.1:{port}/ in a browser; Ctrl-C stops.\n", line
    return server


def processes_of(tmp_path: Path) -> list[int]:
    """Every process running with this test's saves folder: the server and what it started,
    wherever they were re-parented."""
    marker = f"RAJAS_SAVES={tmp_path / 'saves'}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if marker in (entry / "environ").read_bytes().split(b"\0"):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


async def open_app(
    port: int, origin: str
) -> tuple[aiohttp.ClientSession, aiohttp.ClientWebSocketResponse, bytes]:
    """Opens the page's socket and reads until the title screen is drawn; the session and the
    socket are kept open (the tab stays) as long as they are held."""
    session = aiohttp.ClientSession()
    socket_ = await session.ws_connect(
        f"http://127.0.0.1:{port}/ws?width=100&height=30", headers={"Origin": origin}
    )
    seen = b""
    deadline = time.monotonic() + 60
    while b"New game" not in seen and time.monotonic() < deadline:
        message = await socket_.receive(timeout=60)
        if message.type == aiohttp.WSMsgType.BINARY:
            seen += message.data
    return session, socket_, seen


async def tab_end(tab: aiohttp.ClientWebSocketResponse) -> tuple[aiohttp.WSMsgType, object]:
    """How the tab's socket ends, read on as the page does (a closing from the server is a
    CLOSE with its code; a connection dropped, CLOSED)."""
    while (message := await tab.receive(timeout=60)).type == aiohttp.WSMsgType.BINARY:
        pass
    return message.type, message.data


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")
@pytest.mark.parametrize(
    ("stop", "group"),
    [
        (signal.SIGINT, True),
        (signal.SIGINT, False),
        (signal.SIGTERM, False),
        (signal.SIGKILL, False),
    ],
    ids=["Ctrl-C in its terminal", "SIGINT", "SIGTERM", "SIGKILL"],
)
@pytest.mark.slow
def test_stopping_the_server_leaves_no_app(
    tmp_path: Path, stop: signal.Signals, group: bool
) -> None:
    """Ctrl-C in the server's terminal reaches every process of its group (the apps too); a
    signal sent to the server alone must end them as well. Either way the page is told, its
    socket closed as a game's end closes it, rather than dropped once it stops being answered."""
    port = free_port()
    server = start_server(tmp_path, port)
    session: aiohttp.ClientSession | None = None
    loop = asyncio.new_event_loop()
    try:
        session, tab, seen = loop.run_until_complete(open_app(port, f"http://127.0.0.1:{port}"))
        assert b"New game" in seen
        time.sleep(1)
        assert len(processes_of(tmp_path)) >= 2, "the server and the tab's app"
        assert not tab.closed
        if group:
            os.killpg(server.pid, stop)
        else:
            server.send_signal(stop)
        if stop != signal.SIGKILL:
            assert loop.run_until_complete(tab_end(tab)) == (aiohttp.WSMsgType.CLOSE, 1000)
        server.wait(timeout=30)
        deadline = time.monotonic() + 20
        while processes_of(tmp_path) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert processes_of(tmp_path) == []
        if stop != signal.SIGKILL:
            assert server.returncode == 0
            assert server.stdout is not None
            said = server.stdout.read()
            assert "Traceback" not in said and "Error" not in said, said
    finally:
        if session is not None:
            loop.run_until_complete(session.close())
        loop.close()
        for pid in processes_of(tmp_path):
            os.kill(pid, signal.SIGKILL)
        if server.poll() is None:
            server.kill()
            server.wait()


@pytest.mark.slow
def test_a_page_of_another_site_cannot_start_an_app(tmp_path: Path) -> None:
    port = free_port()
    server = start_server(tmp_path, port)
    loop = asyncio.new_event_loop()

    async def refused() -> int:
        async with aiohttp.ClientSession() as session:
            try:
                await session.ws_connect(
                    f"http://127.0.0.1:{port}/ws", headers={"Origin": "http://evil.example"}
                )
            except aiohttp.WSServerHandshakeError as error:
                return error.status
            return 101

    try:
        assert loop.run_until_complete(refused()) == 403
        assert processes_of(tmp_path) == [server.pid]
    finally:
        loop.close()
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)


# An app whose output ends when the server asks it to quit, which then lives on until its input
# ends: the server's end finds it not yet exited, as it can find a real app on its way out.
LINGERING_APP = """
import os, sys
os.write(1, b"__GANGLION__\\n")
open(sys.argv[1], "w").write(str(os.getpid()))
seen = b""
while b'"quit"' not in seen and (chunk := os.read(0, 4096)):
    seen += chunk
null = os.open(os.devnull, os.O_WRONLY)
os.dup2(null, 1)
os.dup2(null, 2)
while os.read(0, 4096):
    pass
"""


def alive(pid: int) -> bool:
    """Whether process `pid` runs or is not reaped yet (a zombie)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_the_server_ends_with_its_apps_ended(
    tmp_path: Path, stop: signal.Signals, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server's end waits for every app it started: an app not yet exited when the tab's
    socket closed is ended (its input closed, as a hang-up) and reaped before the server's event
    loop closes. Left to exit after it, its process's transport was finalized on a closed loop,
    and asyncio printed "Exception ignored in ... BaseSubprocessTransport.__del__"."""
    from rajas_tui.tui.serve import RajasServer

    ignored: list[str] = []
    monkeypatch.setattr(
        sys,
        "unraisablehook",
        lambda caught: ignored.append(f"{caught.object!r}: {caught.exc_value!r}"),
    )
    port = free_port()
    pid_file = tmp_path / "app.pid"
    server = RajasServer("127.0.0.1", port, frozenset())
    # `exec`: the app is the process textual-serve starts, with no shell holding its output open.
    server.command = "exec " + shlex.join([sys.executable, "-c", LINGERING_APP, str(pid_file)])
    listening = threading.Event()
    failed: list[BaseException] = []

    async def tab_opened_and_closed() -> None:
        deadline = time.monotonic() + 60
        async with aiohttp.ClientSession() as session:
            while not listening.is_set():
                try:
                    tab = await session.ws_connect(f"http://127.0.0.1:{port}/ws")
                    listening.set()
                except aiohttp.ClientConnectionError:
                    assert time.monotonic() < deadline, "the server never listened"
                    await asyncio.sleep(0.05)
            while not pid_file.exists() or not pid_file.read_text():
                assert time.monotonic() < deadline, "the app never started"
                await asyncio.sleep(0.05)
            await tab.close()

    def client() -> None:
        try:
            asyncio.run(tab_opened_and_closed())
        except BaseException as error:
            failed.append(error)
        finally:
            if listening.is_set():  # else the server has no handler for the signal
                os.kill(os.getpid(), stop)

    thread = threading.Thread(target=client)
    thread.start()
    try:
        server.serve()
    finally:
        thread.join()
        asyncio.set_event_loop(None)
    assert failed == []
    pid = int(pid_file.read_text())
    try:
        assert not alive(pid), "the server ended with its app still running"
    finally:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)
            deadline = time.monotonic() + 10
            while alive(pid) and time.monotonic() < deadline:
                time.sleep(0.05)
    gc.collect()
    assert ignored == []
