"""Headless Chromium on a page of `rajas serve`, through Debian's chromedriver (Selenium).

The terminal in the page draws on a canvas, so the screen's text is read from what the app sends
the page: the socket's frames, as Chromium's DevTools log reports them, with the terminal's
escape sequences taken out. Keys go to the terminal's own input, as a player's typing does. The
browser reaches nothing but the server: every other host name fails to resolve.
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None, reason="chromium and chromedriver are not installed"
)

# Control sequences (CSI, OSC, charset choices) and the bare escapes left.
_ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b."
)


class Page:
    """One browser tab on the served app."""

    def __init__(self, driver: object, shots: Path) -> None:
        self.driver = driver
        self.shots = shots
        self.text = ""  # what the app has drawn so far, without escape sequences
        self.requests: list[str] = []  # every address on the network the page asked for

    def _read_log(self) -> None:
        for entry in self.driver.get_log("performance"):  # type: ignore[attr-defined]
            message = json.loads(entry["message"])["message"]
            method, params = message["method"], message["params"]
            if method == "Network.webSocketFrameReceived":
                response = params["response"]
                data = response["payloadData"]
                if response["opcode"] == 2:
                    data = base64.b64decode(data).decode("utf-8", "replace")
                self.text += _ESCAPES.sub("", data)
            elif method in ("Network.requestWillBeSent", "Network.webSocketCreated"):
                address = params["request"]["url"] if "request" in params else params["url"]
                if address.startswith(("http:", "https:", "ws:", "wss:")):  # not the browser's own
                    self.requests.append(address)

    def mark(self) -> int:
        """Where the text drawn from now on starts."""
        self._read_log()
        return len(self.text)

    def wait(self, found: Callable[[str], bool], since: int = 0, seconds: float = 30.0) -> str:
        """The text drawn since `since`, once `found` holds for it."""
        deadline = time.monotonic() + seconds
        while True:
            self._read_log()
            drawn = self.text[since:]
            if found(drawn):
                return drawn
            if time.monotonic() > deadline:
                raise AssertionError(f"not drawn in {seconds} s; the last drawn: {drawn[-1500:]!r}")
            time.sleep(0.1)

    def keys(self, *keys: str) -> None:
        """Types into the terminal, one key after another, as a person does: to the terminal's
        input, focused, through the keyboard. Chromium 150's driver refuses to type into that
        input directly, which xterm.js keeps out of sight."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By

        terminal = self.driver.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")  # type: ignore[attr-defined]
        self.driver.execute_script("arguments[0].focus();", terminal)  # type: ignore[attr-defined]
        for key in keys:
            ActionChains(self.driver).send_keys(key).perform()  # type: ignore[arg-type]

    def press(self, *names: str) -> None:
        """Types keys named as the app names them ("enter", "escape", "up", "q", ...)."""
        from selenium.webdriver.common.keys import Keys

        named = {"enter": Keys.ENTER, "escape": Keys.ESCAPE, "tab": Keys.TAB, "space": " "}
        named |= {
            way: getattr(Keys, f"ARROW_{way.upper()}") for way in ("up", "down", "left", "right")
        }
        self.keys(*(named.get(name, name) for name in names))

    def shift_tab(self) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        chain = ActionChains(self.driver)  # type: ignore[arg-type]
        chain.key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()


@contextmanager
def open_page(url: str, tmp_path: Path) -> Iterator[Page]:
    """A headless Chromium tab on `url`; on a failure inside, a screenshot is kept in
    `tmp_path` and its path printed."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    assert CHROMIUM is not None and CHROMEDRIVER is not None
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",  # as root (CI's container), Chromium refuses to start sandboxed
        "--disable-dev-shm-usage",
        "--window-size=1280,900",
        f"--user-data-dir={tmp_path / 'chromium'}",
        # No network but the server: any other host fails to resolve.
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    page = Page(driver, tmp_path)
    try:
        driver.get(url)
        yield page
    except BaseException:
        shot = tmp_path / "browser.png"
        driver.save_screenshot(str(shot))
        print(f"the browser's screen at the failure: {shot}")
        raise
    finally:
        driver.quit()
