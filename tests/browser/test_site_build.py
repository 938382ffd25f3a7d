"""build.py assembles a complete, self-contained site (no browser needed)."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import tomllib
from pathlib import Path

import build
import pytest


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    return build.build(tmp_path_factory.mktemp("site") / "dist")


def sw_precache(dist: Path) -> list[str]:
    source = (dist / "sw.js").read_text()
    match = re.search(r"const PRECACHE = (\[.*?\]);", source, flags=re.S)
    assert match, "PRECACHE list missing from sw.js"
    return json.loads(match.group(1))


def test_pyscript_config_uses_the_vendored_interpreter(dist):
    config = tomllib.loads((dist / "pyscript.toml").read_text())
    interpreter = config["interpreter"]
    assert interpreter == "./vendor/pyodide/pyodide.mjs"
    assert (dist / interpreter).is_file()


def test_every_engine_module_and_the_call_door_are_shipped_into_pyodide(dist):
    config = tomllib.loads((dist / "pyscript.toml").read_text())
    engine = sorted(p.relative_to(build.ROOT).as_posix() for p in build.REMI.rglob("*.py")
                    if "__pycache__" not in p.parts)
    assert sorted(config.get("files", {}).values()) == sorted([*engine, "calls.py"])
    for source in config.get("files", {}):
        assert (dist / source).is_file()


def test_only_the_runtime_files_the_page_needs(dist):
    pyodide = sorted(p.name for p in (dist / "vendor" / "pyodide").iterdir())
    assert pyodide == sorted(build.PYODIDE_FILES)
    pyscript = {p.name for p in (dist / "vendor" / "pyscript").iterdir()}
    assert "core.js" in pyscript
    assert not any(name.startswith(("codemirror", "xterm", "zip-")) for name in pyscript)
    assert "service-worker.js" not in pyscript  # empty in these versions: never use it


def test_service_worker_precaches_the_whole_site(dist):
    files = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    assert set(sw_precache(dist)) == (files - {"sw.js"}) | {"./"}
    source = (dist / "sw.js").read_text()
    assert "__VERSION__" not in source and "__PRECACHE__" not in source
    assert re.search(r'const VERSION = "[0-9a-f]{12}";', source)


def test_service_worker_checks_every_file_it_caches(dist):
    """Each precached file carries its SHA-256 (subresource integrity): a file a deploy
    changed while the service worker installed fails the install (a QA pass saw one cache
    hold two builds' files), so the build running stays."""
    source = (dist / "sw.js").read_text()
    match = re.search(r"const INTEGRITY = (\{.*?\});", source, flags=re.S)
    assert match, "INTEGRITY missing from sw.js"
    integrity = json.loads(match.group(1))
    assert set(integrity) == set(sw_precache(dist))
    for url, value in integrity.items():
        body = (dist / ("index.html" if url == "./" else url)).read_bytes()
        assert value == "sha256-" + base64.b64encode(hashlib.sha256(body).digest()).decode(), url


def test_cache_version_follows_the_content(dist):
    files = sorted(p for p in dist.rglob("*") if p.is_file() and p.name != "sw.js")
    version = lambda: build.site_hash({str(p): build.sri(p) for p in files})   # noqa: E731
    before = version()
    assert version() == before
    page = dist / "index.html"
    page.write_text(page.read_text() + "<!-- changed -->")
    try:
        assert version() != before
    finally:
        page.write_text(page.read_text().removesuffix("<!-- changed -->"))


def test_manifest_and_icons(dist):
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        data = (dist / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            assert data.startswith(b"\x89PNG\r\n\x1a\n")
            width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            assert f"{width}x{height}" == icon["sizes"]
        else:
            assert data.startswith(b"<svg")


def test_chunk_stem_strips_the_bundler_hash():
    assert build.chunk_stem("toml-V4Savzlc.js") == "toml"
    assert build.chunk_stem("py-editor-C4XsZtn7.js") == "py-editor"
    assert build.chunk_stem("codemirror_lang-python-r-dBg-Wd.js") == "codemirror_lang-python"
