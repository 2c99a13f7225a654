"""How every script here starts headless Chromium, so that a flag the pages' tests rely on (the
window's size, the language, no throttled timers) is said once and every browser gets it.

A browser set to a language says it twice, as a French teacher's Chromium does: --lang (what
navigator.languages reads) and the intl.accept_languages pref (the requests' Accept-Language).
"""
import os

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
SIZE = (1366, 768)                                    # a Chromebook: where every page starts


def start(lang="en-US", args=(), prefs=None, predict=False, background_timers=True):
    """A new headless Chromium speaking `lang`, its window at SIZE, its console kept.

    `args`, `prefs`: more flags and prefs (a page's own: reduced motion, cookies blocked).
    `predict`: Chromium's usual network prediction (preconnects, sockets opened ahead for a
    page's files). Off by default: these tests are about the pages, and fewer sockets keep a
    loaded machine quieter; the server takes such spare sockets as they come (pageload.py
    loads the pages with it on).
    `background_timers`: timers and renderers run at full speed in a page that is not in
    front (each page is a window of its own, all of them live at once); False leaves
    Chromium's own throttling, as a device left as it comes has it.
    """
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=%d,%d" % SIZE, "--hide-scrollbars", "--lang=" + lang):
        options.add_argument(arg)
    if background_timers:
        options.add_argument("--disable-background-timer-throttling")
        options.add_argument("--disable-renderer-backgrounding")
    for arg in args:
        options.add_argument(arg)
    chosen = {"intl.accept_languages": lang}
    if not predict:
        chosen["net.network_prediction_options"] = 2
    options.add_experimental_option("prefs", dict(chosen, **(prefs or {})))
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    d.set_window_size(*SIZE)
    return d


def resize(d, width, height):
    """The window at width x height, once the page has seen it (innerWidth within 20 px)."""
    d.set_window_size(width, height)
    try:
        WebDriverWait(d, 5, poll_frequency=0.05).until(
            lambda _: abs(d.execute_script("return window.innerWidth") - width) <= 20)
    except TimeoutException:
        raise RuntimeError("timed out after 5s waiting for the window at %dx%d" % (width, height))


def shots(d, folder, label, sizes):
    """A screenshot at each (width, height) of `sizes`, as folder/LABEL-WIDTH.png, then the
    window back at SIZE; their paths."""
    os.makedirs(folder, exist_ok=True)
    paths = []
    for width, height in sizes:
        resize(d, width, height)
        paths.append(os.path.join(folder, "%s-%d.png" % (label, width)))
        d.save_screenshot(paths[-1])
    d.set_window_size(*SIZE)
    return paths
