#!/usr/bin/env bash
# Redraws the sign-up form's state machine in Examples/SignUp/README.md, between its
# "state machine" markers, from an exploration: `braid-demo explore signup --seed 0 --steps
# 100000 --mermaid`. ExplorationTests' SignUpStateMachineTests fails until it is rerun after a
# change to the form or to the exploration.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product braid-demo >/dev/null
graph=$(mktemp -u)
trap 'rm -f "$graph"' EXIT
.build/debug/braid-demo explore signup --seed 0 --steps 100000 --mermaid "$graph" >/dev/null
python3 - "$graph" Examples/SignUp/README.md <<'PY'
import sys
graph, readme = sys.argv[1], sys.argv[2]
text = open(readme).read()
start, end = "<!-- state machine: begin -->\n", "<!-- state machine: end -->"
head, rest = text.split(start)
_, tail = rest.split(end)
open(readme, "w").write(head + start + "```mermaid\n" + open(graph).read() + "```\n" + end + tail)
PY
echo "redrew the state machine in Examples/SignUp/README.md"
