#!/usr/bin/python3
"""What each round shows, on the student page and the projector: headless Chromium for
Tests/ChalklineIntegrationTests/RoundViewsTests.swift.

The same protocol as host.py (one JSON command on stdin, exactly one JSON event back), whose
commands it keeps (open, wait, js, click, type, key, reload, ...), with three of its own:
  {"cmd":"capture","page":P,"dir":D,"label":L}
      screenshots at 360x740 (a phone) and 1920x1080 (a projector), as D/L-360.png, D/L-1920.png
  {"cmd":"record","page":P}
      from now on the page keeps each change of body[data-view] with its time (and the
      round's heading) in window.chalklineViews, so a test can ask afterwards what was shown
      and for how long, even for a view that came and went between two polls; on the student
      page, each text of the countdown in window.chalklineCountdown
  {"cmd":"headings","page":P}
      the page's visible h1 elements (their text), and, when CHALKLINE_AXE_JS names a copy of
      axe-core's axe.min.js, what its page-has-heading-one rule says ("axe": null without it)
Nothing here sleeps: every wait is a WebDriverWait with a deadline.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chromium  # noqa: E402
import host  # noqa: E402  (the generic commands, and one browser per page name)

SIZES = [(360, 740), (1920, 1080)]

RECORD = """
if (window.chalklineViews) return window.chalklineViews.length;
window.chalklineViews = [];
const note = () => {
  const heading = document.querySelector('.view:not([hidden]) h1');
  window.chalklineViews.push({view: document.body.dataset.view, at: performance.now(),
                              heading: heading ? heading.textContent : null});
};
note();
new MutationObserver(note).observe(document.body, {attributes: true, attributeFilter: ['data-view']});
const countdown = document.getElementById('countdown-text');
if (countdown) {
  window.chalklineCountdown = [];
  new MutationObserver(() => window.chalklineCountdown.push(countdown.textContent))
    .observe(countdown, {childList: true, characterData: true, subtree: true});
}
return 1;
"""

# Visible: rendered with a size, and not hidden by an ancestor (offsetParent is null for
# display:none anywhere above; a fixed element has none either, so its rect decides).
HEADINGS = """
return [...document.querySelectorAll('h1, [role=heading][aria-level="1"]')]
  .filter(h => { const r = h.getBoundingClientRect();
                 return r.width > 0 && r.height > 0 && getComputedStyle(h).visibility !== 'hidden'; })
  .map(h => h.textContent.trim());
"""

AXE_RUN = """
const done = arguments[arguments.length - 1];
axe.run(document, {runOnly: {type: 'rule', values: ['page-has-heading-one']}})
   .then(r => done({violations: r.violations.length, passes: r.passes.length}))
   .catch(e => done({error: String(e)}));
"""


def run(cmd):
    page = cmd.get("page")
    kind = cmd["cmd"]
    if kind == "capture":
        host.emit(page, "captured", paths=chromium.shots(host.browser(page), cmd["dir"], cmd["label"], SIZES))
    elif kind == "record":
        host.emit(page, "value", value=host.browser(page).execute_script(RECORD))
    elif kind == "headings":
        d = host.browser(page)
        axe = None
        source = os.environ.get("CHALKLINE_AXE_JS")
        if source:
            with open(source, encoding="utf-8") as f:
                d.execute_script(f.read())
            d.set_script_timeout(60)
            axe = d.execute_async_script(AXE_RUN)
        host.emit(page, "value", value={"h1": d.execute_script(HEADINGS), "axe": axe})
    else:
        host.run(cmd)


if __name__ == "__main__":
    host.main(run)
