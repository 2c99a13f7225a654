#!/bin/bash
# The same bench against SQLite and PostgreSQL, alternating: answers/s, errors, server CPU.
# Needs release builds (swift build -c release) and Debian's postgresql; starts a throwaway
# cluster on a Unix socket under /tmp (as postgres when run as root) and removes it afterwards.
#   tools/storage-bench/run.sh [RUNS]      (BENCH="--rooms 100 --players 25 --questions 20 --time 0.2")
cd "$(dirname "$0")/../.."
B=.build/release
RUNS=${1:-2}
BENCH=${BENCH:---rooms 100 --players 25 --questions 20 --time 0.2}
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
DIR=$(mktemp -d /tmp/chalkline-storage-bench-XXXX)
AS=""; [ "$(id -u)" = 0 ] && { chown postgres "$DIR"; AS="runuser -u postgres --"; }
$AS "$PGBIN/initdb" -D "$DIR/data" -U chalkline --auth=trust -E UTF8 --locale=C >/dev/null
$AS "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w -o "-k $DIR -c listen_addresses=''" start >/dev/null
trap '$AS "$PGBIN/pg_ctl" -D "$DIR/data" -m fast stop >/dev/null; rm -rf "$DIR"' EXIT
URI="postgres://chalkline@$(python3 -c "import urllib.parse,sys; print(urllib.parse.quote(sys.argv[1], safe=''))" "$DIR")/bench"

one() {
    local db
    if [ "$1" = sqlite ]; then rm -f "$DIR"/bench.sqlite*; db="$DIR/bench.sqlite"
    else "$PGBIN/dropdb" -h "$DIR" -U chalkline --if-exists bench 2>/dev/null; "$PGBIN/createdb" -h "$DIR" -U chalkline bench; db="$URI"; fi
    $B/chalkline-server --bind 127.0.0.1 --port 7440 --max-players 1001 --max-per-ip 20000 --rate-limit 0 \
        --max-connections 20000 --max-rooms-per-ip 1000 --no-advertise --db "$db" > "$DIR/server.log" 2>&1 &
    local pid=$!
    sleep 1
    $B/chalkline bench 127.0.0.1:7440 $BENCH > "$DIR/bench.out" 2>&1
    sleep 1
    local cpu; cpu=$(awk '{print ($14+$15)/100}' /proc/$pid/stat)
    kill $pid; wait $pid 2>/dev/null
    echo "$1 server-cpu=${cpu}s $(grep -E 'answers/s|^errors' "$DIR/bench.out" | tr -s ' ' | tr '\n' ' ')"
}

for _ in $(seq "$RUNS"); do one sqlite; one postgres; done
