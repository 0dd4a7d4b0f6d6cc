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
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import urlsplit

from aiohttp import web
from textual_serve.server import Server

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

    async def on_startup(self, app: web.Application) -> None:
        """textual-serve prints its banner here, before the port is listened on: rajas tells
        the address once it is (`serve`)."""

    def serve(self, debug: bool = False) -> None:
        """textual-serve's `serve`, telling the address to open once the port is listened on
        (aiohttp's `print`, which textual-serve silences)."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        loop.add_signal_handler(signal.SIGINT, self.request_exit)
        loop.add_signal_handler(signal.SIGTERM, self.request_exit)
        web.run_app(
            self._make_app(),
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
