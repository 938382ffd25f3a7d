"""Every JS module of the page parses. A syntax error stops the whole page (every browser test
then times out waiting for it); this names the file and the line in a second."""

import shutil
import subprocess
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
MODULES = sorted(WEB.rglob("*.js"))

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js (the build's npm)")


def parse(source: bytes) -> subprocess.CompletedProcess:
    # `node --check file.js` takes a .js file for CommonJS and passes what it cannot read;
    # as a module from stdin it is parsed as the browser parses it
    return subprocess.run(["node", "--input-type=module", "--check"], input=source,
                          capture_output=True, check=False)


@pytest.mark.parametrize("module", MODULES, ids=lambda path: str(path.relative_to(WEB)))
def test_the_module_parses(module: Path) -> None:
    checked = parse(module.read_bytes())
    assert checked.returncode == 0, checked.stderr.decode()


def test_a_syntax_error_is_found() -> None:
    checked = parse(b"const what = 1 ? 2   // a comment that swallows the rest : 3;\n  ; let x = = 1;\n")
    assert checked.returncode != 0 and b"SyntaxError" in checked.stderr
