#!/usr/bin/env python3
"""A Chalkline bot for the times-table race, in Python's standard library only.

Run it (Python 3.8 or later) while a room is open:

    python3 bot.py --room QXRM                    # server on this machine, port 7420
    python3 bot.py --room QXRM --host 192.168.1.20 --port 7420 --name robo

It joins the room, answers every question, and exits when the game ends. Everything it
uses is in protocol.md: one JSON object a line, dispatched on "type". Start here for your
own bot: make it slower, cleverer, or wrong on purpose.
"""
import argparse
import json
import socket


def answer(text):
    """'7 x 8' -> 56."""
    a, b = (int(part) for part in text.split("x"))
    return a * b


def main():
    p = argparse.ArgumentParser(description="A Chalkline times-race bot.")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=7420)
    p.add_argument("--room", required=True, help="the room's 4-letter code")
    p.add_argument("--name", default="pybot")
    args = p.parse_args()

    sock = socket.create_connection((args.host, args.port))
    lines = sock.makefile("r", encoding="utf-8", newline="\n")

    def send(line):
        sock.sendall((line + "\n").encode("utf-8"))

    send("/format json")                      # the welcome before it is text: skipped below
    send(f"/join {args.room} {args.name}")
    score = 0
    for line in lines:
        if not line.startswith("{"):
            continue                          # the text welcome
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "error":
            print("error:", msg["code"], msg["message"])
            if msg["cmd"] == "join":
                return 1
        elif kind == "ok" and msg["cmd"] == "join":
            print(f"joined room {msg['room']} as {msg['name']}")
        elif kind == "question":
            # Name the question: an answer that arrives after it closed is then refused, not
            # judged against the next one (a bare line, as a person types, would be).
            send(f"/answer id={msg['id']} {answer(msg['text'])}")
        elif kind == "ok" and msg["cmd"] == "answer":
            score = msg["score"]
            print(f"{'right' if msg['correct'] else 'wrong'}: +{msg['points']}, score {score}")
        elif kind == "game_end":
            mine = [r for r in msg["standings"] if r["name"] == args.name]
            print(f"game over: rank {mine[0]['rank']}, score {mine[0]['score']}" if mine else "game over")
            send("/quit")
            return 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
