#!/usr/bin/python3
"""The student page and the teacher page loaded again and again in headless Chromium, for the
page-load test (Tests/ChalklineIntegrationTests/PageLoadBrowserTests.swift), which runs a CPU
hog beside it: a busy device, whose browser sends its requests late. The page's own CPU is
slowed as well (DevTools' CPU throttling, THROTTLE times, 8 by default), as on a cheap tablet.

Chromium keeps its usual network prediction here (preconnect, and the loading predictor that
opens sockets for a page's files on later visits): those spare sockets, silent until the
renderer gets round to asking, are what a server must not take for netcat.

Usage: pageload.py BASE_URL LOADS SHOTS_DIR
Prints one JSON line a load:
  {"event":"load","page":"/","n":3,"styled":true,"title":"Chalkline","errors":[...],"ms":812}
  "styled": computed styles only the page's stylesheets set are there (style.css's --brand on
  the root and its 60rem <main>; for /host, host.css's <main> without a maximum width);
  "errors": the console's network errors and the pages' own retry warnings during that load.
then {"event":"captured","paths":[...]} for screenshots at 360 and 1920 px of both pages, and
{"event":"done"}. Nothing here sleeps: every wait is a WebDriverWait with a deadline.
"""
import json
import os
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chromium  # noqa: E402  (how every browser here starts)
from selenium.common.exceptions import TimeoutException  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

WAIT = float(os.environ.get("BROWSER_WAIT", "30"))

THROTTLE = float(os.environ.get("THROTTLE", "8"))

# What only the stylesheets set: style.css's brand colour on the root and its 60rem <main>; the
# teacher's page's host.css takes that maximum width away again (style.css alone would leave it).
STYLED = {
    "/": """return document.title === 'Chalkline'
              && getComputedStyle(document.documentElement).getPropertyValue('--brand').trim() === '#2f3590'
              && getComputedStyle(document.querySelector('main')).maxWidth === '960px';""",
    "/host": """return document.title === 'Chalkline: host a game'
              && getComputedStyle(document.documentElement).getPropertyValue('--brand').trim() === '#2f3590'
              && getComputedStyle(document.querySelector('main')).maxWidth === 'none';""",
}


def emit(event, **fields):
    sys.stdout.write(json.dumps({"event": event, **fields}) + "\n")
    sys.stdout.flush()


def problems(driver):
    """The console's lines since the last call that say a file did not load."""
    out = []
    for entry in driver.get_log("browser"):
        message = entry.get("message", "")
        if "ERR_" in message or "chalkline: retrying" in message or "did not load" in message \
                or "Failed to load resource" in message:
            out.append(message[:300])
    return out


def styled(driver, page):
    try:
        return bool(driver.execute_script(STYLED[page]))
    except Exception:
        return False


def load(driver, base, page, n):
    began = time.monotonic()
    try:
        driver.get(base + page)
    except Exception as error:            # an error page is still a load: reported below
        emit("note", page=page, n=n, message=str(error)[:200])
    ok = True
    try:
        WebDriverWait(driver, 10, poll_frequency=0.05).until(lambda d: styled(d, page))
    except TimeoutException:
        ok = False
    title = driver.execute_script("return document.title") or ""
    emit("load", page=page, n=n, styled=ok, title=title, errors=problems(driver),
         ms=int((time.monotonic() - began) * 1000))


def main():
    base, loads, shots = sys.argv[1].rstrip("/"), int(sys.argv[2]), sys.argv[3]
    # As a device comes: network prediction on, background timers throttled.
    driver = chromium.start("en-US", predict=True, background_timers=False)
    try:
        driver.set_page_load_timeout(WAIT)
        driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
        problems(driver)
        for page in ("/", "/host"):
            for n in range(1, loads + 1):
                load(driver, base, page, n)
        os.makedirs(shots, exist_ok=True)
        paths = []
        for page, name in (("/", "student"), ("/host", "teacher")):
            for width, height in ((360, 740), (1920, 1080)):
                driver.set_window_size(width, height)
                load(driver, base, page, 0)
                path = os.path.join(shots, "pageload-%s-%d.png" % (name, width))
                driver.save_screenshot(path)
                paths.append(path)
        emit("captured", paths=paths)
        emit("done")
    except Exception as error:
        emit("error", message=str(error), trace=traceback.format_exc())
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
