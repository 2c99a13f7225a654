#!/usr/bin/python3
"""The desk's Past games and Progress tabs in headless Chromium, for DeskViewsTests.swift.

teacher_desk.py's commands (host.py's and size, relay...), and:
  {"cmd":"capture","page":P,"dir":D,"label":L}    screenshots of the viewport at 1366x768, 1920x1080 and 360x740,
                                                  named desk-L-WIDTH.png; with "css":C, C scrolled to the top
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import host  # noqa: E402
import teacher_desk  # noqa: E402


def run(cmd):
    if cmd["cmd"] != "capture":
        teacher_desk.run(cmd)
        return
    page = cmd.get("page")
    d = host.browser(page)
    os.makedirs(cmd["dir"], exist_ok=True)
    paths = []
    for width, height in teacher_desk.SIZES:
        teacher_desk.viewport(d, width, height)
        if cmd.get("css"):
            d.execute_script("document.querySelector(arguments[0]).scrollIntoView()", cmd["css"])
        path = os.path.join(cmd["dir"], "desk-%s-%d.png" % (cmd["label"], width))
        d.save_screenshot(path)
        paths.append(path)
    teacher_desk.viewport(d, 1366, 768)
    host.emit(page, "captured", paths=paths)


if __name__ == "__main__":
    host.main(run)
