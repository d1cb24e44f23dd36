"""The static site's own files at work in a real headless Chromium: the service worker (the page
loads and plays after the file server is gone), the manifest that makes it installable (Chromium's
own check), the daily code (the same secret in two browser profiles on one date, another on the
next, one game a day, a text to share that holds no secret and no guess), the statistics, the
accessibility of the board and the settings checked by axe-core (installed by scripts/install-deps
--browser, pinned) at 360 and 1280 px in light and dark, and the pictures of the README. Every
wait is for a state of the page, never a sleep.

Usage: test_offline.py WEB_DIR MASTERMIND AXE_JS [PART_OF_A_TEST_NAME]"""

import os
import re
import shutil
import socket
import struct
import sys
import tempfile

AXE = os.path.abspath(sys.argv[3]) if len(sys.argv) > 3 else ""
# test_site reads WEB_DIR, MASTERMIND and the part of a name from the arguments; the part moves
# one place along here.
ONLY = sys.argv[4] if len(sys.argv) > 4 else ""
del sys.argv[3:]

import test_site  # noqa: E402
from webtest import run_tests  # noqa: E402
from test_site import WEB_DIR, By, Select, StaticSite, on_site, opens_on_a_game  # noqa: E402
from test_browser import Browser  # noqa: E402

SECRET = re.compile(r"secret (\S+)")


def sw_files():
    """The files sw.js caches on install."""
    with open(os.path.join(WEB_DIR, "sw.js")) as f:
        listed = re.search(r"const FILES = \[(.*?)\];", f.read(), re.S).group(1)
    return sorted(re.findall(r'"([^"]+)"', listed))


def test_the_service_worker_caches_every_file_of_the_site():
    files = sorted(name for name in os.listdir(WEB_DIR) if os.path.isfile(os.path.join(WEB_DIR, name)))
    listed = sw_files()
    assert listed == sorted(["./", *files]), (listed, files)


def all_cached(browser, site):
    """Whether every file sw.js names is in its cache."""
    wanted = {f"{site.base}/{name}".replace("/./", "/") for name in sw_files()}
    return wanted <= set(cached(browser))


def cached(browser):
    """The addresses in the service worker's cache, once it controls the page."""
    return browser.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.serviceWorker.ready.then(() => caches.open('mastermind-site'))"
        ".then(c => c.keys()).then(keys => done(keys.map(k => k.url))).catch(e => done(String(e)))")


def test_after_one_visit_the_page_plays_with_the_server_gone():
    site = StaticSite()
    browser = Browser(site)
    try:
        opens_on_a_game(browser)
        browser.wait_for(lambda d: all_cached(browser, site))
        site.process.terminate()
        site.process.wait()
        browser.driver.refresh()
        opens_on_a_game(browser)
        message = browser.play(browser.type_code)
        assert "You found the secret" in message, message
        # The file server is really gone: nothing answers there.
        port = int(site.base.split(":")[2].split("/")[0])
        try:
            socket.create_connection(("127.0.0.1", port), timeout=5).close()
            assert False, "the file server still answers"
        except ConnectionRefusedError:
            pass
    except Exception:
        print(f"screenshot of the failure: {browser.screenshot('failed_offline.png')}")
        raise
    finally:
        browser.close()
        site.root.cleanup()


def test_a_new_version_replaces_the_old_one_on_the_next_visit():
    with tempfile.TemporaryDirectory() as copy:
        site_dir = os.path.join(copy, "web")
        shutil.copytree(WEB_DIR, site_dir)
        test_site.WEB_DIR = site_dir  # the site this test serves, which it changes
        try:
            site = StaticSite()
        finally:
            test_site.WEB_DIR = WEB_DIR
        browser = Browser(site)
        version = lambda: browser.driver.execute_script(  # noqa: E731
            "const m = document.querySelector('meta[name=site-version]'); return m && m.content")
        try:
            opens_on_a_game(browser)
            browser.wait_for(lambda d: all_cached(browser, site))
            assert version() is None
            # A new version of the site is put in place of the old one.
            index = os.path.join(site_dir, "index.html")
            with open(index) as f:
                page = f.read()
            with open(index, "w") as f:
                f.write(page.replace("<head>", '<head>\n<meta name="site-version" content="2">', 1))
            browser.driver.refresh()
            opens_on_a_game(browser)
            assert version() == "2", version()
            # And it is the one kept for the visits without a network.
            site.process.terminate()
            site.process.wait()
            browser.driver.refresh()
            opens_on_a_game(browser)
            assert version() == "2", version()
        finally:
            browser.close()
            site.root.cleanup()


def test_chromium_finds_the_page_installable():
    def body(browser):
        opens_on_a_game(browser)
        browser.wait_for(lambda d: all_cached(browser, browser.server))
        errors = browser.driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
        assert errors == [], errors
        manifest = browser.driver.execute_cdp_cmd("Page.getAppManifest", {})
        assert manifest["errors"] == [] and manifest["url"].endswith("manifest.webmanifest"), manifest
    on_site("installable", body)


def daily_game(site, date):
    """A fresh browser profile's daily game of `date`, won: (secret, the text to share, browser)."""
    browser = Browser(site)
    browser.driver.get(f"{site.base}/?date={date}")
    opens_on_a_game(browser)
    browser.driver.find_element(By.ID, "daily-button").click()
    browser.wait_for(lambda d: date in d.find_element(By.ID, "variant-line").text)
    message = browser.play(browser.type_code)
    assert "You found the secret" in message, message
    browser.driver.find_element(By.ID, "share").click()
    browser.wait_for(lambda d: d.find_element(By.ID, "share-text").is_displayed())
    return SECRET.search(message).group(1), browser.driver.find_element(By.ID, "share-text").get_attribute("value"), browser


def test_the_daily_code_is_the_same_in_two_profiles_and_another_the_next_day():
    site = StaticSite()
    browsers = []
    try:
        first, text, browser = daily_game(site, "2026-11-27")
        browsers.append(browser)
        second, _, other = daily_game(site, "2026-11-27")
        browsers.append(other)
        assert first == second, (first, second)
        following, _, later = daily_game(site, "2026-11-28")
        browsers.append(later)
        assert following != first, following
        # The text to share: the day, the count and the answers row by row; no secret, no guess.
        lines = text.split("\n")
        rows = browser.board()
        assert lines[0] == f"Mastermind classic 2026-11-27: {len(rows)}/10", lines
        assert len(lines) == 1 + len(rows), lines
        for line, row in zip(lines[1:], rows):
            assert line == "\u25CF" * row["black"] + "\u25CB" * row["white"] + "\u00B7" * (4 - row["black"] - row["white"]), (line, row)
        assert first not in text and not any(row["guess"] in text for row in rows), text
        # One game a day: the daily code again shows the game played, not a new one.
        d = browser.driver
        d.find_element(By.ID, "again").click()
        browser.wait_for(lambda d: browser.board() == [])
        d.find_element(By.ID, "daily-button").click()
        browser.wait_for(lambda d: len(browser.board()) == len(rows))
        assert not d.find_element(By.ID, "entry").is_displayed()
        # The statistics count the day's game as a win in that many guesses.
        d.find_element(By.ID, "stats-button").click()
        browser.wait_for(lambda d: d.find_element(By.ID, "stats").is_displayed())
        figures = [e.text for e in d.find_elements(By.CSS_SELECTOR, "#stats .stat-value")]
        assert figures == ["1", "100 %", "1", "1"], figures
        bars = [e.text for e in d.find_elements(By.CSS_SELECTOR, "#stats .stat-bar")]
        assert len(bars) == 10 and bars[len(rows) - 1] == "1" and bars.count("0") == 9, bars
    finally:
        for browser in browsers:
            browser.close()
        site.close()


def axe_violations(browser):
    """axe-core's serious and critical violations on the page as it stands: (rule, node) pairs."""
    with open(AXE) as f:
        browser.driver.execute_script(f.read())
    result = browser.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations"
        ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
        ".map(v => [v.id, v.nodes.map(n => n.target.join(' ')).join(', ')])))"
        ".catch(e => done([['axe failed', String(e)]]))")
    return result


def test_no_serious_accessibility_violation_at_360_and_1280_in_light_and_dark():
    assert os.path.exists(AXE), f"{AXE} is missing: run scripts/install-deps --browser"
    for width, height in ((360, 640), (1280, 900)):
        def body(browser):
            opens_on_a_game(browser)
            browser.type_code("1122")
            browser.wait_for(lambda d: len(browser.board()) == 1 or not d.find_element(By.ID, "entry").is_displayed())
            for theme in ("light", "dark"):
                browser.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                    "features": [{"name": "prefers-color-scheme", "value": theme}]})
                found = axe_violations(browser)
                assert found == [], (width, theme, "board", found)
                browser.open_settings()
                found = axe_violations(browser)
                assert found == [], (width, theme, "settings", found)
                browser.driver.find_element(By.CSS_SELECTOR, "#settings .close").click()
        on_site(f"axe_{width}", body, width=width, height=height)


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", head[16:24])


def test_the_pictures_of_the_readme():
    """The board at 360 and 1280 px in light and dark, three guesses into a game, saved in the
    test's folder (`make pictures` copies them to docs/)."""
    for width, height in ((360, 640), (1280, 800)):
        for theme in ("light", "dark"):
            def body(browser):
                browser.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                    "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
                # No movement, so that the last row is drawn where it stays.
                browser.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                    "features": [{"name": "prefers-color-scheme", "value": theme},
                                 {"name": "prefers-reduced-motion", "value": "reduce"}]})
                opens_on_a_game(browser)
                # Three guesses into a game still going: a new game when one of them was the secret
                # (3 games in 1296).
                for _ in range(10):
                    for code in ("1122", "3344", "1356"):
                        if browser.driver.find_element(By.ID, "entry").is_displayed():
                            played = len(browser.board())
                            browser.type_code(code)
                            browser.wait_for(lambda d: len(browser.board()) > played
                                             or not d.find_element(By.ID, "entry").is_displayed())
                    if browser.driver.find_element(By.ID, "entry").is_displayed():
                        break
                    browser.driver.find_element(By.ID, "again").click()
                    browser.wait_for(lambda d: browser.board() == [] and d.find_element(By.ID, "entry").is_displayed())
                assert len(browser.board()) == 3, browser.board()
                browser.driver.execute_script("window.scrollTo(0, 0)")
                path = browser.screenshot(f"page-{width}-{theme}.png")
                assert png_size(path)[0] == width, (path, png_size(path))
            on_site(f"picture_{width}_{theme}", body, width=width, height=height)


if __name__ == "__main__":
    if not os.path.exists(os.path.join(WEB_DIR, "engine.wasm")):
        print(f"{WEB_DIR}/engine.wasm is missing: run make web")
        sys.exit(1)
    run_tests(globals(), ONLY)
