"""`rajas serve`: the app in a browser, through textual-serve.

Each browser tab that opens the page gets an app process of its own, started from one fixed
command (this Python running `rajas_tui`, with no argument the page could give), with this
process's environment: the same saves folder, tables and settings as `rajas` in a terminal.
The app draws through Textual's web driver over pipes; the page, its script and its fonts all
come from this server, so a browser with no other network plays.

The page's socket starts an app: a page of another site, opened in the same browser, could open
that socket too (the browser lets it), so a socket is only accepted from the addresses the page is
served at (`Origin`).
"""

from __future__ import annotations

import asyncio
import ipaddress
import shlex
import signal
import socket
import sys
import weakref
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

from aiohttp import web
from textual_serve.server import Server

from rajas_tui.tui import private_textual

# The app each tab runs: fixed, and nothing from the page reaches it but the window's size.
COMMAND = shlex.join([sys.executable, "-m", "rajas_tui"])
PAGE = Path(__file__).parent / "web"


def is_loopback(host: str) -> bool:
    """Whether `host` names this machine only (nobody else can reach a port bound to it)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


WILDCARDS = ("0.0.0.0", "::", "")


def address(host: str, port: int) -> str:
    """The address to open in a browser for a server bound to `host` (every address of the
    machine: by the machine's name)."""
    if host in WILDCARDS:
        host = socket.gethostname()
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def origins_for(host: str, port: int, given: Iterable[str]) -> frozenset[str]:
    """The origins a page may open the game's socket from: those given (`--origin`, behind a
    proxy); else this server's own address, and for a loopback host its other loopback names.
    Empty for a wildcard bind with none given: then the origin must match the `Host` asked for."""
    chosen = {_origin(url) for url in given}
    if chosen:
        return frozenset(chosen)
    if host in WILDCARDS:
        return frozenset()
    names = {host}
    if is_loopback(host):
        names |= {"localhost", "127.0.0.1", "::1"}
    return frozenset(_origin(address(name, port)) for name in names)


def _origin(url: str) -> str:
    parts = urlsplit(url.strip())
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


_Protocol = TypeVar("_Protocol", bound=asyncio.BaseProtocol)

# An app whose input has ended ends as on a hang-up; one still running after this is killed.
HANG_UP_SECONDS = 5.0
KILLED_SECONDS = 5.0
EXITED_POLL_SECONDS = 0.02


class AppsLoop(asyncio.SelectorEventLoop):
    """The server's event loop, which keeps the transport of each app process started on it
    and ends them all before it closes. textual-serve keeps none (it starts each app with
    `asyncio.create_subprocess_shell`, which comes here), and aiohttp closes the loop once the
    sockets are done: an app that exited after that had its transport finalized on a closed
    loop (asyncio printed an exception ignored), and one still running outlived the server."""

    def __init__(self) -> None:
        super().__init__()
        self.apps: weakref.WeakSet[asyncio.SubprocessTransport] = weakref.WeakSet()

    async def subprocess_shell(
        self, protocol_factory: Callable[[], _Protocol], cmd: bytes | str, **options: Any
    ) -> tuple[asyncio.SubprocessTransport, _Protocol]:
        transport, protocol = await super().subprocess_shell(protocol_factory, cmd, **options)
        self.apps.add(transport)
        return transport, protocol

    def running(self) -> list[asyncio.SubprocessTransport]:
        """The apps whose transport is not closed yet."""
        return [app for app in self.apps if not app.is_closing()]

    async def end_apps(self) -> None:
        """Ends every app still running: waits for each to exit once hung up, kills what
        remains, and closes their transports while the loop can still run their callbacks."""
        apps = self.running()
        hang_up(apps)
        await _exited(apps, HANG_UP_SECONDS)
        for app in apps:
            app.close()  # kills the process if it still runs
        await _exited(apps, KILLED_SECONDS)
        await asyncio.sleep(0)  # the closed pipes' last callbacks

    def close(self) -> None:
        if not self.is_running() and not self.is_closed():
            self.run_until_complete(self.end_apps())
        super().close()


def hang_up(apps: Iterable[asyncio.SubprocessTransport]) -> None:
    """Closes each app's input: it ends as on a hang-up of its terminal (what was played is
    kept), and its end closes its tab's socket."""
    for app in apps:
        stdin = app.get_pipe_transport(0)
        if stdin is not None:
            stdin.close()


async def _exited(apps: Iterable[asyncio.SubprocessTransport], seconds: float) -> None:
    """Waits until every app's process has exited and been reaped, `seconds` at most."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while any(app.get_returncode() is None for app in apps) and loop.time() < deadline:
        await asyncio.sleep(EXITED_POLL_SECONDS)


class RajasServer(Server):
    """textual-serve's server with rajas's page and the socket's origin checked."""

    def __init__(self, host: str, port: int, origins: frozenset[str]) -> None:
        super().__init__(
            COMMAND,
            host=host,
            port=port,
            title="rajas",
            public_url=address(host, port).rstrip("/"),
            templates_path=PAGE,
        )
        self.origins = origins

    def allowed(self, request: web.Request) -> bool:
        """Whether the socket's request comes from the page as this server serves it. A
        request with no `Origin` comes from no browser, which no other site can send."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        if self.origins:
            return _origin(origin) in self.origins
        return urlsplit(origin).netloc.lower() == request.host.lower()

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if not self.allowed(request):
            raise web.HTTPForbidden(text="rajas: this page may not open the game.\n")
        return await super().handle_websocket(request)

    async def on_shutdown(self, app: web.Application) -> None:
        """The port is closed: every app is hung up now, so that each tab's socket closes
        rather than keeping the server up until the page stops answering."""
        loop = asyncio.get_running_loop()
        if isinstance(loop, AppsLoop):
            hang_up(loop.running())

    async def on_startup(self, app: web.Application) -> None:
        """textual-serve prints its banner here, before the port is listened on: rajas tells
        the address once it is (`serve`)."""

    def serve(self, debug: bool = False) -> None:
        """textual-serve's `serve`, telling the address to open once the port is listened on
        (aiohttp's `print`, which textual-serve silences)."""
        self.debug = debug
        self.initialize_logging()
        loop = AppsLoop()
        asyncio.set_event_loop(loop)
        loop.add_signal_handler(signal.SIGINT, self.request_exit)
        loop.add_signal_handler(signal.SIGTERM, self.request_exit)
        web.run_app(
            private_textual.web_application(self),
            host=self.host,
            port=self.port,
            handle_signals=False,
            loop=loop,
            print=lambda *said: print(
                f"rajas: open {address(self.host, self.port)} in a browser; Ctrl-C stops.",
                flush=True,
            ),
        )


def serve(host: str, port: int, origins: Iterable[str] = ()) -> int:
    """Serves the app until Ctrl-C (or SIGTERM); 1 if the port cannot be listened on."""
    if not is_loopback(host):
        print(
            f"rajas: warning: listening on {host}: anyone who can reach port {port} there can "
            "play, start games and load the saves of this account. Put it behind a password "
            "(docs/hosting.md).",
            file=sys.stderr,
            flush=True,
        )
    server = RajasServer(host, port, origins_for(host, port, origins))
    try:
        server.serve()
    except OSError as error:
        print(f"rajas: cannot listen on {host} port {port}: {error.strerror}.", file=sys.stderr)
        return 1
    print("rajas: the server stopped.", flush=True)
    return 0
