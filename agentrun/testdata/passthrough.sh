#!/usr/bin/env bash
# passthrough.sh LOG -- cmd args...: like the oracle's sandbox.sh (a new
# user and network namespace with loopback only, its fakeserver.py on
# 127.0.0.1 recording to LOG, FAKE_PORT exported) but standard input is
# the caller's, so a test can pipe text through promptc run to the CLI.
set -euo pipefail
if [ -z "${IN_NETNS:-}" ]; then
  exec env IN_NETNS=1 unshare -rn "$0" "$@"
fi
ip link set lo up
LOG=$1; shift 2
PF=$(mktemp -u)
python3 "$ORACLE/fakeserver.py" --log "$LOG" --port-file "$PF" &
SPID=$!
for _ in $(seq 100); do [ -s "$PF" ] && break; sleep 0.05; done
FAKE_PORT=$(cat "$PF"); rm -f "$PF"
export FAKE_PORT
set +e
timeout -k 5 180 "$@"
RC=$?
kill $SPID 2>/dev/null; wait $SPID 2>/dev/null
exit $RC
