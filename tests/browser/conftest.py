"""Playwright fixtures for the browser tests: a freshly built site on 127.0.0.1,
Debian's Chromium, and contexts that fail the test on any non-local request."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(Path(__file__).parent)]

import build  # noqa: E402  (build.py lives at the repository root)
from browser_helpers import LONG_TASK_OBSERVER  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost"}


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """Builds dist/ once and serves it on a free port of 127.0.0.1."""
    dist = build.build()
    server = build.make_server(dist)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, headless. Missing Chromium skips, except in CI where it fails."""
    if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        # The page speaks the browser's language until the player picks one; the tests read
        # Romanian unless they ask for another locale (Chromium's own is en-US).
        make_context = browser.new_context
        browser.new_context = lambda **options: make_context(**{"locale": "ro-RO", **options})
        yield browser
        browser.close()


class Guard:
    """Aborts and records every request that would leave this machine."""

    def __init__(self) -> None:
        self.foreign: list[str] = []

    def is_local(self, url: str) -> bool:
        parts = urlsplit(url)
        return parts.scheme in {"data", "blob"} or parts.hostname in LOCAL_HOSTS

    def route(self, route) -> None:
        if self.is_local(route.request.url):
            route.continue_()
        else:
            self.foreign.append(route.request.url)
            route.abort()

    def on_request(self, request) -> None:
        """Also sees requests that bypass routing (service worker, preloads)."""
        if not self.is_local(request.url) and request.url not in self.foreign:
            self.foreign.append(request.url)


@pytest.fixture
def guard() -> Guard:
    return Guard()


@pytest.fixture
def context(browser, guard: Guard):
    """A fresh browser context (own cache, own service workers), guarded."""
    context = browser.new_context()
    context.route("**/*", guard.route)
    context.on("request", guard.on_request)
    yield context
    context.close()
    assert guard.foreign == [], f"non-local requests: {guard.foreign}"


@pytest.fixture
def page(context):
    page = context.new_page()
    page.add_init_script(LONG_TASK_OBSERVER)
    return page


@pytest.fixture
def new_context(browser):
    """Makes more guarded contexts (other players); none may request a foreign host."""
    made = []

    def make(**options):
        guard = Guard()
        context = browser.new_context(**options)
        context.route("**/*", guard.route)
        context.on("request", guard.on_request)
        made.append((context, guard))
        return context

    yield make
    for context, guard in made:
        context.close()
        assert guard.foreign == [], f"non-local requests: {guard.foreign}"


@pytest.fixture
def relay():
    """A Nostr-style relay on 127.0.0.1 (tests/relay/nostr_relay.py)."""
    from tests.relay.nostr_relay import Relay

    relay = Relay().start()
    yield relay
    relay.stop()


@pytest.fixture
def stun():
    """A STUN server on 127.0.0.1 (tests/relay/stun_server.py)."""
    from tests.relay.stun_server import StunServer

    server = StunServer().start()
    yield server
    server.stop()


@pytest.fixture
def phone(browser, guard: Guard):
    """A page in a phone's portrait viewport (390×844, touch), guarded like `page`."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    context.route("**/*", guard.route)
    context.on("request", guard.on_request)
    yield context.new_page()
    context.close()
    assert guard.foreign == [], f"non-local requests: {guard.foreign}"
