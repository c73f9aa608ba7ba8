#!/usr/bin/env python3
"""Is promptc's build cost linear in the files it touches, with no skills x depth term?

Generates pi workspaces over a grid of depths and skill counts (../shared/bench/gen_fixture.py
--depth D --skills N), counts the distinct paths each build touches (../shared/bench/floor), times
BenchmarkFixture's cold and warm builds on each, and fits, by least squares, those and the floor's
own time (the same paths, each touched once, in C),

    ms = a + b * paths + c * skills * depth

It prints the table, the coefficients and, for the largest workspace, the share of its time the
skills x depth term accounts for. A cost linear in the files touched has c near 0 (its share within
the noise), whatever the depth, or no larger than the floor's: the kernel resolves a path component
by component, so even the floor pays for long paths.

usage: bench/fit.py [--kit DIR] [--shared DIR] [--iters N] [--depths 4,16,32] [--skills 250,1000,4000]
"""
import argparse, json, os, re, subprocess, sys, time

ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("--kit", default="/tmp/promptc-fit", help="scratch dir for binaries and fixtures")
ap.add_argument("--shared", default=None, help="the shared bench kit (default ../shared/bench)")
ap.add_argument("--iters", type=int, default=5, help="benchmark iterations per fixture")
ap.add_argument("--depths", default="4,16,32")
ap.add_argument("--skills", default="250,1000,4000")
a = ap.parse_args()

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
shared = a.shared or os.path.join(os.path.dirname(root), "shared", "bench")
os.makedirs(a.kit, exist_ok=True)
binary, testbin = os.path.join(a.kit, "promptc"), os.path.join(a.kit, "promptc.test")
subprocess.run(["go", "build", "-o", binary, "./cmd/promptc"], cwd=root, check=True)
subprocess.run(["go", "test", "-c", "-o", testbin, "./cmd/promptc"], cwd=root, check=True)


def bench(cmd):
    env = dict(os.environ, PROMPTC_BENCH_CMD=json.dumps(cmd), PROMPTC_BENCH_TOUCH="")
    out = subprocess.run([testbin, "-test.run", "^$", "-test.bench", "BenchmarkFixture$/(cold|warm)$",
                          "-test.benchtime", f"{a.iters}x"], env=env, capture_output=True, text=True, check=True).stdout
    return {m.group(1): float(m.group(2)) / 1e6
            for m in re.finditer(r"BenchmarkFixture/(\w+)-\d+\s+\d+\s+([\d.]+) ns/op", out)}


def solve(rows, ys):
    """Least squares for ys ~ rows (normal equations, Gauss-Jordan)."""
    n = len(rows[0])
    m = [[sum(r[i] * r[j] for r in rows) for j in range(n)] + [sum(r[i] * y for r, y in zip(rows, ys))] for i in range(n)]
    for i in range(n):
        p = max(range(i, n), key=lambda k: abs(m[k][i]))
        m[i], m[p] = m[p], m[i]
        for k in range(n):
            if k != i:
                f = m[k][i] / m[i][i]
                m[k] = [x - f * y for x, y in zip(m[k], m[i])]
    return [m[i][n] / m[i][i] for i in range(n)]


rows = []
for d in map(int, a.depths.split(",")):
    for n in map(int, a.skills.split(",")):
        fx = os.path.join(a.kit, "fx", f"pi-d{d}-n{n}")
        if not os.path.isdir(fx):
            subprocess.run([os.path.join(shared, "gen_fixture.py"), "pi", "--depth", str(d), "--skills", str(n), fx],
                           check=True, stdout=subprocess.DEVNULL)
            # A file changed within the last seconds cannot be validated by stat (the racy
            # rule), so a fresh tree would rebuild every time: date it a minute back.
            old = time.time() - 60
            for dirpath, dirs, files in os.walk(fx):
                for e in dirs + files:
                    os.utime(os.path.join(dirpath, e), (old, old), follow_symlinks=False)
        cmd = subprocess.run([os.path.join(shared, "promptc-cmd"), fx, binary], capture_output=True, text=True, check=True).stdout.split()
        fl = json.loads(subprocess.run([os.path.join(shared, "floor"), "--iters", "3", "--json", fx, "--"] + cmd,
                                       capture_output=True, text=True, check=True).stdout)
        rows.append(dict(depth=d, skills=n, paths=fl["paths"]["distinct_paths"], floor=fl["floor_ms"]["median"], **bench(fl["command"])))
        print(f"measured depth {d}, {n} skills", file=sys.stderr)

print("| depth | skills | paths | floor ms | cold ms | warm ms |")
print("|---|---|---|---|---|---|")
for r in rows:
    print(f"| {r['depth']} | {r['skills']} | {r['paths']} | {r['floor']:.2f} | {r['cold']:.2f} | {r['warm']:.2f} |")
X = [[1.0, r["paths"], r["skills"] * r["depth"]] for r in rows]
big = max(rows, key=lambda r: r["skills"] * r["depth"])
for k in ("floor", "cold", "warm"):
    ys = [r[k] for r in rows]
    c0, c1, c2 = solve(X, ys)
    fitted = [c0 + c1 * x[1] + c2 * x[2] for x in X]
    worst = max(abs(f - y) / y for f, y in zip(fitted, ys))
    share = c2 * big["skills"] * big["depth"] / big[k]
    print(f"{k}: ms = {c0:.3f} + {c1 * 1000:.2f} us * paths + {c2 * 1000:.4f} us * skills*depth;"
          f" the skills x depth term is {share:+.1%} of the largest workspace's {big[k]:.1f} ms;"
          f" worst misfit {worst:.1%}")
