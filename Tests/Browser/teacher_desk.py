#!/usr/bin/python3
"""The teacher's page at the desk and on the projector, for TeacherDeskTests.swift.

host.py's commands (one JSON command a line on stdin, one event back on stdout), and:
  {"cmd":"size","page":P,"width":W,"height":H}    P's viewport (not its window) made W x H
  {"cmd":"capture","page":P,"dir":D,"label":L}    screenshots of the viewport at 1366x768, 1920x1080 and 360x740,
                                                  named teacher-L-WIDTH.png (or "prefix"-L-WIDTH.png),
                                                  then back to 1366x768;
                                                  with "css":C, C scrolled to the top at each size
  {"cmd":"relay","target":PORT}                   a TCP relay to the server; "value" is its port
  {"cmd":"relay_down"}                            every relayed connection dropped, new ones refused
  {"cmd":"relay_up"}                              new connections relayed again
The relay is the classroom's Wi-Fi: a page loaded through it loses its server when it is down
and finds it again when it is up, while the server itself keeps running.
"""
import os
import socket
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import host  # noqa: E402  (host.py: the browsers, waits and commands shared with the host tests)

SIZES = [(1366, 768), (1920, 1080), (360, 740)]


class Relay:
    def __init__(self, target):
        self.target = target
        self.up = True
        self.lock = threading.Lock()
        self.pairs = []
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            client, _ = self.listener.accept()
            with self.lock:
                if not self.up:
                    client.close()
                    continue
                try:
                    server = socket.create_connection(("127.0.0.1", self.target))
                except OSError:
                    client.close()
                    continue
                self.pairs.append((client, server))
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self.pump, args=(a, b), daemon=True).start()

    @staticmethod
    def pump(a, b):
        try:
            while True:
                data = a.recv(65536)
                if not data:
                    break
                b.sendall(data)
        except OSError:
            pass
        for s in (a, b):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def down(self):
        with self.lock:
            self.up = False
            for a, b in self.pairs:
                for s in (a, b):
                    try:
                        s.shutdown(socket.SHUT_RDWR)
                    except OSError:
                        pass
            self.pairs = []

    def set_up(self):
        with self.lock:
            self.up = True


relay = None


def viewport(d, width, height):
    """The page's own viewport at width x height (the window is that much bigger)."""
    d.set_window_size(width, height)
    inner = d.execute_script("return [window.innerWidth, window.innerHeight]")
    if inner != [width, height]:
        d.set_window_size(width + width - inner[0], height + height - inner[1])
    host.wait(d, "the viewport at %dx%d" % (width, height),
              lambda: abs(d.execute_script("return window.innerWidth") - width) <= 20
              and abs(d.execute_script("return window.innerHeight") - height) <= 20, 5)


def run(cmd):
    global relay
    kind = cmd["cmd"]
    page = cmd.get("page")
    if kind == "relay":
        relay = Relay(cmd["target"])
        host.emit(page, "value", value=relay.port)
    elif kind == "relay_down":
        relay.down()
        host.emit(page, "done")
    elif kind == "relay_up":
        relay.set_up()
        host.emit(page, "done")
    elif kind == "size":
        viewport(host.browser(page), cmd["width"], cmd["height"])
        host.emit(page, "done")
    elif kind == "capture":
        d = host.browser(page)
        folder = cmd["dir"]
        os.makedirs(folder, exist_ok=True)
        paths = []
        for width, height in SIZES:
            viewport(d, width, height)
            if cmd.get("css"):
                d.execute_script("document.querySelector(arguments[0]).scrollIntoView()", cmd["css"])
            path = os.path.join(folder, "%s-%s-%d.png" % (cmd.get("prefix", "teacher"), cmd["label"], width))
            d.save_screenshot(path)
            paths.append(path)
        viewport(d, 1366, 768)
        host.emit(page, "captured", paths=paths)
    else:
        host_run(cmd)


host_run = host.run

if __name__ == "__main__":
    host.main(run)
