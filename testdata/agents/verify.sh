#!/usr/bin/env bash
# verify.sh [AGENT[/CASE] ...] : the live harness. Re-records the cases with the
# real CLIs (record.py --out: nothing in the repository is written), turns the
# fresh captures into promptc test cases (tools/agentcases -captures) and runs
# promptc test over them, so promptc is diffed byte for byte against what the
# installed CLIs send today. `go test ./...` never needs this: it runs the
# committed captures (testdata/promptc-tests/agents).
#
# Needs what record.py needs: AGENTS_DIR (oracle/install.sh), python3, node >= 20,
# git, strace, unshare and ip, on Linux x64 (the platform packages' binary paths are
# fixed in oracle/agent-cmd.sh). Run from the repository root.
#   AGENTS_DIR=/work/scratch/agents testdata/agents/verify.sh            # all four
#   AGENTS_DIR=/work/scratch/agents testdata/agents/verify.sh codex      # one agent
set -euo pipefail
: "${AGENTS_DIR:?set AGENTS_DIR to the install root (testdata/agents/oracle/install.sh)}"
OUT=$(mktemp -d "${TMPDIR:-/tmp}/promptc-verify.XXXXXX")
trap 'rm -rf "$OUT"' EXIT
python3 testdata/agents/record.py -j "${JOBS:-2}" --out "$OUT/captures" "$@"
# Cases not re-recorded (a subset was asked for) keep their committed capture.
for d in testdata/agents/cases/*/*/; do
  a=$(basename "$(dirname "$d")"); c=$(basename "$d")
  [ -f "$OUT/captures/$a/$c/expected.json" ] || { mkdir -p "$OUT/captures/$a/$c"; cp "$d/expected.json" "$OUT/captures/$a/$c/"; }
done
go run ./tools/agentcases -captures "$OUT/captures" -out "$OUT/tests" -readdir-out "$OUT/readdir-tests"
go run ./cmd/promptc test "$OUT/tests"
# The environment-specific cases (their answer follows the file system's
# listing order), recorded just now on this machine: compared where the
# file system lists their directories as recorded (TestAgentCasesReaddir).
PROMPTC_READDIR_CASES="$OUT/readdir-tests" go test ./cmd/promptc -run '^TestAgentCasesReaddir$' -count=1 -v | grep -v '^=== RUN'

