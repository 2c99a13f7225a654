#!/bin/bash
# Issue 40's target: a class's progress report under 200 ms of server time, on SQLite and on
# PostgreSQL, for a class of 30 with 200 games and 60 homework tries (ClassTerm, written through
# store.write), timed by ProgressTimingTests (which runs only when asked, and asserts no time).
# PostgreSQL is the tests' own throwaway cluster.
#   tools/progress-bench/run.sh [RUNS]            the debug build (an upper bound)
#   CONFIG=release tools/progress-bench/run.sh    a release build of the tests
cd "$(dirname "$0")/../.."
RUNS=${1:-20}
CONFIG=${CONFIG:-debug}
FLAGS=(-c "$CONFIG")
[ "$CONFIG" = release ] && FLAGS+=(-Xswiftc -enable-testing)
swift build "${FLAGS[@]}" --build-tests >/dev/null || exit 1
CHALKLINE_PROGRESS_BENCH=$RUNS swift test "${FLAGS[@]}" --skip-build --filter ProgressTimingTests 2>&1 | grep -E "wrote|Progress"
