#!/usr/bin/env python3
"""The static site's first load in headless Chromium (`make bench-page`): the time from the start
of the navigation until a guess can be typed (the colours of the board drawn and the engine
answering), and the bytes the browser received, compressed as a web server would send them.

The site (build/web) is served on a free port of 127.0.0.1 by a small server that gzips what it
sends to a browser that accepts it, as a course's web space or a project page does; every load is
a fresh browser profile, so nothing comes from a cache. A second load in the same profile shows
what a returning visitor waits for (the service worker's cache). Medians of RUNS (default 7).

    bench/web_page.py [SITE_DIR]      (default build/web)
"""

import functools
import gzip
import http.server
import os
import statistics
import sys
import tempfile
import threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

SITE = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "build/web")
RUNS = int(os.environ.get("RUNS", "7"))
# What the page shows once a guess can be typed: the colours to choose from, drawn after the
# engine has answered with the new game.
READY = os.environ.get("READY", "#palette button")


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Files of the site, gzipped (level 6, as web servers do by default) for a browser that takes
    it; quiet."""

    cache = {}

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if "gzip" not in self.headers.get("Accept-Encoding", "") or not os.path.isfile(path):
            return super().send_head()
        if path not in self.cache:
            with open(path, "rb") as f:
                self.cache[path] = gzip.compress(f.read(), compresslevel=6)
        body = self.cache[path]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return _Bytes(body)

    def log_message(self, *args):
        pass


class _Bytes:
    def __init__(self, data):
        self.data = data

    def read(self, *args):
        data, self.data = self.data, b""
        return data

    def close(self):
        pass


GzipHandler.extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                              ".wasm": "application/wasm", ".webmanifest": "application/manifest+json",
                              ".js": "text/javascript"}


def browser(profile):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900", f"--user-data-dir={profile}"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def load(driver, url):
    """(seconds until ready, bytes received) of one load of `url`."""
    driver.get(url)
    WebDriverWait(driver, 60).until(lambda d: d.execute_script(
        "return document.querySelector(arguments[0]) !== null", READY))
    ready = driver.execute_script("return performance.now()") / 1000
    received = driver.execute_script(
        "const n = performance.getEntriesByType('navigation')[0];"
        "return n.transferSize + performance.getEntriesByType('resource')"
        ".reduce((sum, r) => sum + r.transferSize, 0)")
    # A worker's requests are its own: the engine's files, fetched by the worker, are in its list,
    # which the page cannot read; their sizes on the wire are the files' gzipped sizes.
    return ready, received


def main():
    if not os.path.exists(os.path.join(SITE, "engine.wasm")):
        sys.exit(f"{SITE}/engine.wasm is missing: run make web")
    handler = functools.partial(GzipHandler, directory=SITE)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    first, again, page_bytes = [], [], []
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as profile:
            driver = browser(profile)
            try:
                seconds, received = load(driver, url)
                first.append(seconds)
                page_bytes.append(received)
                again.append(load(driver, url)[0])
            finally:
                driver.quit()
    engine = sum(len(gzip.compress(open(os.path.join(SITE, f), "rb").read(), compresslevel=6))
                 for f in ("engine.js", "engine.wasm"))
    site = sum(len(gzip.compress(open(os.path.join(SITE, f), "rb").read(), compresslevel=6))
               for f in os.listdir(SITE) if os.path.isfile(os.path.join(SITE, f)))
    print(f"first load until a guess can be typed: median {statistics.median(first):.3f} s "
          f"(range {min(first):.3f}-{max(first):.3f}, {RUNS} fresh profiles)")
    print(f"second load, same profile: median {statistics.median(again):.3f} s")
    print(f"received by the page: {statistics.median(page_bytes):,.0f} bytes; the engine's files gzipped: "
          f"{engine:,} bytes; the whole site gzipped: {site:,} bytes")
    server.shutdown()


if __name__ == "__main__":
    main()
