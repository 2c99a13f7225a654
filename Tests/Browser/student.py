#!/usr/bin/python3
"""Student pages in headless Chromium, driven with Selenium, for Chalkline's browser tests.

The Swift test (Tests/ChalklineIntegrationTests/BrowserTests.swift) runs this script and talks
to it in JSON lines: it writes commands on stdin, and this script prints one JSON object a line
for each thing a page showed. It never decides an answer itself: for a question it prints
{"event":"ask"} and waits for the test's {"cmd":"answer"}, so the test's solvers (the bot's,
from protocol.md) stay the only ones.

Commands (stdin):
  {"cmd":"open","page":P,"url":U,"name":N,"code":C|null,"games":G,"capture":DIR|null,"tag":T}
      start a browser for page P (or reuse its tab) at U, join as N (C null: the code must be prefilled from the
      URL), then play G games and report each thing seen
  {"cmd":"answer","page":P,"text":T}            type T into the answer box and press Enter
  {"cmd":"words","page":P,"words":[[G1,G2],"WORD"]}  tap those groups (or type WORD), send each
  {"cmd":"quit"}                                 close every browser and exit
  "team":T in "open": in a room with teams, click the lobby's button for team T once joined,
      and report the lobby's teams (event "team"); results and final then carry "teams", the
      team table's rows as lists of cell texts
  "again":true in "open": homework; after each try but the last, click the podium's Try again

Events (stdout), each with "page": opened, joined, join_error, ask, feedback, results,
board, word_feedback, words_done, level, final, conn, gone, capture, team, error.
Nothing here sleeps: every wait is a WebDriverWait with a deadline.
"""
import json
import os
import queue
import sys
import threading
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chromium  # noqa: E402  (how every browser here starts)
from selenium.common.exceptions import ElementClickInterceptedException, ElementNotInteractableException, StaleElementReferenceException, TimeoutException, WebDriverException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

WAIT = float(os.environ.get("BROWSER_WAIT", "30"))   # seconds for any one thing to show
POLL = 0.05
SIZES = [(360, 740), (1366, 768)]                     # a phone, a Chromebook

out_lock = threading.Lock()


def emit(page, event, **fields):
    fields = {"page": page, "event": event, **fields}
    with out_lock:
        sys.stdout.write(json.dumps(fields) + "\n")
        sys.stdout.flush()


# Everything the loop decides on, read from the page in one call.
SNAPSHOT = """
const q = document.getElementById('question-text');
if (!document.body || !q) return {view: 'loading', conn: null, replies: 0, qid: null, board: null, score: ''};
const b = document.body.dataset;
return {view: b.view, conn: b.conn, ended: b.ended || null, replies: Number(b.replies || 0),
        qid: q.dataset.id || null, board: document.getElementById('board-round').dataset.key || null,
        score: document.getElementById('status-score').textContent};
"""


TEAM_ROWS = "return [...document.querySelectorAll(arguments[0] + ' tbody tr')].map(r => [...r.cells].map(c => c.textContent).concat(r.className))"


def digits(text):
    """'+1,074' -> 1074: points and scores as the page shows them, grouped or not."""
    only = "".join(ch for ch in text if ch.isdigit())
    return int(only) if only else 0


class Page:
    def __init__(self, spec):
        self.name = spec["page"]
        self.spec = spec
        self.inbox = queue.Queue()
        self.driver = None
        self.shown_points = 0      # the sum of every "+N" the page showed after an answer
        self.captured = set()

    # -- the browser --------------------------------------------------------------------------
    def start(self):
        motion = ("--force-prefers-reduced-motion",) if self.spec.get("reduced_motion") else ()
        self.driver = chromium.start("en-US", args=motion)

    def console(self):
        try:
            return [e.get("message") for e in self.driver.get_log("browser")][-10:]
        except WebDriverException:
            return []

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def snapshot(self):
        return self.js(SNAPSHOT)

    def wait(self, what, condition, timeout=WAIT):
        """Polls `condition(snapshot)` until it returns something truthy; fails with `what`."""
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=POLL).until(
                lambda d: condition(self.snapshot()))
        except TimeoutException:
            raise RuntimeError("timed out waiting for " + what + "; last state " + json.dumps(self.snapshot())
                               + "; the browser's console: " + json.dumps(self.console()))

    def text(self, css):
        """An element's text as the page wrote it (even if the next view has covered it since)."""
        return self.js("const e = document.querySelector(arguments[0]); return e ? e.textContent : ''", css)

    def command(self, kind):
        """The test's next command for this page, of the kind expected."""
        try:
            cmd = self.inbox.get(timeout=WAIT if kind != "open" else 600)
        except queue.Empty:
            raise RuntimeError("no " + kind + " command from the test")
        if cmd["cmd"] != kind:
            raise RuntimeError("expected " + kind + ", got " + json.dumps(cmd))
        return cmd

    def capture(self, label):
        """Screenshots at each width, into the capture folder, once per label."""
        folder = self.spec.get("capture")
        if not folder or label in self.captured:
            return
        self.captured.add(label)
        os.makedirs(folder, exist_ok=True)
        for width, height in SIZES:
            chromium.resize(self.driver, width, height)
            path = os.path.join(folder, "%s-%s-%d.png" % (self.spec.get("tag", self.name), label, width))
            self.driver.save_screenshot(path)
            emit(self.name, "capture", path=path)
        chromium.resize(self.driver, *chromium.SIZE)

    # -- joining ------------------------------------------------------------------------------
    def join(self):
        d = self.driver
        if d.current_url.startswith("http"):
            # Another room in the same tab: as a new tab would, start without the last seat.
            self.js("sessionStorage.clear()")
        d.get(self.spec["url"])
        # The script has run once it put the cursor in the form (the code, or the name when the
        # link brought the code).
        focused = "return document.activeElement && document.activeElement.id"
        self.wait("the join form", lambda s: s["view"] == "join" and self.js(focused) in ("join-code", "join-name"))
        code = d.find_element(By.ID, "join-code")
        # The page retries a file that failed to load; say so, for the test's log.
        retried = [m for m in self.console() if "chalkline: retrying" in (m or "") or "Failed to load" in (m or "")]
        emit(self.name, "opened", prefilled=code.get_attribute("value"), retried=retried,
             focused=self.js("return document.activeElement && document.activeElement.id"))
        if self.spec.get("code") is not None:
            code.clear()
            code.send_keys(self.spec["code"])
        names = self.spec["name"] if isinstance(self.spec["name"], list) else [self.spec["name"]]
        for typed in names:
            # A name the server refuses: its message next to the field, then the next name.
            name = d.find_element(By.ID, "join-name")
            name.clear()
            name.send_keys(typed + Keys.ENTER)
            errors = "return (document.getElementById('join-name-error').textContent + document.getElementById('join-code-error').textContent)"
            try:
                state = self.wait("joining", lambda s: s if s["view"] != "join" or self.js(errors) else None)
            except RuntimeError as error:
                raise RuntimeError(str(error) + "; the form held " + json.dumps(self.js(
                    "return [document.getElementById('join-code').value, document.getElementById('join-name').value, "
                    "document.getElementById('join-button').disabled]")))
            if state["view"] == "comeback":
                # A name the room already has: "Is this you?" (issue 38). Not this student:
                # "No, pick another name" is the way back to the form, which says why.
                d.find_element(By.ID, "comeback-other").click()
                state = self.wait("the join form after No", lambda s: s if s["view"] == "join" and self.js(errors) else None)
            if state["view"] == "join":
                emit(self.name, "join_error", typed=typed, name_error=self.text("#join-name-error"),
                     code_error=self.text("#join-code-error"),
                     invalid=name.get_attribute("aria-invalid"),
                     focused=self.js("return document.activeElement && document.activeElement.id"))
                continue
            emit(self.name, "joined", room=self.text("#status-room"), name=self.text("#status-name"), view=state["view"])
            if self.spec.get("team"):
                self.pick_team(self.spec["team"])
            return True
        return False

    def pick_team(self, team):
        """Clicks the lobby's button for `team` and waits for the page to say it is on it."""
        button = "return document.querySelector('#team-list button[data-team=\"' + arguments[0] + '\"]')"
        def click(s):
            # Another student's pick redraws the list: a button found just before may be gone.
            try:
                found = self.js(button, team)
                if found:
                    found.click()
                    return True
            except StaleElementReferenceException:
                pass
            return False
        self.wait("the lobby's team " + team, click)
        self.wait("being on team " + team, lambda s: self.text("#status-team") == team
                  and self.js("return document.querySelector('#team-list li.mine button') !== null"))
        self.capture("teams")
        emit(self.name, "team", status=self.text("#status-team"), line=self.text("#my-team"),
             lobby=self.js("return [...document.querySelectorAll('#team-list li')].map(li => [li.querySelector('button').dataset.team, li.querySelector('.team-members').textContent, li.className])"))

    # -- playing ------------------------------------------------------------------------------
    def play(self):
        games = self.spec.get("games", 1)
        done = {"q": None, "results": None, "board": None, "level": None, "final": False}
        conn = "open"
        while games > 0:
            def ready(s):
                if s["view"] == "loading":
                    return None
                if s["conn"] != conn or s["view"] == "gone":
                    return s
                if s["view"] == "question" and s["qid"] != done["q"]:
                    return s
                if s["view"] == "results" and s["qid"] != done["results"]:
                    return s
                if s["view"] == "board" and s["board"] != done["board"]:
                    return s
                if s["view"] == "level" and s["board"] != done["level"]:
                    return s
                if s["view"] == "final" and not done["final"]:
                    return s
                return None
            s = self.wait("the next thing to happen", ready, 120)
            if s["conn"] != conn:
                conn = s["conn"]
                emit(self.name, "conn", state=conn, score=digits(s["score"]), view=s["view"])
                continue
            if s["view"] == "gone":
                emit(self.name, "gone", reason=s["ended"], title=self.text("#gone-title"), text=self.text("#gone-text"))
                return
            if s["view"] == "question":
                done["q"] = s["qid"]
                done["final"] = False
                self.question(s)
            elif s["view"] == "results":
                done["results"] = s["qid"]
                done["q"] = s["qid"]
                self.capture("results")
                emit(self.name, "results", id=int(s["qid"]), reveal=self.text("#reveal"),
                     rank=self.text("#round-rank"), score=digits(s["score"]),
                     leaderboard=self.js("return [...document.querySelectorAll('#standings-table tbody tr')].map(r => r.innerText)"),
                     teams=self.js(TEAM_ROWS, "#round-teams"),
                     teams_shown=self.js("return !document.getElementById('round-teams').closest('section').hidden"))
            elif s["view"] == "board":
                done["board"] = s["board"]
                done["final"] = False
                self.board(s)
            elif s["view"] == "level":
                done["level"] = s["board"]
                done["board"] = s["board"]
                self.capture("level")
                emit(self.name, "level", reveal=self.text("#level-reveal"), rank=self.text("#level-rank"),
                     score=digits(s["score"]))
            elif s["view"] == "final":
                done["final"] = True
                games -= 1
                self.capture("podium")
                me = self.driver.find_elements(By.CSS_SELECTOR, "#final-standings tbody tr.me td")
                emit(self.name, "final", shown_sum=self.shown_points, score=digits(s["score"]),
                     table_score=digits(me[2].text) if len(me) == 3 else None,
                     rank=self.text("#final-rank"),
                     podium=[p.text.replace("\n", " ") for p in self.driver.find_elements(By.CSS_SELECTOR, "#podium li")],
                     teams=self.js(TEAM_ROWS, "#final-teams"),
                     next=self.text("#final-next"), again_shown=self.js("return !document.getElementById('try-again').hidden"))
                self.shown_points = 0
                # Homework: "again" in "open" takes the page's Try again button for the next try.
                if games > 0 and self.spec.get("again"):
                    self.driver.find_element(By.ID, "try-again").click()

    def question(self, s):
        d = self.driver
        box = d.find_element(By.ID, "answer-input")
        self.capture("question")
        emit(self.name, "ask", id=int(s["qid"]), shown=self.text("#question-text"),
             round=self.text("#question-round"), inputmode=box.get_attribute("inputmode"),
             bar_transition=self.js("return getComputedStyle(document.getElementById('question-bar')).transitionDuration"),
             focused=self.js("return document.activeElement && document.activeElement.id"))
        cmd = self.command("answer")
        before = s["replies"]
        box.send_keys(cmd["text"] + Keys.ENTER)
        self.wait("the answer's reply", lambda t: t["replies"] > before)
        # Read from the page even if the podium already covers it (the last answer ends the game).
        state, shown, text = self.feedback("feedback")
        points = digits(shown) if state == "right" else 0
        self.shown_points += points
        emit(self.name, "feedback", id=int(s["qid"]), state=state, text=text,
             live=self.js("return [...document.querySelectorAll('#live p')].map(p => p.textContent)"),
             points=points, score=digits(self.text("#status-score")), streak=digits(self.text("#status-streak")))

    def board(self, s):
        d = self.driver
        groups = self.js("return [...document.querySelectorAll('#groups button.group')].map(b => b.textContent)")
        self.capture("board")
        emit(self.name, "board", key=s["board"], groups=groups,
             clues=[c.get_attribute("data-n") for c in d.find_elements(By.CSS_SELECTOR, "#clues li")],
             inputmode=d.find_element(By.ID, "word-input").get_attribute("inputmode"))
        cmd = self.command("words")
        for word in cmd["words"]:
            try:
                if not self.try_word(word):
                    break
            except (ElementClickInterceptedException, ElementNotInteractableException, StaleElementReferenceException):
                # The level closed while this word was on its way: its form is gone, or going
                # (a click landing as the results are drawn over it).
                if self.snapshot()["view"] == "board":
                    raise
                break
        emit(self.name, "words_done")

    def try_word(self, word):
        """Taps (or types) one word and reports the page's verdict; False once the level is over."""
        d = self.driver
        if self.snapshot()["view"] != "board":
            return False
        box = d.find_element(By.ID, "word-input")
        if isinstance(word, list):
            tapped = self.tap(word)
            if tapped is None:
                emit(self.name, "word_feedback", word="".join(word), state="gone", points=0)
                d.find_element(By.ID, "word-clear").click()
                return True
            spelled = box.get_attribute("value")
            before = self.snapshot()["replies"]
            if spelled != "".join(word):
                # Someone claimed one of its groups between the taps: the page cleared the box.
                emit(self.name, "word_feedback", word="".join(word), state="gone", points=0)
                return True
            d.find_element(By.ID, "word-send").click()
            label = "".join(word)
            # The reply, or an empty box: a claim took one of its groups just before the click
            # (nothing was sent) or just after (the reply is still coming).
            empty = "return document.getElementById('word-input').value === ''"
            self.wait("the word's reply", lambda t: t["replies"] > before or t["view"] != "board" or self.js(empty))
            if self.snapshot()["replies"] == before:
                try:
                    self.wait("a late reply", lambda t: t["replies"] > before, 3)
                except RuntimeError:
                    emit(self.name, "word_feedback", word=label, state="gone", points=0)
                    return True
        else:
            spelled = word
            before = self.snapshot()["replies"]
            box.clear()
            box.send_keys(word + Keys.ENTER)
            label = word
        # The server answers every line, even one that comes too late (no_question); but a word
        # typed as the level closed (the others claimed the last words first) may never have
        # left the page, whose form had gone: the level's end is the end of this page's words.
        self.wait("the word's reply", lambda t: t["replies"] > before or t["view"] != "board")
        if self.snapshot()["replies"] == before:
            return False
        state, shown, text = self.feedback("word-feedback")
        points = digits(shown) if state == "right" else 0
        self.shown_points += points
        emit(self.name, "word_feedback", word=label, spelled=spelled, state=state, points=points,
             text=text, score=digits(self.text("#status-score")))
        return True

    def feedback(self, box):
        """The verdict the page showed for the last answer: its state, its "+N", its words."""
        return self.js("""const fb = document.getElementById(arguments[0]), p = fb.querySelector('.points');
            return [fb.dataset.state || null, p ? p.textContent : '', fb.textContent];""", box)

    def tap(self, groups):
        """Taps each group's button (the first enabled one with that text); None if one is gone."""
        for g in groups:
            for attempt in range(5):
                # Another player's claim can take a button off the board between finding it and
                # clicking it: look again.
                try:
                    buttons = [b for b in self.driver.find_elements(By.CSS_SELECTOR, "#groups button.group:not([disabled])")
                               if b.text == g]
                    if not buttons:
                        return None
                    if self.spec.get("keyboard"):
                        buttons[0].send_keys(Keys.ENTER)      # focus it and press Enter, no mouse
                    else:
                        buttons[0].click()
                    break
                except StaleElementReferenceException:
                    continue
            else:
                return None
        return True

    def run(self):
        """One browser for the page; each "open" is a new room in the same tab."""
        try:
            self.start()
            while True:
                self.spec = self.command("open")
                self.captured = set()
                if self.join():
                    self.play()
                emit(self.name, "played")
        except Exception as error:  # reported to the test, which fails on it
            emit(self.name, "error", message=str(error), trace=traceback.format_exc()[-1500:])


def main():
    pages = {}
    threads = []
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        cmd = json.loads(line)
        if cmd["cmd"] == "quit":
            break
        if cmd["cmd"] == "open" and cmd["page"] not in pages:
            page = Page(cmd)
            pages[cmd["page"]] = page
            t = threading.Thread(target=page.run, daemon=True)
            t.start()
            threads.append(t)
        if cmd["page"] in pages:
            pages[cmd["page"]].inbox.put(cmd)
    for page in pages.values():
        try:
            if page.driver:
                page.driver.quit()
        except WebDriverException:
            pass
    emit(None, "quit")


if __name__ == "__main__":
    main()
