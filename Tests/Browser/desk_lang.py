#!/usr/bin/python3
"""The teacher's desk (/desk) in a language, for DeskLanguageTests.swift.

teacher_desk.py's commands (host.py's, size, relay...), and:
  {"cmd":"lang","page":P,"lang":L}             P's browser started as a browser set to L is: --lang=L and the
                                               intl.accept_languages pref (first, before any other command of P)
  {"cmd":"capture","page":P,"dir":D,"label":L} the whole page at 360 and 1920 px wide, named L-WIDTH.png
  {"cmd":"throttle","page":P,"rate":R}         P's CPU R times slower (DevTools), as on a cheap tablet
"""
import base64
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chromium  # noqa: E402
import host  # noqa: E402
import teacher_desk  # noqa: E402


def run(cmd):
    page = cmd.get("page")
    if cmd["cmd"] == "lang":
        host.browsers[page] = chromium.start(cmd["lang"])
        host.emit(page, "done")
    elif cmd["cmd"] == "throttle":
        host.browser(page).execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": cmd["rate"]})
        host.emit(page, "done")
    elif cmd["cmd"] == "capture":
        # The whole page at each width: the viewport emulated (a window 6,000 px tall is slow to
        # come on a loaded machine), then as it was.
        d = host.browser(page)
        os.makedirs(cmd["dir"], exist_ok=True)
        paths = []
        for width in (360, 1920):
            metrics = {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": False}
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
            metrics["height"] = max(800, min(6000, d.execute_script("return document.documentElement.scrollHeight")))
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
            shot = d.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})
            path = os.path.join(cmd["dir"], "%s-%d.png" % (cmd["label"], width))
            with open(path, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
            paths.append(path)
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        host.emit(page, "captured", paths=paths)
    else:
        teacher_desk.run(cmd)


if __name__ == "__main__":
    host.main(run)
