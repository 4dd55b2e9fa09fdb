#!/usr/bin/env bash
# Replays a large trace with `braid-demo replay` and prints its peak resident memory: the
# replay reads a trace as a stream, so its memory must not grow with the trace.
#
#   Scripts/replay-memory.sh WORKDIR [MEGABYTES] [BRAID_DEMO]
#
# The trace is a real recording of the counter (`braid-demo counter --interactive --record`,
# alternating - and +, so its states repeat every 20 actions, its keyframe period included),
# whose body is then repeated until the file reaches MEGABYTES (default 1024). Every repeated
# action is replayed and its digest checked like any other. BRAID_DEMO defaults to a release
# build (`swift build -c release --product braid-demo`). Needs GNU time (/usr/bin/time).
set -euo pipefail
work=${1:?usage: $0 WORKDIR [MEGABYTES] [BRAID_DEMO]}
megabytes=${2:-1024}
cd "$(dirname "$0")/.."
demo=${3:-$(swift build -c release --product braid-demo --show-bin-path)/braid-demo}
[ -x "$demo" ] || { echo "replay-memory: build it first: swift build -c release --product braid-demo" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "replay-memory: needs GNU time (/usr/bin/time)" >&2; exit 1; }
mkdir -p "$work"
seed="$work/seed.trace" big="$work/big.trace"
rm -f "$seed" "$big"
for _ in $(seq 1 10); do printf -- '-\n+\n'; done | "$demo" counter --interactive --record "$seed" >/dev/null
python3 - "$seed" "$big" "$megabytes" <<'PY'
import sys
seed, big, megabytes = sys.argv[1], sys.argv[2], int(sys.argv[3])
lines = open(seed, "rb").read().splitlines(keepends=True)
# The header, the initial state, then the 20 actions' lines up to the store's release.
ends = (b'"event":"released"', b'"event":"mounted"')
head = lines[:2]
body = [l for l in lines[2:] if not any(e in l for e in ends)]
tail = [l for l in lines[2:] if b'"event":"released"' in l]
block = b"".join(body)
with open(big, "wb") as out:
    out.write(b"".join(head))
    written = 0
    while written < megabytes * 1024 * 1024:
        out.write(block)
        written += len(block)
    out.write(b"".join(tail))
PY
echo "trace: $(stat -c %s "$big") bytes"
/usr/bin/time -f "replay: %e s, peak resident %M KB" "$demo" replay "$big"
