#!/bin/sh
# bench/emit_check.sh [DIR] [N]: issue 31's benchmark in one sitting.
# BenchmarkCheckMonorepo (emit --check in process over 1,000 directories
# and 200 instruction files) side by side with ../shared/bench/floor over
# the paths the promptc CLI's emit --check touches in the same tree, N
# rounds (default 3), alternating. Run from the checkout root; DIR
# (default /tmp/promptc-emit-bench) is scratch outside any git checkout.
set -eu
K=${1:-/tmp/promptc-emit-bench}
N=${2:-3}
B=../shared/bench
rm -rf "$K"
mkdir -p "$K"
go build -o "$K/promptc" ./cmd/promptc
go test -c -o "$K/emit.test" ./emit
# The benchmark's tree, kept for the floor (its HOME is .home inside it).
EMIT_BENCH_FIXTURE=$K/fx "$K/emit.test" -test.run '^$' -test.bench CheckMonorepo -test.benchtime 1x >/dev/null
mkdir -p "$K/fx/.home"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
i=0
while [ "$i" -lt "$N" ]; do
	i=$((i + 1))
	"$B/floor" --iters 50 "$K/fx" -- env -i -C "$K/fx" HOME="$K/fx/.home" PATH="$PATH" \
		"$K/promptc" emit --check --cwd "$K/fx" | grep -E '^(distinct paths|syscalls on them|floor \(C)'
	"$K/emit.test" -test.run '^$' -test.bench CheckMonorepo -test.benchtime 100x | grep '^Benchmark'
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
