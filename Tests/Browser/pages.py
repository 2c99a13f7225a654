#!/usr/bin/python3
"""host.py's commands, plus a screenshot at any one width, for tests of student and teacher
pages side by side (Tests/ChalklineIntegrationTests/ComebackPageTests.swift and
HomeworkPausePageTests.swift).

Every command of host.py works here unchanged (one command on stdin, one event back), and:
  {"cmd":"shot","page":P,"path":F,"width":W,"height":H}
      the window at W x H, a screenshot to F ("captured", with "paths"), then back to 1366x768
Nothing here sleeps: every wait is a WebDriverWait with a deadline.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chromium  # noqa: E402
import host  # noqa: E402  (the driver this script extends)


def run(cmd):
    if cmd["cmd"] != "shot":
        host.run(cmd)
        return
    page = cmd.get("page")
    d = host.browser(page)
    width, height = cmd["width"], cmd["height"]
    os.makedirs(os.path.dirname(cmd["path"]), exist_ok=True)
    chromium.resize(d, width, height)
    d.save_screenshot(cmd["path"])
    d.set_window_size(*chromium.SIZE)
    host.emit(page, "captured", paths=[cmd["path"]])


if __name__ == "__main__":
    host.main(run)
