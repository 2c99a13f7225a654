#!/bin/bash
# Instructions the core executes per judged answer, a times race beside a set of 500 questions
# (issue 41: a set must judge within 1.2x of times). Benchmarks/'s AnswerCost plays bench-core's
# room (20 json players, every answer right; the set's answers have accents and are typed
# without them, as a child types) under callgrind, collecting only inside ServerCore.receive and
# ServerCore.tick: every line and deadline the core handles, judging, replies, round ends and the
# next question included, the benchmark's own reading of the lines left out. Each game is played
# with N1 and N2 answers; the difference in instructions over the difference in answers is one
# answer's cost, with /create (the set's 500 answers prepared) and the joins cancelled out.
#
#   tools/callgrind/core-answer.sh [N1 N2]     (default 2000 and 6000)
set -euo pipefail
N1=${1:-2000} N2=${2:-6000}
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${CALLGRIND_OUT:-/tmp/chalkline-callgrind}"
mkdir -p "$out"
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }
(cd "$root/Benchmarks" && swift build -c release --product AnswerCost >&2)
bin="$root/Benchmarks/.build/release/AnswerCost"

collected() { # GAME ANSWERS -> instructions
    valgrind --tool=callgrind --callgrind-out-file="$out/core.$1.$2" --collect-atstart=no \
        --toggle-collect='*ServerB0C7receive__3now*' --toggle-collect='*ServerB0C4tick3now*' \
        "$bin" "$1" "$2" 2>&1 >/dev/null | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}

declare -A per
for game in times set; do
    i1=$(collected "$game" "$N1"); i2=$(collected "$game" "$N2")
    per[$game]=$(( (i2 - i1) / (N2 - N1) ))
    echo "$game: $N1 answers $i1 instructions, $N2 answers $i2: ${per[$game]} an answer"
done
awk -v t="${per[times]}" -v s="${per[set]}" 'BEGIN { printf "set/times=%.2f (target <= 1.2)\n", s / t }'
