#!/usr/bin/env python3
"""Issue 17's attacks at full size against a release server, with a prober beside them.

Each attack runs while a well-behaved client sends /ping every 50 ms (its worst reply time is
the loop's stall), the server's RSS is sampled, and its log lines are counted. One table at the
end; nothing here is a pass/fail test (the regression tests in ExhaustionTests are).

    swift build -c release
    python3 tools/attacks/run.py --server .build/release/chalkline-server [--only NAME]

Attacks: rooms (one IP opens rooms for 60 s), chat (80 players x 40 /say of 295 characters),
report (a 101-player, 150-round game, then /report), abandoned (60 games started and dropped,
then 60 s), readonly (a read-only database for 2 minutes of play).
"""
import argparse, asyncio, json, os, re, subprocess, sys, tempfile, time

PORT = 0


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


async def connect(host="127.0.0.1"):
    return await asyncio.open_connection("127.0.0.1", PORT, local_addr=(host, 0), limit=1 << 24)


async def read_json(reader):
    while True:
        line = await reader.readline()
        if not line:
            raise ConnectionError("closed")
        if line.startswith(b"{"):
            return json.loads(line)


async def reply(reader, cmd):
    while True:
        msg = await read_json(reader)
        if msg.get("type") in ("ok", "error") and msg.get("cmd") == cmd:
            return msg


async def player(name, host="127.0.0.2"):
    reader, writer = await connect(host)
    writer.write(f"/format json\n/name {name}\n".encode())
    await reply(reader, "name")
    return reader, writer


async def drain(reader):
    try:
        while await reader.read(1 << 16):
            pass
    except (ConnectionError, OSError):
        pass


class Probe:
    """Pings every 50 ms from its own address; records the worst reply time and RSS."""
    def __init__(self, pid):
        self.pid, self.worst, self.peak, self.lost = pid, 0.0, 0, False

    async def run(self, stop):
        reader, writer = await player("prober", "127.0.0.3")
        while not stop.is_set():
            sent = time.monotonic()
            writer.write(b"/ping\n")
            try:
                await asyncio.wait_for(reply(reader, "ping"), 30)
            except (asyncio.TimeoutError, ConnectionError):
                self.lost = True
                return
            self.worst = max(self.worst, time.monotonic() - sent)
            self.peak = max(self.peak, rss_kib(self.pid))
            await asyncio.sleep(0.05)


async def attack_rooms(args):
    end = time.monotonic() + 60
    refused = made = 0
    while time.monotonic() < end:
        reader, writer = await connect("127.0.0.9")
        writer.write(b"/format json\n/name x\n/create times\n/quit\n")
        msg = await reply(reader, "create")
        made += msg["type"] == "ok"
        refused += msg.get("code") == "too_many_rooms"
        writer.close()
    return f"rooms made {made}, refused {refused}"


async def game_room(name, options, players, host="127.0.0.4"):
    hr, hw = await player(name, host)
    hw.write(f"/create times play=no {options}\n".encode())
    code = (await reply(hr, "create"))["room"]
    seats = []
    for i in range(players):
        r, w = await player(f"{name}p{i}", f"127.0.{1 + i // 200}.{10 + i % 200}")
        w.write(f"/join {code}\n".encode())
        await reply(r, "join")
        seats.append((r, w))
    return hr, hw, code, seats


async def attack_chat(args):
    hr, hw, code, seats = await game_room("chathost", "", 80)
    readers = [asyncio.create_task(drain(r)) for r, _ in seats]
    line = b"/say " + b"z" * 295 + b"\n"
    for _, w in seats:
        w.write(line * 40)
    await asyncio.gather(*(w.drain() for _, w in seats))
    await asyncio.sleep(3)
    alive = sum(not r.at_eof() for r, _ in seats)
    for t in readers:
        t.cancel()
    return f"players still connected {alive}/80"


async def answer_all(reader, writer, wrong=False):
    """Answers every question until game_end; returns the number of answers."""
    n = 0
    while True:
        msg = await read_json(reader)
        if msg.get("type") == "question":
            a, b = (int(x) for x in msg["text"].split(" x "))
            writer.write(f"{a * b + (1 if wrong else 0)}\n".encode())
            n += 1
        if msg.get("type") == "game_end":
            return n


async def attack_report(args):
    hr, hw, code, seats = await game_room("rephost", "time=2 gap=0 countdown=0 rounds=150", 101)
    hw.write(b"/start\n")
    await asyncio.gather(*(answer_all(r, w, i % 3 == 0) for i, (r, w) in enumerate(seats)))
    sent = time.monotonic()
    hw.write(b"/report\n")
    msg = await asyncio.wait_for(reply(hr, "report"), 60)
    size = len(json.dumps(msg))
    return f"report {size / 1e6:.2f} MB in {time.monotonic() - sent:.2f} s, type {msg['type']}"


async def attack_abandoned(args):
    for i in range(60):
        r, w = await player(f"ab{i}", "127.0.0.5")
        w.write(b"/create times time=0.5 gap=0 countdown=0 rounds=500\n/start\n")
        await reply(r, "start")
        w.close()
    size0 = os.path.getsize(args.db) if os.path.exists(args.db) else 0
    await asyncio.sleep(60)
    size1 = os.path.getsize(args.db) if os.path.exists(args.db) else 0
    return f"database grew {(size1 - size0) / 1e6:.2f} MB in the 60 s after"


async def attack_readonly(args):
    os.chmod(args.db, 0o444)
    hr, hw, code, seats = await game_room("rohost", "time=0.5 gap=0 countdown=0 rounds=240", 40)
    hw.write(b"/start\n")
    await asyncio.gather(*(answer_all(r, w) for r, w in seats))
    os.chmod(args.db, 0o644)
    return "played 240 rounds of 40 players on a read-only database"


ATTACKS = {"rooms": attack_rooms, "chat": attack_chat, "report": attack_report,
           "abandoned": attack_abandoned, "readonly": attack_readonly}


async def run_one(name, args):
    global PORT
    db = args.db = os.path.join(tempfile.mkdtemp(), "attack.sqlite")
    log = open(f"attack-{name}.log", "w")
    extra = ["--max-rooms-per-ip", "20"] if name == "rooms" else []
    server = subprocess.Popen([args.server, "--port", "0", "--bind", "127.0.0.1", "--db", db,
                               "--max-per-ip", "400"] + extra, stdout=subprocess.PIPE, stderr=log)
    PORT = int(re.match(r"listening on .*:(\d+)", server.stdout.readline().decode()).group(1))
    started = time.monotonic()
    probe, stop = Probe(server.pid), asyncio.Event()
    probing = asyncio.create_task(probe.run(stop))
    try:
        what = await ATTACKS[name](args)
    finally:
        stop.set()
        await probing
        server.terminate()
        server.wait(timeout=10)
    minutes = max(1 / 60, (time.monotonic() - started) / 60)
    lines = sum(1 for _ in open(f"attack-{name}.log"))
    print(f"| {name} | {what} | {probe.worst * 1000:.0f} ms{' (LOST)' if probe.lost else ''} | "
          f"{probe.peak / 1024:.0f} MiB | {lines / minutes:.0f} |", flush=True)


async def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--server", default=".build/release/chalkline-server")
    ap.add_argument("--only", choices=sorted(ATTACKS))
    args = ap.parse_args()
    print("| attack | what happened | worst /ping | peak RSS | log lines a minute |")
    print("|---|---|---|---|---|")
    for name in ([args.only] if args.only else list(ATTACKS)):
        await run_one(name, args)


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
