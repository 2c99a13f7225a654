#!/bin/bash
# Instructions the server executes per judged answer, under valgrind's callgrind (issue 28):
# a figure that does not drift with the machine's load, unlike CPU time. The same scripted game
# is played twice by floor-bench (the C client of tools/peers), once with Q1 and once with Q2
# questions, rooms and players alike; the difference in instructions over the difference in
# answers judged is the cost of one answer, with start-up, joins and shutdown cancelled out.
#
#   tools/callgrind/run.sh [ROOMS PLAYERS Q1 Q2]     (default 10 rooms x 20 players, 5 and 15 questions)
#
# Questions last 3 s (callgrind runs the server some 50 times slower) so that no answer is late;
# the script fails if any answer was refused or judged wrong, since the figure would then count
# something else.
set -euo pipefail
ROOMS=${1:-10} PLAYERS=${2:-20} Q1=${3:-5} Q2=${4:-15}
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${CALLGRIND_OUT:-/tmp/chalkline-callgrind}"
mkdir -p "$out"
cd "$root"
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }
swift build -c release --product chalkline-server >&2
cc -std=c11 -O2 -Wall -Wextra -o "$out/floor-bench" tools/loopback-floor/floor-bench.c
# Valgrind 3.19 cannot read Swift 6's debug info ("Possibly corrupted debuginfo file"); the
# symbol table is enough to name functions.
objcopy --strip-debug .build/release/chalkline-server "$out/chalkline-server"

port=$((10000 + RANDOM % 20000))
wait_port() { for _ in $(seq 600); do (exec 3<>/dev/tcp/127.0.0.1/"$1") 2>/dev/null && return 0; sleep 0.1; done; return 1; }
field() { grep -o "\b$1=[0-9.]*" | head -1 | cut -d= -f2; }

play() { # QUESTIONS -> "instructions answers"
    port=$((port + 1))
    rm -f "$out/callgrind.$1"
    valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.$1" \
        "$out/chalkline-server" --bind 127.0.0.1 --port "$port" --max-players 1001 --max-per-ip 20000 \
        --rate-limit 0 --max-connections 20000 --max-rooms-per-ip 1000 --no-advertise --db :memory: \
        >"$out/server.$1.log" 2>&1 &
    local server=$!
    wait_port "$port"
    "$out/floor-bench" "$port" "$ROOMS" "$PLAYERS" "$1" 3000 0.5 0 500 chalkline >"$out/bench.$1.txt" 2>/dev/null || true
    kill -TERM "$server"; wait "$server" || true
    local right wrong refused
    right=$(field ok_correct <"$out/bench.$1.txt"); wrong=$(field ok_wrong <"$out/bench.$1.txt")
    refused=$(( $(field err_already <"$out/bench.$1.txt") + $(field err_noround <"$out/bench.$1.txt") + $(field err_other <"$out/bench.$1.txt") ))
    if [ "$wrong" != 0 ] || [ "$refused" != 0 ] || [ "$right" != $((ROOMS * PLAYERS * $1)) ]; then
        echo "the game with $1 questions did not go as scripted: $right right, $wrong wrong, $refused refused" >&2; exit 1
    fi
    echo "$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$out/callgrind.$1") $right"
}

read -r i1 a1 < <(play "$Q1")
read -r i2 a2 < <(play "$Q2")
echo "callgrind: $ROOMS rooms x $PLAYERS players; $Q1 questions: $i1 instructions, $a1 answers; $Q2 questions: $i2, $a2"
awk -v i1="$i1" -v i2="$i2" -v a1="$a1" -v a2="$a2" 'BEGIN { printf "instructions_per_answer=%.0f\n", (i2 - i1) / (a2 - a1) }'
echo "callgrind_annotate $out/callgrind.$Q2 shows where they go"
