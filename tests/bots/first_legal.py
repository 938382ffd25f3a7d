"""A tiny external Remi bot: reads one JSON line {"view", "legal"} per decision and answers
the first legal action — or, with the argument `bad`, an illegal one every fifth time."""

import json
import sys

bad = sys.argv[1:] == ["bad"]
for number, line in enumerate(sys.stdin):
    question = json.loads(line)
    legal = question["legal"]
    answer = "discard Q9" if bad and number % 5 == 4 else legal[-1]
    print(answer, flush=True)
