#!/usr/bin/python3
"""host.py's commands, with screenshots at a phone's width and a projector's (360 and 1920 px).

Driven by Tests/ChalklineIntegrationTests/OneRankingTests.swift: the projector (the teacher's
page watching a room) and a student's page side by side, each place they show compared with
the server's. Everything else (one command, one event back; no sleeps) is host.py's.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import host  # noqa: E402

host.SIZES = [(360, 740), (1920, 1080)]                # a phone, the projector

if __name__ == "__main__":
    host.main()
