#!/usr/bin/python3
"""The teacher page on a slow network, for Tests/ChalklineIntegrationTests/HostPageLanguageTests.swift.

The same protocol as host.py (one JSON command on stdin, exactly one JSON event back), whose
commands it keeps (open, wait, js, click, type, select, shot, ...; a page named NAME@LANG speaks
LANG), and every line a page sends on its WebSocket is kept in window.chalklineSent. Its own:
  {"cmd":"stall","page":P,"url":PATTERN,"ms":N}
      from now on P's requests to URLs matching PATTERN (Chromium's "*://*:*/lang/fr.json"
      form) are answered N ms late, as a busy school Wi-Fi or a proxy holding the request
      would (DevTools' Network.emulateNetworkConditionsByRule: the other requests are not slowed)
Nothing here sleeps: every wait is a WebDriverWait with a deadline.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import host  # noqa: E402  (the generic commands)
import languages  # noqa: E402  (its window.chalklineSent)

started = host.browser


def browser(page):
    fresh = page not in host.browsers
    d = started(page)
    if fresh:
        d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": languages.SENT})
    return d


def run(cmd):
    page = cmd.get("page")
    if cmd["cmd"] == "stall":
        d = browser(page)
        d.execute_cdp_cmd("Network.enable", {})
        d.execute_cdp_cmd("Network.emulateNetworkConditionsByRule", {
            "offline": False,
            "matchedNetworkConditions": [{"urlPattern": cmd["url"], "latency": cmd["ms"],
                                          "downloadThroughput": -1, "uploadThroughput": -1}]})
        host.emit(page, "done")
    else:
        host.run(cmd)


if __name__ == "__main__":
    host.browser = browser
    host.main(run)
