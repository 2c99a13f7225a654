#!/bin/bash
# Instructions the core executes for issue 42's two steps, in CoreLanguages' rooms (a class of
# 30 and its host), with FanOutCost under callgrind:
# - a question made and sent to the room: collected only inside ServerCore.tick (the gap after
#   an unmeasured /skip runs out; the round is opened, its question made, rendered once per
#   format and language, recorded);
# - an answer judged: collected only inside the room's answer (Room.answer: judging, the reply
#   rendered in the player's format and language, the record); the line's reading before it
#   is the same in every language.
# Each case runs N1 and N2 steps; the difference in instructions over the difference in steps
# is one step's, setup (joins, /lang) cancelled out. Instructions are exact from run to run
# where this shared machine's wall clock is not.
#
#   Benchmarks/fan-out-callgrind.sh [N1 N2]      (default 100 and 400)
#   BIN=/other/tree/Benchmarks/.build/release/FanOutCost LANGS=en Benchmarks/fan-out-callgrind.sh
# LANGS: the language setups to run (default `en en,fr,es,de,pt` for questions; answers take
# `en` and `fr` from it); `en` alone for a build from before issue 42, which has no /lang.
set -euo pipefail
N1=${1:-100} N2=${2:-400}
here="$(cd "$(dirname "$0")" && pwd)"
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }
if [ -z "${BIN:-}" ]; then
    (cd "$here" && swift build -c release --product FanOutCost >&2)
    BIN="$here/.build/release/FanOutCost"
fi
LANGS=${LANGS:-"en en,fr,es,de,pt"}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
tick='*ServerB0C4tick3now*'
answer="${ANSWER_SYMBOL:-*RoomC6answer_8question4seat3now7arrived3out*}"

collected() { # TOGGLE ARGS... -> instructions
    local toggle=$1; shift
    valgrind --tool=callgrind --callgrind-out-file="$out/cg.%p" --collect-atstart=no --toggle-collect="$toggle" \
        "$BIN" "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}

step() { # TOGGLE ARGS... (without the count)
    local toggle=$1; shift
    local i1 i2
    i1=$(collected "$toggle" "$@" "$N1"); i2=$(collected "$toggle" "$@" "$N2")
    echo "$*: $(( (i2 - i1) / (N2 - N1) )) instructions a step ($N1: $i1, $N2: $i2)"
}

"$BIN" question money text en 1 | sed 's/^/check: /'
for game in money times; do
    for format in text json; do
        for langs in $LANGS; do
            step "$tick" question "$game" "$format" "$langs"
        done
    done
done
for format in text json; do
    for langs in $LANGS; do
        [ "$langs" = en ] || langs=fr
        step "$answer" answer "$format" "$langs"
    done
done
