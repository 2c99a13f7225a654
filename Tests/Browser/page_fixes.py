#!/usr/bin/python3
"""host.py's commands for Tests/ChalklineIntegrationTests/StudentPageFixesTests.swift, with
screenshots at a phone's width and a projector's (360 and 1920 px), and one more kind of page:
a page name starting with "blocked" gets a Chromium that blocks cookies and site storage (as
the DefaultCookiesSetting=2 policy of a managed Chromebook does), where reading
sessionStorage throws. Everything else (one command, one event back; no sleeps) is host.py's.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import host  # noqa: E402

host.SIZES = [(360, 740), (1920, 1080)]                # a phone, the projector
opened = host.browser


def browser(page):
    if page.startswith("blocked"):
        return opened(page, prefs={"profile.default_content_setting_values.cookies": 2})
    return opened(page)


host.browser = browser

if __name__ == "__main__":
    host.main()
