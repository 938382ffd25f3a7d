#!/usr/bin/env python3
"""Build, serve and test the Remi static site (standard library only).

    python3 build.py [build]              assemble the site into dist/
    python3 build.py serve [--port N]     build, then serve dist/ on 127.0.0.1
    python3 build.py test [PYTEST ARGS]   install missing test tools, ruff, pytest
    python3 build.py bench boot [--runs N]  page boot timings (bench/boot.py)
    python3 build.py bench [ARGS...]      engine benchmarks: python3 -m remi bench ARGS

The site is index.html + pyscript.toml + web/ + the remi/ package + the vendored
runtimes (Pyodide and PyScript from node_modules/) + a web manifest, icons and a
service worker that precaches everything under a content-hashed cache name.
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import importlib.util
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
REMI = ROOT / "remi"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_DIR = NODE_MODULES / "pyodide"
PYSCRIPT_DIR = NODE_MODULES / "@pyscript" / "core" / "dist"

# The only files a page needs from the pyodide npm package.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# PyScript's plugins: chunks its core loads with import() at every boot (checked in
# the browser). Their own lazy imports (code editor, terminal, ...) are left out.
PYSCRIPT_PLUGINS = frozenset(
    {"deprecations-manager", "donkey", "error", "py-editor", "py-game", "py-terminal", "toml"})
# Files in web/ that are sources for generated files, not copied as they are.
WEB_TEMPLATES = frozenset({"sw.js"})

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain",
    ".py": "text/plain",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
}

# What `build.py test` needs from PyPI (each package's import name is its own).
PIP_TOOLS = ("pytest", "hypothesis", "playwright", "ruff")
# Debian packages the tests use, by the program that shows they are there: the browser, and
# zbarimg to check that our QR codes decode.
DEBIAN_TOOLS = {"chromium": "chromium", "zbar-tools": "zbarimg"}

THEME_COLOUR = "#1d5e41"


# --------------------------------------------------------------------------- helpers


def run(cmd: list[str], cwd: Path = ROOT) -> int:
    """Run a command, echoing it first; return its exit code."""
    print("+", " ".join(cmd), flush=True)
    return subprocess.call(cmd, cwd=cwd)


def check(cmd: list[str]) -> None:
    """Run a command and stop the build if it fails."""
    code = run(cmd)
    if code:
        sys.exit(code)


def ensure_node_modules() -> None:
    """Install the pinned runtimes (and the tests' axe-core) from package-lock.json when missing."""
    needed = (PYODIDE_DIR / "pyodide.mjs", PYSCRIPT_DIR / "core.js", NODE_MODULES / "axe-core" / "axe.min.js")
    if not all(path.exists() for path in needed):
        check(["npm", "ci", "--no-audit", "--no-fund"])


def files_under(root: Path) -> Iterator[Path]:
    """Every regular file under root, sorted, skipping caches."""
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            yield path


def copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


# --------------------------------------------------------------------------- build


def build(dist: Path = DIST) -> Path:
    """Assemble the whole static site into dist/ and return its path."""
    ensure_node_modules()
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    copy(ROOT / "index.html", dist / "index.html")
    copy_web(dist)
    remi_files = copy_remi(dist)
    write_pyscript_toml(dist, remi_files)
    vendor_pyodide(dist / "vendor" / "pyodide")
    vendor_pyscript(dist / "vendor" / "pyscript")
    write_icons(dist / "icons")
    write_manifest(dist)
    version = write_service_worker(dist)
    print(f"built {dist} ({len(list(files_under(dist)))} files, cache {version})")
    return dist


def copy_web(dist: Path) -> None:
    for path in files_under(WEB):
        if path.name not in WEB_TEMPLATES:
            copy(path, dist / path.relative_to(ROOT))


def copy_remi(dist: Path) -> list[str]:
    """Copy the engine's .py files (if the package exists yet); return their paths."""
    if not REMI.is_dir():
        return []
    paths = [p for p in files_under(REMI) if p.suffix == ".py"]
    for path in paths:
        copy(path, dist / path.relative_to(ROOT))
    return [p.relative_to(ROOT).as_posix() for p in paths]


def write_pyscript_toml(dist: Path, remi_files: list[str]) -> None:
    """pyscript.toml plus a generated [files] table mapping remi/ and web/calls.py (as
    `calls`, the JS-to-Python door of both interpreters) into Pyodide's FS."""
    text = (ROOT / "pyscript.toml").read_text()
    lines = ['"./web/calls.py" = "calls.py"'] + [f'"./{path}" = "{path}"' for path in remi_files]
    text = text.rstrip() + "\n\n[files]\n" + "\n".join(lines) + "\n"
    (dist / "pyscript.toml").write_text(text)


def vendor_pyodide(dst: Path) -> None:
    for name in PYODIDE_FILES:
        copy(PYODIDE_DIR / name, dst / name)


def vendor_pyscript(dst: Path) -> None:
    for name in pyscript_modules():
        copy(PYSCRIPT_DIR / name, dst / name)


def pyscript_modules() -> list[str]:
    """core.js, its boot-time plugins, and everything those import statically."""
    core = static_imports(["core.js"])
    dynamic = re.compile(r'import\(\s*"\./([^"]+\.js)"\s*\)')
    plugins = [found for name in core for found in dynamic.findall(pyscript_source(name))
               if chunk_stem(found) in PYSCRIPT_PLUGINS]
    return sorted(static_imports([*core, *plugins]))


def static_imports(names: Iterable[str]) -> set[str]:
    """The given PyScript modules and all they import statically, transitively."""
    static = re.compile(r'(?:from|import)\s*"\./([^"]+\.js)"')
    found: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name not in found:
            found.add(name)
            todo += static.findall(pyscript_source(name))
    return found


def pyscript_source(name: str) -> str:
    return (PYSCRIPT_DIR / name).read_text()


def chunk_stem(name: str) -> str:
    """'toml-V4Savzlc.js' -> 'toml' (the bundler appends an 8-character hash)."""
    return re.sub(r"-[A-Za-z0-9_-]{8}\.js$", "", name)


def write_manifest(dist: Path) -> None:
    manifest = {
        "name": "Remi",
        "short_name": "Remi",
        "description": "Romanian tile rummy — plays offline in your browser.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": THEME_COLOUR,
        "theme_color": THEME_COLOUR,
        "icons": [
            {"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
        ],
    }
    (dist / "manifest.webmanifest").write_text(json.dumps(manifest, indent=2) + "\n")


def write_service_worker(dist: Path) -> str:
    """dist/sw.js from web/sw.js: precache list, each file's SHA-256 (subresource integrity:
    a file a deploy changed mid-install fails the install, not mixes two builds in one cache)
    and a cache version hashing the site."""
    files = [p for p in files_under(dist) if p.name != "sw.js"]
    integrity = {p.relative_to(dist).as_posix(): sri(p) for p in files}
    version = site_hash(integrity)
    integrity = {"./": integrity["index.html"], **integrity}
    urls = list(integrity)
    source = (WEB / "sw.js").read_text()
    source = source.replace('"__VERSION__"', json.dumps(version))
    source = source.replace("[/* __PRECACHE__ */]", json.dumps(urls, indent=2))
    source = source.replace("{/* __INTEGRITY__ */}", json.dumps(integrity, indent=2))
    (dist / "sw.js").write_text(source)
    return version


def sri(path: Path) -> str:
    """A file's subresource integrity string (what fetch() checks the body against)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


def site_hash(integrity: dict[str, str]) -> str:
    """The cache's version: a hash of every file's path and SHA-256 (`sri`), each read once."""
    digest = hashlib.sha256()
    for url, file_hash in integrity.items():
        digest.update(f"{url}\0{file_hash}\0".encode())
    return digest.hexdigest()[:12]


# --------------------------------------------------------------------------- icons
# One drawing, two outputs: an SVG, and PNGs rasterised here (no image library).
# Three tiles of a run on the felt, coordinates in a 100x100 box.


class Shape(NamedTuple):
    kind: str  # "rect" (x, y = top-left corner) or "circle" (x, y = centre, r = radius)
    x: float
    y: float
    w: float = 0
    h: float = 0
    r: float = 0
    colour: str = "#000000"  # "#rrggbb" or "#rrggbbaa"


def icon_shapes() -> list[Shape]:
    shapes = [Shape("rect", 0, 0, 100, 100, 22, THEME_COLOUR),   # felt
              Shape("rect", 6, 6, 88, 88, 18, "#236b4b")]        # inner felt
    for x, y, pip in ((13.5, 34, "#c8372d"), (38.5, 27, "#2a63ad"), (63.5, 34, "#1b1b1b")):
        shapes += [Shape("rect", x + 1.5, y + 2.5, 23, 36, 5, "#00000055"),  # shadow
                   Shape("rect", x, y, 23, 36, 5, "#f7f0e1"),                # tile
                   Shape("rect", x + 3, y + 28, 17, 4.5, 2, "#e3d8bf"),      # tile foot
                   Shape("circle", x + 11.5, y + 14.5, r=7, colour=pip)]     # pip
    return shapes


ICON_SHAPES = icon_shapes()


def icon_svg() -> str:
    body = []
    for s in ICON_SHAPES:
        fill = f'fill="{s.colour[:7]}"'
        if len(s.colour) == 9:
            fill += f' fill-opacity="{int(s.colour[7:], 16) / 255:.2f}"'
        if s.kind == "rect":
            body.append(f'<rect x="{s.x}" y="{s.y}" width="{s.w}" height="{s.h}" '
                        f'rx="{s.r}" {fill}/>')
        else:
            body.append(f'<circle cx="{s.x}" cy="{s.y}" r="{s.r}" {fill}/>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            + "".join(body) + "</svg>\n")


def write_icons(dst: Path) -> None:
    dst.mkdir(parents=True, exist_ok=True)
    (dst / "icon.svg").write_text(icon_svg())
    for size in (192, 512):
        (dst / f"icon-{size}.png").write_bytes(icon_png(size))


@functools.cache
def icon_png(size: int) -> bytes:
    scale = size / 100
    margin = 1 / scale
    rows = bytearray()
    for row in range(size):
        y = (row + 0.5) / scale
        shapes = []  # the shapes this scanline crosses, front-most first
        for s in reversed(ICON_SHAPES):
            top, bottom = extent(s, margin, vertical=True)
            if top <= y <= bottom:
                shapes.append((s, *extent(s, margin)))
        rows.append(0)  # PNG filter type "none" for this scanline
        for column in range(size):
            x = (column + 0.5) / scale
            rows += bytes(pixel(x, y, scale, [s for s, lo, hi in shapes if lo <= x <= hi]))
    return png_bytes(size, size, bytes(rows))


def extent(s: Shape, margin: float, vertical: bool = False) -> tuple[float, float]:
    """The shape's span along one axis, grown by margin."""
    if s.kind == "circle":
        centre = s.y if vertical else s.x
        return centre - s.r - margin, centre + s.r + margin
    start, length = (s.y, s.h) if vertical else (s.x, s.w)
    return start - margin, start + length + margin


def pixel(x: float, y: float, scale: float, shapes: list[Shape]) -> tuple[int, int, int, int]:
    """Antialiased colour of one pixel: the shapes composited front to back."""
    red = green = blue = alpha = 0.0  # premultiplied by alpha
    for s in shapes:
        if s.kind == "rect":
            distance = rounded_rect_distance(x, y, s)
        else:
            distance = math.hypot(x - s.x, y - s.y) - s.r
        coverage = min(1.0, max(0.0, 0.5 - distance * scale))
        if coverage == 0.0:
            continue
        r, g, b, opacity = rgba(s.colour)
        weight = (1 - alpha) * opacity * coverage
        red, green, blue = red + weight * r, green + weight * g, blue + weight * b
        alpha += weight
        if alpha > 0.999:
            break
    if alpha == 0.0:
        return 0, 0, 0, 0
    return (round(red / alpha * 255), round(green / alpha * 255), round(blue / alpha * 255),
            round(alpha * 255))


@functools.cache
def rgba(colour: str) -> tuple[float, float, float, float]:
    hex_digits = colour[1:] + ("ff" if len(colour) == 7 else "")
    r, g, b, a = (int(hex_digits[i:i + 2], 16) / 255 for i in (0, 2, 4, 6))
    return r, g, b, a


def rounded_rect_distance(px: float, py: float, s: Shape) -> float:
    """Signed distance from a point to a rounded rectangle (negative inside)."""
    qx = abs(px - (s.x + s.w / 2)) - (s.w / 2 - s.r)
    qy = abs(py - (s.y + s.h / 2)) - (s.h / 2 - s.r)
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - s.r


def png_bytes(width: int, height: int, raw_rows: bytes) -> bytes:
    """A minimal 8-bit RGBA PNG from filtered scanlines."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw_rows, 9)) + chunk(b"IEND", b""))


# --------------------------------------------------------------------------- serve


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types the runtimes need; no request logging."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def log_message(self, format: str, *args: object) -> None:
        pass


class StaticServer(http.server.ThreadingHTTPServer):
    """Ignores clients that hang up mid-response (a closed tab, a test's closed context)."""

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exception(), ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int = 0,
                handler: type[StaticHandler] = StaticHandler) -> StaticServer:
    """A static server for directory on 127.0.0.1 (port 0 = any free port)."""
    bound = functools.partial(handler, directory=str(directory))
    return StaticServer(("127.0.0.1", port), bound)


def serve(port: int) -> None:
    build()
    server = make_server(DIST, port)
    print(f"serving dist/ at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --------------------------------------------------------------------------- test


def ensure_test_tools() -> None:
    missing = [name for name in PIP_TOOLS if importlib.util.find_spec(name) is None]
    if missing:
        check([sys.executable, "-m", "pip", "install", "-q", *missing])
    ensure_node_modules()
    debian = [package for package, program in DEBIAN_TOOLS.items() if not shutil.which(program)]
    if debian:
        if os.geteuid() == 0:
            check(["apt-get", "update", "-qq"])
            check(["apt-get", "install", "-y", "-qq", *debian])
        else:
            print(f"note: {', '.join(debian)} missing and we are not root; "
                  "the tests that need them will be skipped outside CI")


def test(pytest_args: list[str]) -> int:
    ensure_test_tools()
    lint_targets = [p for p in ("remi", "tests", "web", "build.py", "bench")
                    if (ROOT / p).exists()]
    code = run([sys.executable, "-m", "ruff", "check", *lint_targets])
    if code:
        return code
    code = run([sys.executable, "-m", "pytest", "-q", "tests", *pytest_args])
    if code == 5:  # pytest: no tests collected
        print("pytest collected no tests")
        return 0
    return code


# --------------------------------------------------------------------------- bench


def bench(args: list[str]) -> int:
    """`bench boot ...`: page boot timings; `bench ...`: the engine's own benchmarks."""
    if args[:1] == ["boot"]:
        return run([sys.executable, str(ROOT / "bench" / "boot.py"), *args[1:]])
    if not (REMI / "__main__.py").exists():
        print("the engine has no command line yet (remi/__main__.py); "
              "`python3 build.py bench boot` times the page boot")
        return 1
    return run([sys.executable, "-m", "remi", "bench", *args])


# --------------------------------------------------------------------------- main


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="build",
                        choices=["build", "serve", "test", "bench"])
    parser.add_argument("--port", type=int, default=8000, help="port for `serve`")
    args, rest = parser.parse_known_args(argv)
    if args.command == "build":
        build()
        return 0
    if args.command == "serve":
        serve(args.port)
        return 0
    if args.command == "test":
        return test(rest)
    return bench(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
