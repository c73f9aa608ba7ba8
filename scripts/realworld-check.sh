#!/usr/bin/env bash
# The real-world differential cases (../shared/realworld) with every
# pipeline named by its version.
#
#   scripts/realworld-check.sh PROMPTC [harness flags...]
#
# ../shared/realworld/run.sh check runs the harnesses with promptc's
# default pipelines (pi.py without --pipeline, cowagent.py with its
# default --pipeline cowagent). It was written when "default" was pi
# 0.83.0 and "cowagent" was CowAgent i18n; those names now follow the
# newest verified version (pi 1.6.0, CowAgent head), so run.sh check
# compares pi 1.6.0's prompt with pi 0.83.0's recordings. This script runs
# the same checks with the versions pinned, then the pi cases against
# their pi 1.6.0 recordings (expected.1.6.0.json) with the default
# pipeline. Exit status 1 when any check fails.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
shared="${PROMPTC_SHARED:-$here/../../shared}"
promptc="${1:?usage: $0 PROMPTC [harness flags...]}"; shift
rw="$shared/realworld"
rc=0
check() { # label, harness args...: prints the harness's summary line
  local label="$1"; shift
  local out summary
  out="$(python3 "$@" 2>&1)" || rc=1
  summary="$(printf '%s\n' "$out" | grep -E '^\w+ conformance:' | tail -1)"
  if [ -z "$summary" ]; then # the harness did not run (no ../shared, a crash): a failure, never a silent pass
    rc=1
    summary="no summary line: $(printf '%s\n' "$out" | tail -1)"
  fi
  printf '%-34s %s\n' "$label" "$summary"
}
[ -d "$rw" ] || { echo "no real-world cases at $rw (set PROMPTC_SHARED to the directory holding realworld/ and conformance/)" >&2; exit 1; }
check "pi 0.83.0 (pi@0.83.0)"            "$shared/conformance/pi.py" --promptc "$promptc" --cases "$rw/cases-pi" --pipeline pi@0.83.0 "$@"
check "pi 0.83.0 (pi@0.83.0, --cwd)"     "$shared/conformance/pi.py" --promptc "$promptc" --cases "$rw/cases-pi" --pipeline pi@0.83.0 --with-cwd-flag "$@"
check "CowAgent i18n (cowagent@i18n)"    "$shared/conformance/cowagent.py" --promptc "$promptc" --cases "$rw/cases-cowagent" --pipeline cowagent@i18n "$@"
check "pi 1.6.0 (default)"               "$shared/conformance/pi.py" --promptc "$promptc" --cases "$rw/cases-pi" --pi-version 1.6.0 "$@"
check "pi 1.6.0 (default, --cwd)"        "$shared/conformance/pi.py" --promptc "$promptc" --cases "$rw/cases-pi" --pi-version 1.6.0 --with-cwd-flag "$@"
exit "$rc"
