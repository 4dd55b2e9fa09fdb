#!/usr/bin/env bash
# Benchmarks/README.md's scale-out figures: Scripts/scale-out-test.sh at 1, 2 and 3 server processes
# (no server killed), and once at 1 on SQLite, on this machine, with the yescrypt share of
# the servers' CPU. Prints a Markdown table.
#
# Usage: Scripts/scale-out-figures.sh WORKDIR [CLIENTS (600)]
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(realpath -m "${1:?usage: $0 WORKDIR [CLIENTS]}")
clients=${2:-600}
mkdir -p "$work"
for servers in 1 2 3; do
  Scripts/scale-out-test.sh "$work/postgres-$servers" "$servers" "$clients" --no-kill | tail -n 2 >&2
done
BRAID_SCALE_OUT_STORE=sqlite Scripts/scale-out-test.sh "$work/sqlite-1" 1 "$clients" --no-kill | tail -n 2 >&2
# One yescrypt hash's CPU time (user + system), through the same libcrypt, with a stored hash's
# own salt and parameters.
/usr/bin/python3 -W ignore - "$work" <<'PY'
import crypt, json, resource, sys
work = sys.argv[1]
figures = {name: json.load(open(f"{work}/{name}/figures.json"))
           for name in ("postgres-1", "postgres-2", "postgres-3", "sqlite-1")}
stored = figures["postgres-1"]["hash"]
def cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime
start = cpu()
for _ in range(40):
    assert crypt.crypt("correct horse battery", stored) == stored
hash_cpu = (cpu() - start) / 40
print(f"One yescrypt hash: {hash_cpu * 1000:.1f} ms of CPU.\n")
print("| store | servers | sign-ups/s | p50 | p99 | CPU per sign-up (servers + database) | yescrypt share of the servers' CPU |")
print("|---|---:|---:|---:|---:|---:|---:|")
for name, store, servers in (("postgres-1", "PostgreSQL", 1), ("postgres-2", "PostgreSQL", 2),
                             ("postgres-3", "PostgreSQL", 3), ("sqlite-1", "SQLite", 1)):
    f = figures[name]
    per = (f["serveCPU"] + (f["databaseCPU"] if store == "PostgreSQL" else 0)) / f["signUps"]
    share = f["signUps"] * hash_cpu / f["serveCPU"]
    print(f"| {store} | {servers} | {f['signUps'] / f['seconds']:.1f} | {f['p50']:,.0f} ms | {f['p99']:,.0f} ms | "
          f"{per * 1000:.1f} ms | {share * 100:.0f} % |")
PY
