"""Bots from elsewhere: an external program plays a seat over a line protocol, like a chess
engine over UCI (docs/bots.md, "External bots").

For each decision the program reads ONE line: the JSON object {"view": <the seat's view>,
"legal": [<legal action strings>]} and answers ONE line: an action string. An answer that
is not in the legal list, or that does not come within the time limit, is replaced by
`timeout` (C8) and reported. Lines that arrive late are dropped before the next question.
Only the seat's view ever reaches the program. This runs in CPython (the command line),
not in the browser.
"""

from __future__ import annotations

import json
import os
import selectors
import shlex
import subprocess
import time
from dataclasses import dataclass, field
from typing import Any

from .engine import legal_actions
from .state import RoundState
from .views import view

ANSWER_SECONDS = 5.0


@dataclass
class ExternalBot:
    command: str
    seconds: float = ANSWER_SECONDS
    reports: list[str] = field(default_factory=list)
    _process: subprocess.Popen | None = None
    _buffer: bytes = b""

    def start(self) -> None:
        self._process = subprocess.Popen(shlex.split(self.command), stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, bufsize=0)
        os.set_blocking(self._process.stdout.fileno(), False)

    def __call__(self, state: RoundState) -> str:
        if self._process is None:
            self.start()
        legal = [str(a) for a in legal_actions(state)]
        question = {"view": view(state, state.to_play), "legal": legal}
        self._drain()
        try:
            self._process.stdin.write((json.dumps(question) + "\n").encode())
            self._process.stdin.flush()
        except (BrokenPipeError, OSError):
            return self._replace(state, "the program is not running")
        answer = self._read_line()
        if answer is None:
            return self._replace(state, f"no answer within {self.seconds:g} s")
        if answer not in legal:
            return self._replace(state, f"illegal answer {answer[:80]!r}")
        return answer

    def _replace(self, state: RoundState, why: str) -> str:
        self.reports.append(f"turn {state.turn}, seat {state.to_play}: {why}; played timeout")
        return "timeout"

    def _drain(self) -> None:
        """Drop what a late answer left behind."""
        self._buffer = b""
        try:
            while self._process.stdout.read(65536):
                pass
        except (BlockingIOError, TypeError):
            pass

    def _read_line(self) -> str | None:
        deadline = time.monotonic() + self.seconds
        with selectors.DefaultSelector() as selector:
            selector.register(self._process.stdout, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    return None
                chunk = self._process.stdout.read(65536)
                if not chunk:                    # the program ended
                    return None
                self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        return line.decode("utf-8", "replace").strip()

    def close(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.wait()


def external_info(command: str) -> dict[str, Any]:
    return {"is_bot": True, "level": f"cmd:{command}", "name": f"AI cmd:{command}"}
