#!/usr/bin/python3
"""Teacher and student pages in headless Chromium, driven with Selenium, for the host page tests.

The Swift test (Tests/ChalklineIntegrationTests/HostPageTests.swift) runs this script and talks
to it in JSON lines: one command on stdin, exactly one event back on stdout. The script has no
game logic: the test decides what to type, click and wait for; this script only drives the
browsers (one per page name) and reports what it read.

Commands (stdin), each answered with one event ("value", "done", "captured", "downloaded" or
"error", with "page"):
  {"cmd":"open","page":P,"url":U}                 start P's browser (or reuse it) and load U
  {"cmd":"wait","page":P,"js":BODY,"what":W,"timeout":S}
      run the function body BODY until it returns something truthy; "value" has it
  {"cmd":"js","page":P,"js":BODY}                 run it once; "value" has what it returned
  {"cmd":"click","page":P,"css":C}                click the element (as a user would)
  {"cmd":"key","page":P,"css":C,"keys":"ENTER"}   focus it and press that key
  {"cmd":"type","page":P,"css":C,"text":T,"clear":true,"enter":false}
  {"cmd":"select","page":P,"css":C,"value":V}     choose an option of a <select>
  {"cmd":"reload","page":P}
  {"cmd":"accept","page":P}                       press OK in the dialog the page opened
  {"cmd":"capture","page":P,"dir":D,"label":L}    screenshots at 1366x768 and 1920x1080
  {"cmd":"shot","page":P,"path":F,"width":W}      one screenshot W wide, as tall as the page (4000 px at most)
A page named NAME@LANG (t@fr) is a browser of its own that speaks LANG: --lang and the
accept-language preference both say it, as a French teacher's Chromium does.
  {"cmd":"download","page":P,"css":C,"dir":D,"timeout":S}
      click a download link and wait for the file in D; "downloaded" has its name and text
  {"cmd":"quit"}
Nothing here sleeps: every wait is a WebDriverWait with a deadline.
"""
import json
import os
import sys
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chromium  # noqa: E402  (how every browser here starts)
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

WAIT = float(os.environ.get("BROWSER_WAIT", "30"))
POLL = 0.05
SIZES = [(1366, 768), (1920, 1080)]                   # the two projectors

browsers = {}


def emit(page, event, **fields):
    sys.stdout.write(json.dumps({"page": page, "event": event, **fields}) + "\n")
    sys.stdout.flush()


def browser(page, **options):
    """P's browser, started on first use; `options` go to chromium.start (a script's own flags)."""
    if page in browsers:
        return browsers[page]
    lang = page.split("@", 1)[1] if page and "@" in page else "en-US"
    browsers[page] = chromium.start(lang, **options)
    return browsers[page]


def console(d):
    try:
        return [e.get("message") for e in d.get_log("browser")][-10:]
    except WebDriverException:
        return []


def wait(d, what, condition, timeout):
    try:
        return WebDriverWait(d, timeout, poll_frequency=POLL).until(lambda _: condition())
    except TimeoutException:
        state = d.execute_script("return document.body ? [document.body.dataset.view, document.body.dataset.conn, "
                                 "(document.getElementById('notice') || {}).textContent] : null")
        raise RuntimeError("timed out after %gs waiting for %s; the page: %s; its console: %s"
                           % (timeout, what, json.dumps(state), json.dumps(console(d))))


def _alert(d):
    try:
        return d.switch_to.alert
    except WebDriverException:
        return None


def act(d, kind, cmd):
    """One try at clicking, typing into or choosing in the element; False to try again."""
    try:
        element = next((e for e in d.find_elements(By.CSS_SELECTOR, cmd["css"]) if e.is_displayed() and e.is_enabled()), None)
        if element is None:
            return False
        if kind == "click":
            element.click()
        elif kind == "key":
            element.send_keys(getattr(Keys, cmd.get("keys", "ENTER")))
        elif kind == "select":
            Select(element).select_by_value(cmd["value"])
        else:
            if cmd.get("clear", True):
                element.clear()
            element.send_keys(cmd["text"] + (Keys.ENTER if cmd.get("enter") else ""))
        return True
    except StaleElementReferenceException:
        return False


def run(cmd):
    page = cmd.get("page")
    d = browser(page)
    kind = cmd["cmd"]
    if kind == "open":
        d.get(cmd["url"])
        emit(page, "done")
    elif kind == "wait":
        value = wait(d, cmd.get("what", cmd["js"]), lambda: d.execute_script(cmd["js"]), cmd.get("timeout", WAIT))
        emit(page, "value", value=value)
    elif kind == "js":
        emit(page, "value", value=d.execute_script(cmd["js"]))
    elif kind in ("click", "key", "type", "select"):
        # The page may redraw the element between finding and using it (a name list after a
        # join): find it again, within the same deadline.
        wait(d, "the element " + cmd["css"], lambda: act(d, kind, cmd), cmd.get("timeout", WAIT))
        emit(page, "done")
    elif kind == "accept":
        # A confirm() the page opened (Ban asks first): press OK.
        wait(d, "a dialog", lambda: _alert(d), cmd.get("timeout", WAIT)).accept()
        emit(page, "done")
    elif kind == "reload":
        d.refresh()
        emit(page, "done")
    elif kind == "capture":
        emit(page, "captured", paths=chromium.shots(d, cmd["dir"], "host-" + cmd["label"], SIZES))
    elif kind == "shot":
        width = cmd["width"]
        os.makedirs(os.path.dirname(cmd["path"]), exist_ok=True)
        chromium.resize(d, width, 900)
        tall = min(4000, max(600, d.execute_script("return document.documentElement.scrollHeight")))
        d.set_window_size(width, tall)
        d.save_screenshot(cmd["path"])
        d.set_window_size(*chromium.SIZE)
        emit(page, "captured", paths=[cmd["path"]])
    elif kind == "download":
        folder = cmd["dir"]
        os.makedirs(folder, exist_ok=True)
        before = set(os.listdir(folder))
        try:
            d.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder})
        except WebDriverException:
            d.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder})
        wait(d, "the link " + cmd["css"], lambda: d.find_element(By.CSS_SELECTOR, cmd["css"]).is_displayed(), WAIT)
        d.find_element(By.CSS_SELECTOR, cmd["css"]).click()

        def arrived():
            # Chromium reserves the final name with an empty file while it writes the
            # .crdownload beside it: the download is there when that is gone and the file is not empty.
            files = [f for f in os.listdir(folder) if f not in before]
            if not files or any(f.endswith(".crdownload") for f in files):
                return None
            done = [f for f in files if os.path.getsize(os.path.join(folder, f)) > 0]
            return done[0] if done else None
        name = wait(d, "the download in " + folder, arrived, cmd.get("timeout", WAIT))
        with open(os.path.join(folder, name), encoding="utf-8", newline="") as f:
            emit(page, "downloaded", name=name, text=f.read())
    else:
        raise RuntimeError("unknown command " + json.dumps(cmd))


def main(run=run):
    """Reads commands until `quit`, each answered by `run` (a script that adds commands of its
    own passes its `run`, which hands the rest to this module's)."""
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        cmd = json.loads(line)
        if cmd["cmd"] == "quit":
            break
        try:
            run(cmd)
        except Exception as error:  # reported to the test, which fails on it
            emit(cmd.get("page"), "error", message=str(error), trace=traceback.format_exc()[-1500:])
    for d in browsers.values():
        try:
            d.quit()
        except WebDriverException:
            pass
    emit(None, "quit")


if __name__ == "__main__":
    main()
