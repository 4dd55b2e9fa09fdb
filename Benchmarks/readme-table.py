#!/usr/bin/env python3
"""Writes the benchmark results into Benchmarks/README.md (every row against its target, and
braid-bench's own table) and six rows of them into README.md, from one full `braid-bench --json`
run and one `instructions.sh` run, both at the current commit.

    Benchmarks/readme-table.py                 runs both (about 12 minutes on 2 cores), then writes
    Benchmarks/readme-table.py --from DIR      writes from a run saved earlier in DIR
    Benchmarks/readme-table.py --allow-dirty   measures a tree with uncommitted changes

Each run is saved in Benchmarks/.build/readme-table/COMMIT/ (bench.json, instructions.md,
run.json). Only the regions between `<!-- benchmarks:begin -->` and `<!-- benchmarks:end -->` in
each README, and between `<!-- targets:begin -->` and `<!-- targets:end -->` in Benchmarks/README.md,
are replaced, so nothing in those tables is typed by hand. The targets are
constants here (they are the project's goals, not measurements); the prose that explains where
the cost goes stays outside the regions, written by hand.
"""

import json
import os
import re
import subprocess
import sys
import textwrap
import time
from datetime import date

BENCHMARKS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCHMARKS)
BEGIN = "<!-- benchmarks:begin -->"
END = "<!-- benchmarks:end -->"
# Benchmarks/README.md's table of every row against its target (the top-level README shows six).
TARGETS_BEGIN = "<!-- targets:begin -->"
TARGETS_END = "<!-- targets:end -->"
# The rows the top-level README shows, by their first cell.
SUMMARY_ROWS = [
    "root send, 1 observer",
    "scoped send, plain features, depth 10",
    "`forEach` row send by id, 1,000 rows",
    "cancellable start + cancel",
    "10 derived observers by key path, 1 changes",
    "`@Shared` `withLock`, in memory",
]


def fail(message):
    print(f"readme-table: {message}", file=sys.stderr)
    sys.exit(1)


def git(*arguments):
    return subprocess.run(["git", "-C", ROOT, *arguments], check=True, capture_output=True, text=True).stdout.strip()


# Measuring


def measure(allow_dirty):
    commit = git("rev-parse", "--short", "HEAD")
    dirty = git("status", "--porcelain") != ""
    if dirty and not allow_dirty:
        fail("the tree has uncommitted changes: commit them first, so the README names what it measured "
             "(or pass --allow-dirty, and the README says so)")
    if dirty:
        print("readme-table: warning: measuring a tree with uncommitted changes", file=sys.stderr)
    directory = os.path.join(BENCHMARKS, ".build", "readme-table", commit + ("-dirty" if dirty else ""))
    os.makedirs(directory, exist_ok=True)
    subprocess.run(["swift", "build", "-c", "release", "--package-path", BENCHMARKS, "--product", "braid-bench"],
                   check=True)
    print("readme-table: braid-bench, full run (keep the machine quiet)…", file=sys.stderr)
    load_before = os.getloadavg()[0]
    started = time.monotonic()
    with open(os.path.join(directory, "bench.json"), "w") as out:
        subprocess.run([os.path.join(BENCHMARKS, ".build", "release", "braid-bench"), "--json"], check=True,
                       stdout=out)
    bench_minutes = (time.monotonic() - started) / 60
    # The 15-minute figure covers most of the run: how busy the shared machine was while timing.
    load_during = os.getloadavg()[2]
    print("readme-table: instructions.sh…", file=sys.stderr)
    with open(os.path.join(directory, "instructions.md"), "w") as out:
        subprocess.run([os.path.join(BENCHMARKS, "instructions.sh")], check=True, stdout=out)
    if git("rev-parse", "--short", "HEAD") != commit:
        fail("HEAD moved during the run; run again")
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as info:
            cpu = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    run = {
        "commit": commit,
        "dirty": dirty,
        "date": date.today().isoformat(),
        "swift": re.search(r"Swift version (\S+)", swift).group(1) if "Swift version" in swift else "unknown",
        "machine": f"{os.cpu_count()}-core {cpu} ({os.uname().sysname} {os.uname().machine})",
        "benchMinutes": round(bench_minutes, 1),
        "loadBefore": round(load_before, 1),
        "loadDuring": round(load_during, 1),
    }
    with open(os.path.join(directory, "run.json"), "w") as out:
        json.dump(run, out, indent=2)
    return directory


# Reading a run


def load(directory):
    with open(os.path.join(directory, "run.json")) as file:
        run = json.load(file)
    with open(os.path.join(directory, "bench.json")) as file:
        bench = json.load(file)
    if bench.get("quick"):
        fail("bench.json is a --quick run; its figures mean nothing")
    if not bench.get("memoryChecks"):
        fail("bench.json is a filtered run (no memory checks); the README needs a full one")
    counts, extras = {}, {}
    with open(os.path.join(directory, "instructions.md")) as file:
        for line in file:
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if line.startswith("|") and len(cells) == 5 and cells[1].isdigit():
                counts[(cells[0], cells[2])] = (int(cells[1]), int(cells[3]) if cells[3].isdigit() else None)
            elif ":" in line and not line.startswith("|"):
                label, _, value = line.rpartition(":")
                number = re.match(r"\s*(\d+)", value)
                if number:
                    extras[label.strip()] = int(number.group(1))
    return run, bench, counts, extras


class Figures:
    """Looks rows up by name; a missing row is an error, not a blank cell."""

    def __init__(self, bench, counts, extras):
        self.rows = {row["name"]: row for row in bench["rows"]}
        self.bench = bench
        self.counts = counts
        self.extras = extras

    def row(self, name):
        if name not in self.rows:
            fail(f"braid-bench printed no row named '{name}'")
        return self.rows[name]

    def median(self, name, side="braid"):
        stats = self.row(name).get(side)
        if stats is None:
            fail(f"row '{name}' has no {side} figure")
        return stats["median"]

    def count(self, label, compared):
        if (label, compared) not in self.counts:
            fail(f"instructions.sh printed no row '{label}' compared with '{compared}'")
        return self.counts[(label, compared)]

    def extra(self, prefix):
        for label, value in self.extras.items():
            if label.startswith(prefix):
                return value
        fail(f"instructions.sh printed no line starting '{prefix}'")


# Formatting


def prose(text):
    """A paragraph wrapped as the READMEs' hand-written ones are."""
    return textwrap.fill(text, 100, break_long_words=False, break_on_hyphens=False)


def ns(value):
    """Nanoseconds as braid-bench prints them, with thousands separators."""
    return f"{value:,.0f}" if value >= 100 else f"{value:.1f}"


def times(value):
    return f"{value:.2f}×"


def instructions(braid, other, suffix=""):
    return f"{braid:,} / {other:,} = {times(braid / other)}{suffix}"


def verdict(by_count, by_time):
    """Targets are judged on instruction counts where a row is counted, on time otherwise."""
    if by_count is None:
        return "yes" if by_time else "no"
    if by_count == by_time:
        return "yes" if by_count else "no"
    return "yes (instructions)" if by_count else "no (yes by time)"


def load_text(run):
    """How busy the machine was during braid-bench, when the run recorded it."""
    if "loadBefore" not in run:
        return ""
    return (f" (load average {run['loadBefore']} at its start, {run['loadDuring']} over the last 15 minutes at its "
            "end)")


def targets_region(run, figures):
    """Every row against its target: Benchmarks/README.md's table, six rows of it in the top-level README."""
    f = figures
    lines = []
    commit = run["commit"] + (" with uncommitted changes" if run["dirty"] else "")
    lines.append(prose(
        f"One full run on our {run['machine']} VM{load_text(run)} (Swift {run['swift']}, {run['date']}, at "
        f"{commit}), ns per operation, median of 7 repetitions; times on this machine vary ±30 % run to run, so "
        "compare ratios "
        "within the table. Instruction counts are from one `instructions.sh` run at the same commit. "
        "Generated by `Benchmarks/readme-table.py` from that one run of each:"
    ))
    lines.append("")
    lines.append("| Workload | Braid | Floor | Peer | Ratio (time) | Instructions: Braid / compared | Target | Met |")
    lines.append("|---|---:|---:|---:|---:|---:|---|---|")

    def add(*cells):
        lines.append("| " + " | ".join(cells) + " |")

    def ms(value):
        return f"{value / 1e6:.2f}".rstrip("0").rstrip(".") if value < 1e7 else f"{value / 1e6:.0f}"

    root = "root send, 1 observer (peer: closure store)"
    braid, floor, peer = f.median(root), f.median(root, "floor"), f.median(root, "peer")
    combine = f.median("root send, 1 observer (peer: OpenCombine store)", "peer")
    counted, closure = f.count("root send, 1 observer", "closure store")
    add("root send, 1 observer", ns(braid), ns(floor), f"{ns(peer)} closure store, {ns(combine)} OpenCombine",
        f"{times(braid / peer)} closure store", instructions(counted, closure), "≤ 0.5× closure store, ≤ 25 ns",
        verdict(counted / closure <= 0.5 and braid <= 25, braid / peer <= 0.5 and braid <= 25))

    name = "root send, store with a dependency override (peer: without)"
    add("root send, store made with a dependency override", ns(f.median(name)), ns(f.median(name, "floor")), "—",
        f"{times(f.median(name) / f.median(name, 'peer'))} root send",
        instructions(*f.count("root send, store with a dependency override", "root send")), "—", "—")
    # What an inspector costs is counted, not timed: braid-bench has no inspector rows.
    add("root send, a no-op inspector attached", "—", "—", "—", "—",
        instructions(*f.count("root send, a no-op inspector attached", "root send"), " root send"), "—", "—")
    add("1,000-element state changed in place, a no-op inspector attached", "—", "—", "—", "—",
        instructions(*f.count("1,000-element state changed in place, a no-op inspector attached", "no inspector"),
                     " without one"), "—", "—")
    for bench, counted_as, label in [
        ("root send, a trace recorder attached (peer: without)", "root send, a trace recorder attached",
         "root send, a trace recorder attached"),
        ("sign-up keystroke, a trace recorder attached (peer: without)",
         "sign-up keystroke, a trace recorder attached (password redacted)",
         "sign-up keystroke, a trace recorder attached (password redacted)"),
    ]:
        braid, without = f.median(bench), f.median(bench, "peer")
        written = f.row(bench).get("note", "").split(" bytes")[0]
        add(f"{label}, {written} bytes written per action", ns(braid), "—", f"{ns(without)} without",
            f"{times(braid / without)} without", instructions(*f.count(counted_as, "no recorder"), " without"), "—",
            "—")

    # Exploration, timed only (a walk is many sends): steps per second against their targets.
    for bench, label, target in [
        ("explore the counter, per step (floor: its reducer alone)", "explore the counter, per step", 20_000),
        ("explore the sign-up form, per step (floor: its reducer alone)", "explore the sign-up form, per step",
         5_000),
        ("explore the sign-up form, its effects running on the test clock, per step (floor: its reducer alone)",
         "explore the sign-up form, its effects running on the test clock, per step", 5_000),
    ]:
        braid, floor = f.median(bench), f.median(bench, "floor")
        add(f"{label} ({1e9 / braid:,.0f} steps/s)", ns(braid), ns(floor), "—", times(braid / floor) + " floor", "—",
            f"≥ {target:,} steps/s", verdict(None, 1e9 / braid >= target))
    shrink = f.median("find and shrink a counterexample (a timer left running on stop)")
    add("find and shrink one counterexample (the counter's timer left running)", f"{ms(shrink)} ms", "—", "—", "—",
        "—", "< 1 s", verdict(None, shrink < 1e9))

    for kind, label in [("plain", "plain features"), ("generic", "generic `Nest<Child>`")]:
        for depth in [5, 10]:
            name = f"scoped store send, {kind}, depth {depth}"
            row = f.row(name)
            ratio = row["braidOverReference"]
            embedded = f.median(row["reference"])
            # Each row says what it is compared with: the top-level README shows some rows alone.
            text = f"{times(ratio)} root send of the same embedded action ({ns(embedded)})"
            counted, other = f.count(name, "root send of the embedded action")
            add(f"scoped send, {label}, depth {depth}", ns(f.median(name)), ns(f.median(name, "floor")), "—", text,
                instructions(counted, other), "≤ 1.5× that root send",
                verdict(counted / other <= 1.5, ratio <= 1.5))

    for rows in [10, 1000, 100000]:
        name = f"forEach row send by id, {rows} rows"
        ratio = f.row(name)["braidOverReference"]
        counted, other = f.count(name, "root send")
        add(f"`forEach` row send by id, {rows:,} rows", ns(f.median(name)), ns(f.median(name, "floor")), "—",
            times(ratio) + " root send", instructions(counted, other),
            "≤ 3× root send, O(1)", verdict(counted / other <= 3, ratio <= 3))

    for access in ["write", "read"]:
        name = f"IdentifiedArray [id:] {access}, 10000 rows"
        ratio = f.median(name) / f.median(name, "floor")
        counted, other = f.count(f"IdentifiedArray [id:] {access}", "array + dictionary")
        add(f"`IdentifiedArray` `[id:]` {access}, 10,000 rows", ns(f.median(name)), ns(f.median(name, "floor")), "—",
            times(ratio) + (" floor" if access == "write" else ""), instructions(counted, other),
            "≤ 2× array + dictionary" if access == "write" else "≤ 2×", verdict(counted / other <= 2, ratio <= 2))

    name = ".send chain (per action)"
    ratio = f.row(name)["braidOverReference"]
    counted, other = f.count(".send chain, per action", "root send")
    add("`.send` feedback chain, per action", ns(f.median(name)), ns(f.median(name, "floor")),
        f"{ns(f.median(name, 'peer'))} OpenCombine", f"{times(ratio)} root send", instructions(counted, other),
        "≤ 2× root send", verdict(counted / other <= 2, ratio <= 2))

    name = "100 merged .none (floor: one .none)"
    ratio = f.median(name) / f.median(name, "floor")
    counted, other = f.count("100 merged .none", "one .none")
    add("100 merged `.none` (floor: one `.none`)", ns(f.median(name)), ns(f.median(name, "floor")),
        f"{ns(f.median(name, 'peer'))} OpenCombine", times(ratio), instructions(counted, other), "≤ 1.2×",
        verdict(counted / other <= 1.2, ratio <= 1.2))

    name = "cancellable start+cancel"
    ratio = f.median(name) / f.median(name, "floor")
    counted, other = f.count("cancellable start + cancel", "Task.detached + cancel")
    add("cancellable start + cancel", ns(f.median(name)), ns(f.median(name, "floor")), "—",
        f"{times(ratio)} `Task.detached` + cancel", instructions(counted, other), "≤ 2×",
        verdict(counted / other <= 2, ratio <= 2))
    add("the same, store made with a dependency override", "—", "—", "—", "—",
        instructions(*f.count("cancellable start + cancel, store with a dependency override", "store without"),
                     " the store without"), "—", "—")
    add("the same, a no-op inspector attached", "—", "—", "—", "—",
        instructions(*f.count("cancellable start + cancel, a no-op inspector attached", "store without"),
                     " the store without"), "—", "—")

    name = "cancelInFlight churn"
    ratio = f.median(name) / f.median(name, "floor")
    counted, other = f.count(name, "cancel previous Task, start new")
    add("`cancelInFlight` churn", ns(f.median(name)), ns(f.median(name, "floor")), "—", times(ratio),
        instructions(counted, other), "≤ 2×", verdict(counted / other <= 2, ratio <= 2))

    for how in ["key path", "closure"]:
        name = f"10 derived observers by {how}, 1 changes"
        ratio = f.median(name) / f.median(name, "floor")
        peer = f.row(name).get("peer")
        counted, other = f.count(name, "hand-written floor")
        add(name, ns(f.median(name)), ns(f.median(name, "floor")),
            f"{ns(peer['median'])} OpenCombine" if peer else "—", times(ratio) + (" floor" if how == "key path" else ""),
            instructions(counted, other), "≤ 5× floor", verdict(counted / other <= 5, ratio <= 5))
    for how in ["closure", "key path"]:
        one, hundred = f"1 derived observers by {how}, 1 changes", f"100 derived observers by {how}, 1 changes"
        (a, b), (c, d) = f.count(one, "hand-written floor"), f.count(hundred, "hand-written floor")
        add(f"1 / 100 derived observers by {how}", f"{ns(f.median(one))} / {ns(f.median(hundred))}",
            f"{ns(f.median(one, 'floor'))} / {ns(f.median(hundred, 'floor'))}", "—",
            f"{times(f.median(one) / f.median(one, 'floor'))} / {times(f.median(hundred) / f.median(hundred, 'floor'))}",
            f"{a:,} / {b:,}, {c:,} / {d:,} = {times(a / b)}, {times(c / d)}", "—", "—")

    name = "@Shared read, in memory"
    ratio = f.median(name) / f.median(name, "floor")
    counted, other = f.count("@Shared read, in memory", "Mutex-guarded read in a final class")
    add("`@Shared` read, in memory", ns(f.median(name)), ns(f.median(name, "floor")), "—",
        times(ratio) + " `Mutex` read", instructions(counted, other), "≤ 3× `Mutex` read",
        verdict(counted / other <= 3, ratio <= 3))
    name = "@Shared withLock, in memory"
    counted, other = f.count("@Shared withLock, in memory", "Mutex.withLock in a final class")
    add("`@Shared` `withLock`, in memory", ns(f.median(name)), ns(f.median(name, "floor")), "—",
        times(f.median(name) / f.median(name, "floor")) + " `Mutex.withLock`", instructions(counted, other),
        "≤ 150 ns", verdict(None, f.median(name) <= 150))
    name = "@Shared(.fileStorage) withLock, 10,000 over 1 s"
    writes = int(re.search(r"at most (\d+) file writes", f.row(name)["note"]).group(1))
    add("`.fileStorage`: file writes for 10,000 mutations in 1 s", f"{writes} writes", "—", "—",
        f"{ns(f.median(name))} ns per mutation", "—", "≤ 5 writes", verdict(None, writes <= 5))

    row = f.row("TestStore send+receive step")
    total_ms = row["braid"]["median"] * row["operations"] / 1e6
    step = f.extra("TestStore step")
    add(f"TestStore: {row['operations']:,} send + receive steps", f"{total_ms:,.0f} ms", "—", "—", "—",
        f"{step:,} per step (the store on an actor of its own)", "≤ 0.2 s", verdict(None, total_ms <= 200))

    peak = f.bench["peakRSSKiB"] / 1024
    add("peak RSS of the whole run", f"{peak:.0f} MiB", "—", "—", "—", "—", "≤ 64 MiB", verdict(None, peak <= 64))
    lines.append("")

    # The other rows of the same run, in a sentence each.
    matching, other = "/Action.child matching", "/Action.child non-matching"
    nmea = "NMEA reader, per sentence (10 MB of real logs)"
    nmea_rate = re.match(r"([\d.]+ M sentences/s)", f.row(nmea).get("note", ""))
    diff = next(name for name in f.rows if name.startswith("diff ") and "1 % changed" in name)
    diff_rows = re.search(r"diff (\d+) rows", diff).group(1)
    wal = "commit-to-action latency, another process, WAL (per commit)"
    journal = "commit-to-action latency, another process, DELETE (per commit)"
    latency_commits = f.row(wal)["operations"]

    def ms(value):
        return f"{value / 1e6:.2f}".rstrip("0").rstrip(".") if value < 1e7 else f"{value / 1e6:.0f}"

    lines.append(prose(
        f"Also in that run: `/Action.child` extraction {ns(f.median(matching))} ns matching, "
        f"{ns(f.median(other))} ns not (floor `if case` {ns(f.median(matching, 'floor'))} and "
        f"{ns(f.median(other, 'floor'))}, {f.median(matching) / f.median(matching, 'floor'):.1f}× and "
        f"{f.median(other) / f.median(other, 'floor'):.1f}×); map→filter→scan {ns(f.median('map→filter→scan'))} ns "
        f"(floor {ns(f.median('map→filter→scan', 'floor'))}, OpenCombine {ns(f.median('map→filter→scan', 'peer'))}); "
        f"sign-up validity {ns(f.median('sign-up validity (4 fields)'))} ns "
        f"(floor {ns(f.median('sign-up validity (4 fields)', 'floor'))}, "
        f"OpenCombine {ns(f.median('sign-up validity (4 fields)', 'peer'))}); newest-wins lookup "
        f"{ns(f.median('newest-wins lookup (cancelInFlight)'))} ns per query "
        f"(floor {ns(f.median('newest-wins lookup (cancelInFlight)', 'floor'))}); the NMEA reader "
        f"{ns(f.median(nmea))} ns per sentence{', ' + nmea_rate.group(1) if nmea_rate else ''} on 10 MB of real "
        f"receiver logs (floor, split and checksum only, {ns(f.median(nmea, 'floor'))} ns); the fetched-results "
        f"differ {ms(f.median(diff))} ms for {int(diff_rows):,} rows with 1 % changed (floor, a keyed set "
        f"difference with no positions or moves, {ms(f.median(diff, 'floor'))} ms; Foundation's "
        f"`difference(from:).inferringMoves()` {ms(f.median(diff, 'peer'))} ms); commit-to-action latency of the "
        f"SQLite observer, {latency_commits:,} commits by the `sqlite3` shell in another process, median "
        f"{ms(f.median(wal))} ms in WAL mode and {ms(f.median(journal))} ms in rollback-journal mode (floor, the "
        f"shell's own answer through its pipe: {ms(f.median(wal, 'floor'))} and {ms(f.median(journal, 'floor'))} ms)."
    ))
    lines.append("")

    checks = f.bench["memoryChecks"]
    sends = next(c for c in checks if "root sends" in c["name"])
    cycles = next(c for c in checks if "cancellable" in c["name"])
    live = next(c for c in checks if "live effects" in c["name"])
    live_count, live_bytes = re.match(r"(\d+) live effects \((\d+) bytes each\)", live["name"]).groups()
    lines.append(prose(
        f"Memory: {sends['growthKiB']:,} KiB RSS growth across {int(sends['name'].split()[0]):,} root sends; "
        f"{cycles['growthKiB']:,} KiB across {int(cycles['name'].split()[0]):,} cancellable start/cancel cycles after "
        "a warm-up round of the same (a leak of one object per cycle would be 1.6 MiB or more); "
        f"{int(live_bytes):,} bytes per live (suspended) `.run` effect, {int(live_count):,} at once (read from RSS, "
        "which moves by several hundred bytes between runs)."
    ))
    lines.append("")

    lines.append(prose("Stores on actors (`braid-bench --filter store-actor`, the same run; the peer is the same "
                        "work on main-actor stores, so Peer/Braid is the gain):"))
    lines.append("")
    lines.append("| Workload | `StoreActor`s | Main-actor `Store`s | Peer/Braid |")
    lines.append("|---|---:|---:|---:|")
    name = "StoreActor send on its actor (peer: Store root send)"
    add("send inside an `isolated` function vs root send, no observer", f"{ns(f.median(name))} ns",
        f"{ns(f.median(name, 'peer'))} ns", times(f.median(name, "peer") / f.median(name)))
    scaling = sorted((int(m.group(1)), n) for n in f.rows if (m := re.match(r"K = (\d+) stores, request", n)))
    for stores, name in scaling:
        label = ("K = 1 store, request + response per action (the response sent by a `.run` effect)" if stores == 1
                 else f"K = {stores} stores")
        add(label, f"{ns(f.median(name))} ns", f"{ns(f.median(name, 'peer'))} ns",
            times(f.median(name, "peer") / f.median(name)))
    actions = f.row(scaling[0][1])["operations"]
    k1 = f.extra("StoreActor request + response (.run sends one back), K=1")
    lines.append("")
    lines.append(prose(
        f"ns per reduced action, median of 7 repetitions, {actions:,} actions per row, each hashing 512 bytes; at "
        f"most 1,000 requests in flight. Instructions: a `StoreActor` send {f.extra('StoreActor send'):,}, a "
        f"request + response {k1 / 1000:.1f} k per action at K = 1."
    ))
    return "\n".join(lines)


def summary_region(run, targets):
    """The top-level README's six rows of the targets table, and where the rest are."""
    table = [line for line in targets.split("\n") if line.startswith("|")]
    rows = [line for line in table[2:] if line.split(" | ")[0][2:] in SUMMARY_ROWS]
    if len(rows) != len(SUMMARY_ROWS):
        fail("the targets table lost a row the top-level README summarises: " + ", ".join(SUMMARY_ROWS))
    commit = run["commit"] + (" with uncommitted changes" if run["dirty"] else "")
    intro = prose(
        f"Six rows of one full run on our {run['machine']} VM (Swift {run['swift']}, {run['date']}, at {commit}): "
        "ns per operation, median of 7 repetitions (times vary ±30 % run to run, so compare ratios), and "
        "instructions per operation counted by callgrind, on which the targets are judged. Every row, its peer and "
        "what it measures: [Benchmarks/README.md](Benchmarks/README.md). Generated by "
        "`Benchmarks/readme-table.py`:"
    )
    return "\n".join([intro, ""] + table[:2] + rows)


def benchmarks_readme_region(run, figures):
    """braid-bench's own table, as it prints it, rebuilt from the JSON of the same run."""
    bench = figures.bench

    def stats(value):
        if value is None:
            return "—"
        return f"{raw(value['median'])} ({raw(value['min'])}–{raw(value['max'])})"

    def raw(value):
        return f"{value:.0f}" if value >= 100 else f"{value:.1f}"

    def ratio(value):
        return "—" if value is None else times(value)

    commit = run["commit"] + (" with uncommitted changes" if run["dirty"] else "")
    lines = [
        prose(
            f"The last full run, on the {run['machine']} VM{load_text(run)}, Swift {run['swift']}, release build, {run['date']} at "
            f"{commit}: `Benchmarks/readme-table.py` ran `.build/release/braid-bench --json` (the full run took "
            f"{run['benchMinutes']:.0f} minutes) and wrote this from its output. Absolute figures move ±20–30 % between "
            "runs on this machine; compare ratios within one run. The Met column judges by time; the top-level README "
            "judges the targets on the instruction counts of one `instructions.sh` run at the same commit, where a row "
            "can be counted."
        ),
        "",
        "| Workload | ops/rep | Braid ns/op (min–max) | Floor ns/op (min–max) | Peer ns/op (min–max) | Braid/floor "
        "| Peer/Braid | Ratio | Target | Met | Peak RSS |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---|---|---:|",
    ]
    for row in bench["rows"]:
        braid, floor, peer = row.get("braid"), row.get("floor"), row.get("peer")
        over_floor = braid["median"] / floor["median"] if braid and floor and floor["median"] > 0 else None
        peer_over = peer["median"] / braid["median"] if braid and peer and braid["median"] > 0 else None
        name = row["name"]
        if row.get("reference") and row.get("braidOverReference") is not None:
            name += f" ({times(row['braidOverReference'])} {row['reference']})"
        target = row.get("target")
        target_ratio = None
        met = "—"
        if target and target["measure"] == "nanoseconds":
            # A limit on the time itself, not a ratio.
            met = "yes" if braid and braid["median"] <= target["limit"] else "no"
        elif target:
            target_ratio = {
                "overFloor": over_floor,
                "overPeer": braid["median"] / peer["median"] if braid and peer else None,
                "overReference": row.get("braidOverReference"),
            }[target["measure"]]
            met = "—" if target_ratio is None else ("yes" if target_ratio <= target["limit"] else "no")
        peak = f"{row['peakRSSKiB'] // 1024} MiB" if row.get("peakRSSKiB") else "—"
        lines.append(
            f"| {name} | {row['operations']} | {stats(braid)} | {stats(floor)} | {stats(peer)} | {ratio(over_floor)} "
            f"| {ratio(peer_over)} | {ratio(target_ratio)} | {target['text'] if target else '—'} | {met} | {peak} |"
        )
    notes = [f"- {row['name']}: {row['note']}" for row in bench["rows"] if row.get("note")]
    if notes:
        lines += [""] + notes
    lines += ["", "| Memory check | RSS before | RSS after | Growth |", "|---|---:|---:|---:|"]
    for check in bench["memoryChecks"]:
        lines.append(f"| {check['name']} | {check['beforeKiB']} KiB | {check['afterKiB']} KiB | {check['growthKiB']} KiB |")
    lines += ["", f"Peak RSS (VmHWM): {bench['peakRSSKiB']} KiB",
              f"Repetitions per figure: {bench['repetitions']} (median, after one warm-up)"]
    return "\n".join(lines)


def replace_region(path, text, begin=BEGIN, end=END):
    with open(path) as file:
        content = file.read()
    if content.count(begin) != 1 or content.count(end) != 1 or content.index(begin) > content.index(end):
        fail(f"{os.path.relpath(path, ROOT)} needs exactly one {begin} … {end} region")
    head, rest = content.split(begin, 1)
    _, tail = rest.split(end, 1)
    with open(path, "w") as file:
        file.write(f"{head}{begin}\n\n{text}\n\n{end}{tail}")
    print(f"readme-table: wrote {os.path.relpath(path, ROOT)}", file=sys.stderr)


def main(arguments):
    allow_dirty = "--allow-dirty" in arguments
    arguments = [argument for argument in arguments if argument != "--allow-dirty"]
    if arguments[:1] in (["-h"], ["--help"]):
        print(__doc__)
        return
    if arguments[:1] == ["--from"] and len(arguments) == 2:
        directory = arguments[1]
    elif not arguments:
        directory = measure(allow_dirty)
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    run, bench, counts, extras = load(directory)
    figures = Figures(bench, counts, extras)
    targets = targets_region(run, figures)
    benchmarks = benchmarks_readme_region(run, figures)
    replace_region(os.path.join(ROOT, "README.md"), summary_region(run, targets))
    replace_region(os.path.join(BENCHMARKS, "README.md"), targets, TARGETS_BEGIN, TARGETS_END)
    replace_region(os.path.join(BENCHMARKS, "README.md"), benchmarks)


if __name__ == "__main__":
    main(sys.argv[1:])
