#!/usr/bin/python3
"""The teacher's page after something went wrong (a module that did not load, a reconnect after
the game), for Tests/ChalklineIntegrationTests/TeacherPageRecoversTests.swift.

teacher_desk.py's commands (host.py's, the relay, capture at 1366, 1920 and 360 px), and:
  {"cmd":"block","page":P,"urls":[PATTERN, ...]}  P's requests to those URLs fail from now on,
                                                  across reloads, as a dropped request on the
                                                  school Wi-Fi does ([] lets them through again)
"wait" is host.py's, but a page between two loads (one it started itself) counts as not yet.
Nothing here sleeps: every wait is a WebDriverWait with a deadline.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import host  # noqa: E402  (the browsers, waits and generic commands)
import teacher_desk  # noqa: E402  (the relay and the three screenshot sizes)
from selenium.common.exceptions import WebDriverException  # noqa: E402


def run(cmd):
    page = cmd.get("page")
    if cmd["cmd"] == "block":
        d = host.browser(page)
        d.execute_cdp_cmd("Network.enable", {})
        d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": cmd["urls"]})
        host.emit(page, "done")
    elif cmd["cmd"] == "wait":
        d = host.browser(page)

        def shown():
            try:
                return d.execute_script(cmd["js"])
            except WebDriverException:
                return None
        host.emit(page, "value", value=host.wait(d, cmd.get("what", cmd["js"]), shown, cmd.get("timeout", host.WAIT)))
    else:
        teacher_desk.run(cmd)


if __name__ == "__main__":
    host.main(run)
