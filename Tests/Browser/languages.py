#!/usr/bin/python3
"""The student page in each language: headless Chromium started with --lang=CODE (and the
intl.accept_languages pref), for Tests/ChalklineIntegrationTests/StudentLanguageTests.swift.

The same protocol as host.py (one JSON command on stdin, exactly one JSON event back), whose
commands it keeps (wait, js, click, type, select, reload, ...), with its own:
  {"cmd":"open","page":P,"url":U,"lang":"fr","block":false}
      P's browser in that language (started on first use); every line the page sends on its
      WebSocket is kept in window.chalklineSent; "block" refuses /lang/*.json (a catalog that
      cannot load)
  {"cmd":"english","page":P,"lang":L}
      the visible text of the page against the English of every play.* and page.* key whose
      text in L (the page's language unless given) differs: the English words and phrases
      found ("value": [])
  {"cmd":"capture","page":P,"dir":D,"label":L}
      screenshots at 360x740 and 1920x1080, as D/L-360.png, D/L-1920.png
  {"cmd":"close","page":P}
      quits P's browser (each language is a browser of its own: one at a time)
Nothing here sleeps: every wait is a WebDriverWait with a deadline.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chromium  # noqa: E402
import host  # noqa: E402  (the generic commands)
import round_views  # noqa: E402  (its screenshots)

# Before any script of the page: the lines it sends, for the test to read.
SENT = """
window.chalklineSent = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (text) { window.chalklineSent.push(String(text)); return send.call(this, text); };
"""

# English left on screen: for each key of the student page whose text in this language is not
# the English, the English's words (4 letters or more, as whole words) and phrases that the
# translation does not hold itself ("Score" is French too), looked for in the visible text.
ENGLISH = """
const done = arguments[arguments.length - 1];
const code = arguments[0] || document.documentElement.lang;
Promise.all(['en', code].map((c) => fetch('/lang/' + c + '.json').then((r) => r.json()))).then(([en, here]) => {
  const shown = document.body.innerText;
  const found = new Set();
  const flat = (v) => (Array.isArray(v) ? v.join(' ') : String(v));
  for (const [key, value] of Object.entries(en.texts)) {
    if (!/^(play|page)\\./.test(key)) continue;
    const mine = flat(here.texts[key] ?? '');
    const english = flat(value);
    if (mine === english) continue;
    for (const part of english.split(/\\{\\w+\\}/)) {
      const words = part.match(/[A-Za-z][A-Za-z'-]{3,}/g) || [];
      const phrase = part.trim().replace(/[.:!?,;]+$/, '');
      if (phrase.includes(' ') && !mine.includes(phrase) && shown.includes(phrase)) found.add(phrase);
      for (const w of words) {
        if (new RegExp('\\\\b' + w + '\\\\b').test(mine)) continue;
        if (new RegExp('\\\\b' + w + '\\\\b').test(shown)) found.add(w);
      }
    }
  }
  done([...found]);
}).catch((e) => done(['error: ' + e]));
"""


def browser(page, lang="en", block=False):
    if page in host.browsers:
        return host.browsers[page]
    d = chromium.start(lang)
    d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SENT})
    if block:
        d.execute_cdp_cmd("Network.enable", {})
        d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/lang/*"]})
    host.browsers[page] = d
    return d


def run(cmd):
    page = cmd.get("page")
    kind = cmd["cmd"]
    if kind == "open":
        d = browser(page, cmd.get("lang", "en"), cmd.get("block", False))
        d.get(cmd["url"])
        host.emit(page, "done")
    elif kind == "english":
        d = host.browser(page)
        d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})      # the check reads the catalogs
        d.set_script_timeout(20)
        host.emit(page, "value", value=d.execute_async_script(ENGLISH, cmd.get("lang")))
    elif kind == "capture":
        round_views.run(cmd)          # its screenshots at 360 and 1920 px
    elif kind == "close":
        host.browsers.pop(page).quit()
        host.emit(page, "done")
    else:
        host.run(cmd)


if __name__ == "__main__":
    host.browser = lambda page: browser(page)
    host.main(run)
