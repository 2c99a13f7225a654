#!/usr/bin/python3
"""host.py's commands for Tests/ChalklineIntegrationTests/MultipleChoicePageTests.swift, where
one student plays on a phone (360 px wide) for the whole game and the others press keys.

Every command of host.py works here unchanged (one command on stdin, one event back), and:
  {"cmd":"size","page":P,"width":W,"height":H}   P's window at W x H from now on ("done")
  {"cmd":"press","page":P,"keys":K}              type K into whatever has the focus, as a
                                                 keyboard would (a key pressed on the page)
  {"cmd":"shot","page":P,"path":F,"width":W,"height":H}
      the window at W x H, a screenshot to F ("captured", with "paths"), then back to P's size
Nothing here sleeps: every wait is a WebDriverWait with a deadline.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chromium  # noqa: E402
import host  # noqa: E402  (the driver this script extends)
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402

sizes = {}          # a page's own window size, once set


def run(cmd):
    kind = cmd["cmd"]
    page = cmd.get("page")
    if kind == "size":
        sizes[page] = (cmd["width"], cmd["height"])
        chromium.resize(host.browser(page), *sizes[page])
        host.emit(page, "done")
    elif kind == "press":
        ActionChains(host.browser(page)).send_keys(cmd["keys"]).perform()
        host.emit(page, "done")
    elif kind == "shot":
        d = host.browser(page)
        os.makedirs(os.path.dirname(cmd["path"]), exist_ok=True)
        chromium.resize(d, cmd["width"], cmd["height"])
        d.save_screenshot(cmd["path"])
        chromium.resize(d, *sizes.get(page, chromium.SIZE))
        host.emit(page, "captured", paths=[cmd["path"]])
    else:
        host.run(cmd)


if __name__ == "__main__":
    host.main(run)
