"""The page boots: frame first, then Python; nothing leaves the machine; works offline."""

from __future__ import annotations

import json
import threading
import time

import build
import pytest

from browser_helpers import (
    READY_TIMEOUT_MS,
    remi_call,
    screenshot_path,
    wait_python_ready,
    wait_service_worker,
)


def hold_requests(page, pattern: str) -> list:
    """Routes matching requests into a list, unanswered, until the test continues them."""
    held: list = []
    page.route(pattern, lambda route: held.append(route))
    return held


def release(page, held: list) -> None:
    """Continues every held request, and lets later ones through."""
    page.route("**/pyodide.asm.wasm", lambda route: route.continue_())
    for route in held:
        route.continue_()


def pump_until(page, condition, timeout_s: float = 30) -> None:
    """Lets Playwright dispatch events (route handlers) until condition() holds."""
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        page.wait_for_timeout(50)


def test_frame_paints_before_python_then_python_answers(page, site_url, tmp_path):
    held = hold_requests(page, "**/pyodide.asm.wasm")
    page.goto(site_url, wait_until="domcontentloaded")
    page.wait_for_function("document.querySelector('#loading-step').textContent !== ''")
    pump_until(page, lambda: held)

    # Python cannot start without its wasm: whatever shows now came before Python.
    assert page.evaluate("window.remiReady") is None
    assert page.locator("#table").is_visible()
    assert page.locator("#rack").is_visible()
    assert page.locator("#loading").is_visible()
    page.wait_for_timeout(1500)  # let the bar creep, for the screenshot too
    width = page.evaluate("parseFloat(document.querySelector('#progress-bar').style.width)")
    assert 2 < width < 100
    page.screenshot(path=str(screenshot_path("loading.png", tmp_path)), animations="disabled")

    release(page, held)
    wait_python_ready(page)
    answer = json.loads(remi_call(page, "ping"))
    assert answer["ok"] is True
    assert answer["python"].startswith("3.")
    assert answer["remi"] is build.REMI.is_dir(), answer["remi_error"]
    assert answer["bridge"] is (build.REMI / "bridge.py").exists(), answer["bridge_error"]
    page.locator("#loading").wait_for(state="hidden")
    # the first open deals a game: the bar names it; readiness and Python's version on hover
    assert page.locator("#status").inner_text() == "Remi Etalat · runda 1"   # Romanian by default
    assert page.locator("#status").get_attribute("title") == (
        f"Gata de joc · Python {answer['python'].split()[0]}")


def test_the_loading_bar_keeps_moving_until_the_engine_is_ready(page, site_url):
    """On a slow phone the bar stood at 95 % for the last 12 s of a load (a QA pass thought the
    page stuck): after PyScript's last step the bar still moves, slower and slower, and does
    not fill until the page is ready. (The loading screen's own module, driven by hand.)"""
    page.goto(site_url)
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)
    widths = page.evaluate("""async () => {
        const { showLoading } = await import(new URL("web/loading.js", location.href));
        const loading = showLoading();
        window.dispatchEvent(new CustomEvent("py:progress", { detail: "Loaded files" }));
        const width = () => parseFloat(document.getElementById("progress-bar").style.width);
        const widths = [];
        for (const wait of [4000, 4000]) {
          await new Promise((resolve) => setTimeout(resolve, wait));
          widths.push(width());
        }
        loading.finish();
        return widths; }""")
    assert 85 < widths[0] < widths[1] < 99, widths


def test_unknown_call_is_an_error_not_a_crash(page, site_url):
    page.goto(site_url)
    wait_python_ready(page)
    answer = json.loads(remi_call(page, "no_such_call", "{}"))
    assert (answer["ok"], answer["error"]) == (False, "unknown call: no_such_call")
    answer = json.loads(remi_call(page, "ping", "not json"))
    assert answer["ok"] is False and "JSONDecodeError" in answer["error"]


@pytest.mark.skipif(not (build.REMI / "bridge.py").exists(), reason="no remi/bridge.py yet")
def test_remi_call_reaches_the_engine_bridge(page, site_url):
    page.goto(site_url)
    wait_python_ready(page)
    answer = json.loads(remi_call(page, "new_game", json.dumps({"seed": "7"})))
    assert answer["ok"] is True, answer
    assert isinstance(answer["result"], dict)
    # Names the bridge merely imports are not part of the API.
    assert json.loads(remi_call(page, "dataclass"))["ok"] is False


def test_only_local_requests_and_no_missing_files(page, site_url, guard):
    failed: list[str] = []
    page.on("response", lambda r: r.status >= 400 and failed.append(f"{r.status} {r.url}"))
    page.goto(site_url)
    wait_python_ready(page)
    wait_service_worker(page)
    assert failed == []
    assert guard.foreign == []


def test_reload_offline_through_the_service_worker(page, context, site_url):
    page.goto(site_url)
    wait_python_ready(page)
    wait_service_worker(page)
    page.wait_for_function("document.getElementById('status').title"
                           ".startsWith('Gata de joc · merge și fără internet · Python')")
    cached = page.evaluate("""async () => {
        const names = (await caches.keys()).filter((name) => name.startsWith("remi-"));
        const cache = await caches.open(names[0]);
        return { names, urls: (await cache.keys()).map((request) => request.url) };
    }""")
    assert len(cached["names"]) == 1
    assert any(url.endswith("/pyodide.asm.wasm") for url in cached["urls"])
    assert any(url.endswith("/web/main.py") for url in cached["urls"])

    context.set_offline(True)
    from_worker: dict[str, bool] = {}
    page.on("response", lambda r: from_worker.update({r.url: r.from_service_worker}))
    page.reload()
    wait_python_ready(page)
    assert json.loads(remi_call(page, "ping"))["ok"] is True
    wasm = [url for url in from_worker if url.endswith("/pyodide.asm.wasm")]
    assert wasm and from_worker[wasm[0]] is True
    assert from_worker[site_url] is True


INSTALL = """async () => {
    const registration = await navigator.serviceWorker.register('./sw.js');
    const worker = registration.installing ?? registration.waiting ?? registration.active;
    if (worker.state === 'activated' || worker.state === 'redundant') return worker.state;
    return new Promise((resolve) => worker.addEventListener('statechange', () => {
        if (worker.state === 'activated' || worker.state === 'redundant') resolve(worker.state);
    }));
}"""


def test_a_file_that_is_not_the_built_one_fails_the_service_worker_install(
        browser, guard, site_url, tmp_path):
    """A deploy that changes a file while the service worker installs (a QA pass saw one
    cache hold two builds' files): the file's bytes do not match sw.js's SHA-256, the
    install fails, and nothing is cached for that build."""
    dist = build.build(tmp_path / "dist")
    style = dist / "web" / "style.css"
    style.write_text(style.read_text() + "/* the next build's */\n")
    server = build.make_server(dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        for url, expected in ((site_url, "activated"),
                              (f"http://127.0.0.1:{server.server_address[1]}/", "redundant")):
            context = browser.new_context()
            context.route("**/*", guard.route)
            page = context.new_page()
            page.goto(url)
            assert page.evaluate(INSTALL) == expected, url
            if expected == "redundant":
                assert page.evaluate("navigator.serviceWorker.controller") is None
                assert page.evaluate("caches.keys()") == []     # nothing half-filled is left
            context.close()
    finally:
        server.shutdown()
        server.server_close()
    assert guard.foreign == []


class RecordingHandler(build.StaticHandler):
    """Serves the site and notes every path asked for."""
    asked: list[str] = []

    def do_GET(self) -> None:
        type(self).asked.append(self.path)
        super().do_GET()


def test_a_new_build_downloads_only_the_files_that_changed(browser, guard, tmp_path):
    """A QA pass: every deploy downloaded the whole site again (~14 MB, the interpreter
    too) for one changed file. The new build's service worker copies from the old cache
    every file whose bytes it names, and downloads the rest."""
    dist = build.build(tmp_path / "dist")
    server = build.make_server(dist, handler=RecordingHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context()
    context.route("**/*", guard.route)
    page = context.new_page()
    try:
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
        wait_python_ready(page)
        wait_service_worker(page)
        assert "/vendor/pyodide/pyodide.asm.wasm" in RecordingHandler.asked

        style = dist / "web" / "style.css"
        style.write_text(style.read_text() + "/* the next build's */\n")
        version = build.write_service_worker(dist)
        RecordingHandler.asked.clear()
        page.reload()
        pump_until(page, lambda: page.evaluate("navigator.serviceWorker.getRegistration()"
                                               ".then((r) => r?.waiting?.state === 'installed')"),
                   timeout_s=READY_TIMEOUT_MS / 1000)
        asked = sorted(path.split("?")[0] for path in RecordingHandler.asked)
        assert asked == ["/sw.js", "/web/style.css"], asked
        cached = page.evaluate("""async (name) => {
            const cache = await caches.open(name);
            const style = await cache.match('web/style.css');
            return [(await cache.keys()).length, (await style.text()).endsWith("build's */\\n")];
        }""", f"remi-{version}")
        precache = len(json.loads((dist / "sw.js").read_text()
                                  .split("const PRECACHE = ", 1)[1].split(";", 1)[0]))
        assert cached == [precache, True]
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    assert guard.foreign == []


def test_a_build_that_cannot_start_says_so_and_gives_way_to_a_fixed_one(browser, guard, tmp_path):
    """A QA pass: once a build whose modules do not link had been accepted, every reload
    showed the loading card forever, though a fixed build had installed and was waiting
    (offline.js, which offers it, is one of the modules that did not run). Now the card says
    the page could not start, and the fixed build takes over by itself."""
    dist = build.build(tmp_path / "dist")
    app = dist / "web" / "app.js"
    good = app.read_text()
    server = build.make_server(dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context()
    context.route("**/*", guard.route)
    page = context.new_page()
    wait = {"timeout": READY_TIMEOUT_MS}
    try:
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
        wait_python_ready(page)
        wait_service_worker(page)

        # a build whose app.js imports a name loading.js does not export, accepted
        app.write_text(good.replace("{ showLoading }", "{ showLoadingGone }", 1))
        build.write_service_worker(dist)
        page.reload()
        # (wait_for_function takes a Promise for true: ask until the answer is)
        pump_until(page, lambda: page.evaluate("navigator.serviceWorker.getRegistration()"
                                               ".then((r) => r?.waiting?.state === 'installed')"),
                   timeout_s=READY_TIMEOUT_MS / 1000)
        page.evaluate("""async () => {
            navigator.serviceWorker.addEventListener('controllerchange',
                () => { window.switched = true; });
            (await navigator.serviceWorker.getRegistration()).waiting.postMessage('skip-waiting');
        }""")
        page.wait_for_function("window.switched === true", **wait)
        page.reload()
        error = page.locator("#loading-error")
        error.wait_for(state="visible", **wait)
        assert error.inner_text().startswith("Remi nu a putut porni.")   # a ro-RO browser
        assert page.evaluate("window.remiStarted") is None
        assert page.locator("#loading").is_visible()

        # the fix deployed: the next reload starts the broken build once more, which finds
        # the fixed one and gives way to it
        app.write_text(good)
        build.write_service_worker(dist)
        page.reload()
        page.wait_for_function("document.body.dataset.ready === '1'", **wait)
        assert page.evaluate("window.remiStarted") is True
        assert page.locator("#loading-error").is_hidden()
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    assert guard.foreign == []


def test_page_boots_without_the_engine(browser, guard, tmp_path, monkeypatch):
    """Before remi/ exists (or if it is removed), the page still reaches Python ready."""
    monkeypatch.setattr(build, "REMI", tmp_path / "no-remi")
    server = build.make_server(build.build(tmp_path / "dist"))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context(service_workers="block")
    context.route("**/*", guard.route)
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
        wait_python_ready(page)
        answer = json.loads(remi_call(page, "ping"))
        assert answer["ok"] is True and answer["remi"] is False and answer["bridge"] is False
        assert "ModuleNotFoundError" in answer["remi_error"]
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    assert guard.foreign == []


def test_python_runs_in_the_worker_and_the_long_task_observer_works(page, site_url):
    """One interpreter, in the engine's worker (none on the main thread); the observer the
    game tests rely on does see a main-thread task that blocks."""
    page.goto(site_url)
    wait_python_ready(page)
    page.wait_for_function("document.body.dataset.engine === 'worker'")
    assert page.evaluate("typeof window.pyodide === 'undefined' && "
                         "!document.querySelector('script[type=py]')")
    # A page task of its own (a timer), not the test driver's evaluation, blocks 120 ms.
    page.evaluate("""() => setTimeout(() => {
        const end = performance.now() + 120; while (performance.now() < end); }, 0)""")
    page.wait_for_function("window.__longTasks && window.__longTasks.some(t => t.duration >= 100)")


def test_the_main_thread_fallback_uses_the_vendored_interpreter(page, site_url, guard):
    """With ?worker=0 (as when a worker cannot start) web/main.py runs on the main thread,
    still offline-capable: the page's <py-config> names the vendored Pyodide."""
    page.goto(f"{site_url}?worker=0")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
    assert page.evaluate("document.body.dataset.engine") == "main"
    assert json.loads(remi_call(page, "ping"))["remi"] is True
    assert guard.foreign == []
