#!/bin/bash
# The loopback floor: a minimal C server and load generator with Chalkline's traffic pattern
# (see README.md). Builds both if needed, runs one configuration, prints what both measured.
# usage: tools/loopback-floor/run.sh [PORT R P Q T_MS SPREAD [GAP_MS]]   e.g. run.sh 9700 200 25 20 200 0.8
# GAP_MS holds the next question back after a round ends (as chalkline bench --gap), so a
# question's fan-out is measured alone.
set -e
here="$(cd "$(dirname "$0")" && pwd)"
out="${FLOOR_OUT:-/tmp/chalkline-floor}"
mkdir -p "$out"
for prog in floor-server floor-bench; do
    if [ ! -x "$out/$prog" ] || [ "$here/$prog.c" -nt "$out/$prog" ]; then
        cc -std=c11 -O2 -Wall -Wextra -o "$out/$prog" "$here/$prog.c"
    fi
done
PORT=${1:-9700}; R=${2:-200}; P=${3:-25}; Q=${4:-20}; T=${5:-200}; SPREAD=${6:-0.8}; GAP=${7:-0}
echo "=== $(date +%T) $(uptime | sed 's/.*load average/load average/')"
"$out/floor-server" "$PORT" 2>"$out/server-$PORT.log" &
SP=$!
sleep 0.3
"$out/floor-bench" "$PORT" "$R" "$P" "$Q" "$T" "$SPREAD" "$SP" "$GAP" >"$out/bench-$PORT.out" 2>"$out/bench-$PORT.err" || true
kill -TERM $SP; wait $SP || true
echo "cmd: floor-bench $PORT $R $P $Q $T $SPREAD $SP $GAP"
cat "$out/bench-$PORT.out"
grep -v '^all\|listening' "$out/server-$PORT.log" | head -5
