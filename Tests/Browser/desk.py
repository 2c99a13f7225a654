#!/usr/bin/python3
"""The teacher's desk (/desk), for DeskPageTests.swift.

teacher_desk.py's commands (host.py's, and size, capture at 1366x768, 1920x1080 and 360x740,
the relay), the screenshots named desk-LABEL-WIDTH.png.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import host  # noqa: E402
import teacher_desk  # noqa: E402


def run(cmd):
    if cmd["cmd"] == "capture":
        cmd.setdefault("prefix", "desk")
    teacher_desk.run(cmd)


if __name__ == "__main__":
    host.main(run)
