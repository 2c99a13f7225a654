#!/bin/bash
# Chalkline against its floor and its peer, each pair measured in the same run on this machine
# (issue 15). Builds what it needs, runs every pair alternating, RUNS times each, and prints one
# table of ratios; BENCHMARKS.md's headline table is this output.
#
#   tools/peers/run.sh [RUNS]        (default 3; `make bench-peers` runs it)
#   ONLY=websocket tools/peers/run.sh   the WebSocket pairs alone
#   ONLY=answers tools/peers/run.sh     the answers pairs and issue 28's targets alone
#   ONLY=memory tools/peers/run.sh      the memory measurement alone, RUNS times, each run's figure
#
# Pairs:
#   answers    floor-server vs chalkline-server (SQLite on disk, as in class), driven by the same
#              client (floor-bench, in each server's protocol): rooms of 20 players, 20 questions
#              of 0.2 s, at 200, 230 and 260 rooms (about 25,000, 29,000 and 33,000 answers
#              offered a second). Each side's error-free rate is its best run with no error
#              (no late answer judged wrong, no already_answered, no answer with no question).
#              Issue 28's targets, each run on its own: server CPU per judged answer (every
#              thread, floor-bench's server_cpu) against the floor's at the highest load both
#              carried error-free in that run; chalkline's best error-free rate against the
#              floor's; and overload: chalkline at 1.5x the rooms of its best error-free level
#              in that run, its answers judged a second against that level's, and how many
#              answers got no reply at all.
#   fan-out    the same client, one room of 1,000 players, 10 questions of 2 s with 1 s between:
#              each question's kernel arrival at each player minus the room's first, p99.
#   broadcast  fanout-client: a room of 1,000 receiving 1,000 host `/say` lines against
#              redis-server's PUBLISH to 1,000 subscribers of one channel.
#   memory     chalkline-server's RSS before and with 10,020 connections seated in lobbies
#              (`chalkline bench --rooms 20 --players 500 --hold`).
#   websocket  chalkline-server against itself, its players on TCP or on WebSocket (/ws), the same
#              client for both (floor-bench and fanout-client, each in chalkline or chalkline-ws):
#              server CPU per judged answer at 100 rooms x 20 (a load both carry error-free), RSS
#              per seated connection with 20 rooms x 500 seated, and a `/say` to 1,000.
set -euo pipefail
RUNS=${1:-3}
# ONLY=websocket runs only the WebSocket pairs (about 2 minutes a run); ONLY=answers only the
# answers pairs and the overload run (about 1.5 minutes a run).
ONLY=${ONLY:-}
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${PEERS_OUT:-/tmp/chalkline-peers}"
mkdir -p "$out"
cd "$root"

if ! command -v redis-server >/dev/null 2>&1; then
    echo "installing redis-server with apt-get" >&2
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >&2
fi
swift build -c release >&2
bin="$root/.build/release"
for prog in loopback-floor/floor-server loopback-floor/floor-bench peers/fanout-client; do
    name=$(basename "$prog")
    if [ ! -x "$out/$name" ] || [ "tools/$prog.c" -nt "$out/$name" ] || [ tools/loopback-floor/ws-client.h -nt "$out/$name" ]; then
        cc -std=c11 -O2 -Wall -Wextra -o "$out/$name" "tools/$prog.c"
    fi
done

# Below the ephemeral range (32768 and up), where the bench's own connections could hold a port.
port=$((10000 + RANDOM % 20000))
next_port() { port=$((port + 1)); }
wait_port() { # until something listens on 127.0.0.1:$1
    for _ in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/"$1") 2>/dev/null && return 0; sleep 0.05; done
    echo "nothing listens on $1" >&2; return 1
}
quiet() { # until the CPUs were at least 95% idle for a second (at most 30 s)
    for _ in $(seq 30); do
        local a b tot=0 k
        a=($(head -1 /proc/stat)); sleep 1; b=($(head -1 /proc/stat))
        for k in 1 2 3 4 5 6 7 8; do tot=$((tot + b[k] - a[k])); done
        [ $(( (b[4] - a[4]) * 100 / tot )) -ge 95 ] && return 0
    done
    echo "the machine never went quiet: measuring anyway" >&2
}
chalkline_server() { # PORT DB: starts it, sets SP
    "$bin/chalkline-server" --bind 127.0.0.1 --port "$1" --max-players 1001 --max-per-ip 20000 \
        --rate-limit 0 --max-connections 20000 --max-rooms-per-ip 1000 --no-advertise --db "$2" \
        >"$out/server.log" 2>&1 &
    SP=$!
    wait_port "$1"
}
stop() { kill -TERM "$SP" 2>/dev/null || true; wait "$SP" 2>/dev/null || true; }
field() { grep -o "\b$1=[0-9.]*" | head -1 | cut -d= -f2; }
# floor-bench's figures: answers/s, errors (late answers judged wrong, already_answered, no round)
answers() { # FILE -> "rate errors unanswered cpu": unanswered = answers sent that got no reply
    local rate right wrong already noround other sent cpu
    rate=$(field answers_per_s <"$1"); wrong=$(field ok_wrong <"$1"); right=$(field ok_correct <"$1")
    already=$(field err_already <"$1"); noround=$(field err_noround <"$1"); other=$(field err_other <"$1")
    sent=$(field answers_sent <"$1")
    cpu=$(sed -n 's/^server_cpu.* us\/answer=\([0-9.]*\).*/\1/p' "$1")
    echo "${rate:-0} $((wrong + already + noround + other)) $((sent - right - wrong - already - noround)) ${cpu:-0}"
}
gt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }'; }
list() { local IFS=/; echo "$*"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
wm() { echo ${1} | tr ' ' '\n' | median; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

LEVELS=${LEVELS:-"200 230 260"}   # rooms of 20
declare -a floor_fan ck_fan redis_say ck_say
declare -A web_cpu web_err web_rss web_say    # by chalkline / chalkline-ws: each run's figure
rss_kb() { awk '/VmRSS/{print $2}' /proc/"$1"/status; }
declare -A rate err cpu             # by "floor 200", "chalkline 230", ...: each run's figure
# Issue 28, each run's own figures: "2" CPU ratio at the highest load both carried error-free,
# "3" best error-free rates' ratio, "4" the overload run.
declare -a t2 t3 t4 t4ok
declare -A clean=([floor]=0 [chalkline]=0)   # each side's best rate in a run with no error
for run in $(seq "$RUNS"); do
    [ "$ONLY" = memory ] && break
    if [ "$ONLY" != websocket ]; then
    declare -A best=([floor]=0 [chalkline]=0) bestAt=([chalkline]=0)
    both=""   # the highest level both sides carried error-free in this run
    for rooms in $LEVELS; do
        clean_here=0
        for side in floor chalkline; do
            quiet; next_port; rm -f "$out"/bench.sqlite*
            if [ "$side" = floor ]; then
                "$out/floor-server" "$port" 2>/dev/null & SP=$!; wait_port "$port"
            else
                chalkline_server "$port" "$out/bench.sqlite"
            fi
            "$out/floor-bench" "$port" "$rooms" 20 20 200 0.8 "$SP" 0 "$side" >"$out/answers-$side-$rooms.txt" 2>/dev/null || true
            stop
            read -r r e u c < <(answers "$out/answers-$side-$rooms.txt")
            rate["$side $rooms"]+="$r "; err["$side $rooms"]+="$e "; cpu["$side $rooms"]+="$c "
            if [ "$e" = 0 ] && gt "$r" "${clean[$side]}"; then clean[$side]=$r; fi
            if [ "$e" = 0 ] && gt "$r" "${best[$side]}"; then best[$side]=$r; bestAt[$side]=$rooms; fi
            [ "$e" = 0 ] && clean_here=$((clean_here + 1))
            echo "run $run, $side at $rooms rooms: $r answers/s, $e errors, $u unanswered, $c us/answer server CPU" >&2
        done
        [ "$clean_here" = 2 ] && both=$rooms
    done
    if [ -n "$both" ]; then
        f=$(echo ${cpu["floor $both"]} | awk '{print $NF}'); k=$(echo ${cpu["chalkline $both"]} | awk '{print $NF}')
        t2+=("$both rooms: $k/$f = $(ratio "$k" "$f")")
    else
        t2+=("no level error-free on both sides")
    fi
    t3+=("$(ratio "${best[chalkline]}" "${best[floor]:-1}")")
    # Overload: 1.5x the rooms chalkline carried error-free in this run (its lowest level if none).
    base=${bestAt[chalkline]}; [ "$base" = 0 ] && base=${LEVELS%% *}
    over=$((base * 3 / 2))
    quiet; next_port; rm -f "$out"/bench.sqlite*
    chalkline_server "$port" "$out/bench.sqlite"
    "$out/floor-bench" "$port" "$over" 20 20 200 0.8 "$SP" 0 chalkline >"$out/answers-overload-$over.txt" 2>/dev/null || true
    stop
    read -r r e u c < <(answers "$out/answers-overload-$over.txt")
    at=$(echo ${rate["chalkline $base"]} | awk '{print $NF}')
    t4+=("$over rooms: $r/s ($e refused, $u unanswered) = $(ratio "$r" "$at") of $at at $base")
    gt "$(ratio "$r" "$at")" 0.799 && [ "$u" = 0 ] && t4ok+=(yes) || t4ok+=(no)
    echo "run $run, chalkline overloaded at $over rooms: $r answers/s, $e refused, $u unanswered ($at at $base rooms)" >&2
    [ "$ONLY" = answers ] && continue

    quiet; next_port
    "$out/floor-server" "$port" 2>/dev/null & SP=$!; wait_port "$port"
    "$out/floor-bench" "$port" 1 1000 10 2000 0.5 "$SP" 1000 floor >"$out/fan-floor.txt" 2>/dev/null || true; stop
    floor_fan+=("$(sed -n 's/^fanout_ms.* p99=\([0-9.]*\).*/\1/p' "$out/fan-floor.txt")")
    quiet; next_port
    chalkline_server "$port" :memory:
    "$out/floor-bench" "$port" 1 1000 10 2000 0.5 "$SP" 1000 chalkline >"$out/fan-ck.txt" 2>/dev/null || true; stop
    ck_fan+=("$(sed -n 's/^fanout_ms.* p99=\([0-9.]*\).*/\1/p' "$out/fan-ck.txt")")

    quiet; next_port
    redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no >"$out/redis.log" 2>&1 & SP=$!
    wait_port "$port"
    redis_say+=("$("$out/fanout-client" redis "$port" 1000 1000 | field deliveries_per_s)"); stop
    quiet; next_port
    chalkline_server "$port" :memory:
    ck_say+=("$("$out/fanout-client" chalkline "$port" 1000 1000 | field deliveries_per_s)"); stop
    echo "run $run: fan-out p99 floor ${floor_fan[-1]} chalkline ${ck_fan[-1]} ms;" \
         "say redis ${redis_say[-1]} chalkline ${ck_say[-1]}/s" >&2

    fi
    [ "$ONLY" = answers ] && continue
    for proto in chalkline chalkline-ws; do
        quiet; next_port; chalkline_server "$port" :memory:
        "$out/floor-bench" "$port" 100 20 20 200 0.8 "$SP" 0 "$proto" >"$out/web-$proto.txt" 2>/dev/null || true; stop
        web_cpu[$proto]+="$(sed -n 's/^server_cpu.* us\/answer=\([0-9.]*\).*/\1/p' "$out/web-$proto.txt") "
        read -r _ e _ _ < <(answers "$out/web-$proto.txt"); web_err[$proto]+="$e "
        quiet; next_port; chalkline_server "$port" :memory:
        sleep 1; idle=$(rss_kb "$SP")
        "$out/floor-bench" "$port" 20 500 1 200 0.8 "$SP" 0 "$proto" >"$out/web-mem-$proto.txt" 2>/dev/null || true; stop
        seated=$(field server_rss_kb_seated <"$out/web-mem-$proto.txt")
        web_rss[$proto]+="$(( (seated - idle) * 1024 / 10020 )) "
        quiet; next_port; chalkline_server "$port" :memory:
        web_say[$proto]+="$("$out/fanout-client" "$proto" "$port" 1000 1000 | field deliveries_per_s) "; stop
    done
    echo "run $run: websocket us/answer ${web_cpu[chalkline-ws]} vs tcp ${web_cpu[chalkline]};" \
         "bytes/seat ${web_rss[chalkline-ws]} vs ${web_rss[chalkline]}; say ${web_say[chalkline-ws]} vs ${web_say[chalkline]}" >&2
done

# Memory: RSS with nobody connected, then with 10,020 connections seated in 20 lobbies.
memory() { # sets rss0, rss1 and per
    quiet; next_port
    chalkline_server "$port" :memory:
    sleep 1
    rss0=$(awk '/VmRSS/{print $2}' /proc/"$SP"/status)
    "$bin/chalkline" bench "127.0.0.1:$port" --rooms 20 --players 500 --questions 0 --hold 8 >"$out/mem-bench.txt" 2>&1 &
    BP=$!
    for _ in $(seq 300); do [ "$(ls /proc/"$SP"/fd | wc -l)" -ge 10020 ] && break; sleep 0.1; done
    sleep 2
    rss1=$(awk '/VmRSS/{print $2}' /proc/"$SP"/status)
    wait "$BP" || true; stop
    per=$(( (rss1 - rss0) * 1024 / 10020 ))
}
if [ "$ONLY" = memory ]; then
    echo "chalkline memory, $(date -u +%F), commit $(git rev-parse --short HEAD), $RUNS runs"
    echo
    for run in $(seq "$RUNS"); do
        memory
        echo "| RSS per seated connection (bytes), run $run | | $per ($rss0 kB idle, $rss1 kB with 10,020) | | ≤ 1,024 |"
    done
    exit 0
fi
if [ -z "$ONLY" ]; then
memory

ff=$(printf '%s\n' "${floor_fan[@]}" | median); cf=$(printf '%s\n' "${ck_fan[@]}" | median)
rs=$(printf '%s\n' "${redis_say[@]}" | median); cs=$(printf '%s\n' "${ck_say[@]}" | median)
fi
echo "chalkline peers, $(date -u +%F), commit $(git rev-parse --short HEAD), $RUNS runs each, medians"
echo
if [ "$ONLY" != websocket ]; then
echo "| pair | floor or peer | chalkline | ratio | target |"
echo "|---|---|---|---|---|"
for rooms in $LEVELS; do
    fl=$(echo ${rate["floor $rooms"]} | tr ' ' '\n' | median); ck=$(echo ${rate["chalkline $rooms"]} | tr ' ' '\n' | median)
    echo "| answers/s at $rooms rooms x 20 (errors) | $(echo ${rate["floor $rooms"]} | tr ' ' '/') ($(echo ${err["floor $rooms"]} | tr ' ' '/')) | $(echo ${rate["chalkline $rooms"]} | tr ' ' '/') ($(echo ${err["chalkline $rooms"]} | tr ' ' '/')) | $(ratio "$ck" "$fl") | |"
done
for rooms in $LEVELS; do
    echo "| server CPU per judged answer (µs) at $rooms rooms | $(echo ${cpu["floor $rooms"]} | tr ' ' '/') | $(echo ${cpu["chalkline $rooms"]} | tr ' ' '/') | $(ratio "$(wm "${cpu["chalkline $rooms"]}")" "$(wm "${cpu["floor $rooms"]}")") | |"
done
echo "| answers/s, best run with no error | ${clean[floor]} | ${clean[chalkline]} | $(ratio "${clean[chalkline]}" "${clean[floor]}") | ≥ 0.90 |"
if [ -z "$ONLY" ]; then
echo "| question fan-out p99, 1 room x 1,000 (ms) | floor $(list "${floor_fan[@]}") | $(list "${ck_fan[@]}") | $(ratio "$cf" "$ff") | ≤ 1.5 |"
echo "| /say deliveries/s, 1,000 x 1,000 | redis $(list "${redis_say[@]}") | $(list "${ck_say[@]}") | $(ratio "$cs" "$rs") | ≥ 1.0 |"
echo "| RSS per seated connection (bytes) | | $per ($rss0 kB idle, $rss1 kB with 10,020) | | ≤ 1,024 |"
fi
echo
echo "Issue 28's targets, each run on its own:"
echo
echo "| run | 2: server CPU per judged answer, chalkline/floor, at the highest load both carried error-free (≤ 1.5) | 3: best error-free answers/s, chalkline/floor (≥ 0.9) | 4: overloaded at 1.5x chalkline's error-free rooms, answers/s against there (≥ 0.8, every answer replied to) |"
echo "|---|---|---|---|"
for i in "${!t3[@]}"; do
    echo "| $((i + 1)) | ${t2[$i]} | ${t3[$i]} | ${t4[$i]}: ${t4ok[$i]} |"
done
fi
[ "$ONLY" = answers ] && exit 0
echo
echo "| WebSocket against TCP (chalkline-server both) | TCP | WebSocket | ratio | target |"
echo "|---|---|---|---|---|"
echo "| server CPU per judged answer (µs), 100 rooms x 20 (errors) | $(echo ${web_cpu[chalkline]} | tr ' ' '/') ($(echo ${web_err[chalkline]} | tr ' ' '/')) | $(echo ${web_cpu[chalkline-ws]} | tr ' ' '/') ($(echo ${web_err[chalkline-ws]} | tr ' ' '/')) | $(ratio "$(wm "${web_cpu[chalkline-ws]}")" "$(wm "${web_cpu[chalkline]}")") | ≤ 1.25 |"
echo "| RSS per seated connection (bytes), 20 rooms x 500 | $(echo ${web_rss[chalkline]} | tr ' ' '/') | $(echo ${web_rss[chalkline-ws]} | tr ' ' '/') | $(ratio "$(wm "${web_rss[chalkline-ws]}")" "$(wm "${web_rss[chalkline]}")") | ≤ 1.25 |"
echo "| /say deliveries/s to 1,000 | $(echo ${web_say[chalkline]} | tr ' ' '/') | $(echo ${web_say[chalkline-ws]} | tr ' ' '/') | $(ratio "$(wm "${web_say[chalkline-ws]}")" "$(wm "${web_say[chalkline]}")") | ≥ 0.8 |"
