"""The page as a static site (build/web of `make web`), served by a plain file server and played
with the engine in WebAssembly in the page's worker, in a real headless Chromium (as
test_browser.py, whose Browser it drives): the site is served from a sub-folder, as from a course's
web space, so every address it asks for must be relative. A classic game won by typing and one by
clicking from the moment the page opens, the page's hint against the native `mastermind next`,
solve with a contradictory answer caught, watch to the end, the duel at one screen, the Danish
page at 360 x 640 and the dark theme. Each test has a fresh browser profile; every wait is for a
state of the page, never a sleep.

Usage: test_site.py WEB_DIR MASTERMIND [PART_OF_A_TEST_NAME]"""

import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

WEB_DIR = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else "build/web"
BINARY = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else "mastermind"
ONLY = sys.argv[3] if len(sys.argv) > 3 else ""

from webtest import TIMEOUT, run_tests  # noqa: E402
from test_browser import Browser, By, Select, duel_at_one_screen, solve_with_a_lie, watch_to_the_end  # noqa: E402

# Where the site lives below the file server's root, as in a course's web space.
SUB_FOLDER = "course/mastermind"


class StaticSite:
    """`python3 -m http.server` on a free port of 127.0.0.1, serving WEB_DIR at SUB_FOLDER: it
    knows nothing of the API, so the page plays in its worker. Waited for by connecting."""

    def __init__(self, without_engine=False):
        self.root = tempfile.TemporaryDirectory()
        os.makedirs(os.path.join(self.root.name, os.path.dirname(SUB_FOLDER)))
        if without_engine:  # the page's files alone
            os.makedirs(os.path.join(self.root.name, SUB_FOLDER))
            for name in os.listdir(WEB_DIR):
                if not name.startswith("engine."):
                    os.symlink(os.path.join(WEB_DIR, name), os.path.join(self.root.name, SUB_FOLDER, name))
        else:
            os.symlink(WEB_DIR, os.path.join(self.root.name, SUB_FOLDER))
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.process = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)],
                                        cwd=self.root.name, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{port}/{SUB_FOLDER}"
        deadline = time.monotonic() + TIMEOUT
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert self.process.poll() is None, "the file server stopped"
                assert time.monotonic() < deadline, "the file server does not answer"
                time.sleep(0.05)  # polling for the server to listen, not waiting for it

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=TIMEOUT)
        self.root.cleanup()


def on_site(name, body, without_engine=False, **kwargs):
    """Runs body(browser) on the static site in a fresh browser; a failure saves a screenshot."""
    site = StaticSite(without_engine)
    try:
        browser = Browser(site, wait=not without_engine, **kwargs)
        try:
            body(browser)
        except Exception:
            print(f"screenshot of the failure: {browser.screenshot(f'failed_site_{name}.png')}")
            raise
        finally:
            browser.close()
    finally:
        site.close()


def opens_on_a_game(browser):
    """The page opens on a classic game, ready for a guess: no button first."""
    browser.wait_for(lambda d: d.find_element(By.ID, "entry").is_displayed())
    assert len(browser.labels("#board li")) == 10
    assert "classic" in browser.driver.find_element(By.ID, "variant-line").text


def test_a_classic_game_won_by_typing():
    def body(browser):
        opens_on_a_game(browser)
        message = browser.play(browser.type_code)
        assert "You found the secret" in message, message
        # The engine in the page keeps no highscores: the page says what would, where they would be.
        assert "recorded" not in message.lower(), message
        browser.wait_for(lambda d: d.find_element(By.ID, "scores").is_displayed())
        assert "mastermind serve" in browser.driver.find_element(By.ID, "scores").text
    on_site("typing", body)


def test_a_classic_game_won_by_clicking():
    def body(browser):
        opens_on_a_game(browser)
        browser.click_code("112")
        labels = browser.labels("#current .peg")
        assert labels == ["Peg 1: 1", "Peg 2: 1", "Peg 3: 2", "Peg 4: empty"], labels
        browser.driver.find_element(By.ID, "backspace").click()
        browser.wait_for(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#current .peg.empty")) == 2)
        for _ in range(2):
            browser.driver.find_element(By.ID, "backspace").click()
        message = browser.play(browser.click_code)
        assert "You found the secret" in message, message
    on_site("clicking", body)


def test_the_hint_is_the_native_next_guess():
    def body(browser):
        opens_on_a_game(browser)
        turns = []
        for code in ("1122", "3456"):
            browser.type_code(code)
            browser.wait_for(lambda d: len(browser.board()) == len(turns) + 1
                             or not d.find_element(By.ID, "entry").is_displayed())
            if not browser.driver.find_element(By.ID, "entry").is_displayed():
                return  # won at once (one game in 648): nothing left to hint
            row = browser.board()[-1]
            turns.append(f"{row['guess']}={'B' * row['black']}{'W' * row['white']}{'.' * (4 - row['black'] - row['white'])}")
        browser.driver.find_element(By.ID, "hint").click()
        browser.wait_for(lambda d: browser.message().startswith("Hint: "))
        hint = re.match(r"Hint: (\d+) \(codes still possible: (\d+)\)", browser.message())
        native = json.loads(subprocess.run([BINARY, "next", "--json", "--preset", "classic", *turns],
                                           capture_output=True, text=True, timeout=TIMEOUT, check=True).stdout)
        assert (hint.group(1), int(hint.group(2))) == (native["guess"], native["remaining"]), (browser.message(), native)
    on_site("hint", body)


def test_solve_with_a_contradictory_answer_caught():
    on_site("solve", solve_with_a_lie)


def test_watch_to_the_end():
    on_site("watch", watch_to_the_end)


def test_the_duel_at_one_screen():
    on_site("duel", duel_at_one_screen)


def on_screen(browser, ids):
    """The ids of those elements that are not wholly inside the window."""
    return browser.driver.execute_script(
        "return arguments[0].filter(id => { const r = document.getElementById(id).getBoundingClientRect();"
        "  return r.top < -1 || r.bottom > window.innerHeight + 1 || r.left < 0 || r.right > window.innerWidth; })", ids)


def test_danish_at_360_by_640():
    def body(browser):
        # The screen of a phone, 360 x 640 inside the browser's own bars.
        browser.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 360, "height": 640, "deviceScaleFactor": 1, "mobile": False})
        opens_on_a_game(browser)
        browser.wait_for(lambda d: d.find_element(By.ID, "submit").text == "Gæt")
        assert browser.driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "da"
        # The rows' labels are Danish: a row played is one with pegs.
        rows = lambda: len(browser.driver.find_elements(By.CSS_SELECTOR, "#board .pegs"))  # noqa: E731
        for code in ("1122", "3344", "5566"):
            if browser.driver.find_element(By.ID, "entry").is_displayed():
                played = rows()
                browser.type_code(code)
                browser.wait_for(lambda d: rows() > played or not d.find_element(By.ID, "entry").is_displayed())
        browser.driver.execute_script("window.scrollTo(0, 0)")
        # The whole board, the guess being made and the colours on one screen, none wider.
        outside = on_screen(browser, ["board", "current", "palette", "submit", "message"])
        assert outside == [], outside
        assert browser.no_horizontal_scroll()
        # A too short guess is refused in Danish and costs no turn.
        played = rows()
        if browser.driver.find_element(By.ID, "entry").is_displayed():
            browser.type_code("12")
            browser.wait_for(lambda d: "forventede" in browser.message())
            assert rows() == played
    on_site("danish_360", body, width=360, height=640, language="da")


def background(browser):
    return browser.driver.execute_script("return getComputedStyle(document.body).backgroundColor")


def dark(colour):
    """Whether an rgb() colour is dark: the mean of its channels below the middle."""
    return sum(int(c) for c in re.findall(r"\d+", colour)[:3]) / 3 < 128


def test_the_dark_theme_by_the_switch_and_by_the_system():
    def body(browser):
        opens_on_a_game(browser)
        assert not dark(background(browser)), background(browser)
        browser.open_settings()
        Select(browser.driver.find_element(By.ID, "theme")).select_by_value("dark")
        browser.wait_for(lambda d: dark(background(browser)))
        browser.driver.find_element(By.CSS_SELECTOR, "#settings .close").click()
        # Remembered: the page opens dark again.
        browser.driver.refresh()
        browser.wait_for(lambda d: d.find_element(By.ID, "entry").is_displayed())
        assert dark(background(browser)), background(browser)
        # Back to the system's choice, which the DevTools protocol makes dark, then light.
        browser.open_settings()
        Select(browser.driver.find_element(By.ID, "theme")).select_by_value("auto")
        browser.wait_for(lambda d: not dark(background(browser)))
        browser.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        browser.wait_for(lambda d: dark(background(browser)))
        # Under reduced motion nothing moves: the row just played does not slide in.
        browser.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "light"},
                         {"name": "prefers-reduced-motion", "value": "reduce"}]})
        browser.wait_for(lambda d: not dark(background(browser)))
        browser.driver.find_element(By.CSS_SELECTOR, "#settings .close").click()
        browser.type_code("1122")
        browser.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, "#board li.fresh")
                         or not d.find_element(By.ID, "entry").is_displayed())
        moving = browser.driver.execute_script(
            "return [...document.querySelectorAll('#board li.fresh')].map(e => getComputedStyle(e).animationName)")
        assert all(name == "none" for name in moving), moving
    on_site("dark", body)


def test_what_needs_the_server_says_so():
    def body(browser):
        opens_on_a_game(browser)
        browser.open_settings()
        d = browser.driver
        assert not d.find_element(By.ID, "player").is_displayed()
        assert "mastermind serve" in d.find_element(By.ID, "server-note").text
        modes = d.execute_script("return [...document.querySelectorAll('#mode option')]"
                                 ".filter(o => !o.disabled && getComputedStyle(o).display !== 'none').map(o => o.value)")
        assert modes == ["play", "solve", "watch", "duel"], modes
    on_site("server_note", body)


def test_without_the_engine_the_board_says_so():
    def body(browser):
        browser.wait_for(lambda d: "the game cannot start" in browser.message())
        assert "the engine" in browser.message(), browser.message()
    on_site("no_engine", body, without_engine=True)


# Stand-ins for stats.js and daily.js, put in place before the page's scripts run (and kept there:
# the site's own files may define the real ones), which note how the page calls them.
HOOKS = """
window.calls = [];
const stored = {};
Object.defineProperty(window, "MMStats", { writable: false, value: {
  record: (variant, result) => calls.push(["record", variant.name, result]),
  render: (element, variant, t) => { element.textContent = `${t("stats_games")} ${calls.length} ${variant.name}`; },
}});
Object.defineProperty(window, "MMDaily", { writable: false, value: {
  date: () => "2030-01-02",
  played: (variant, date) => stored[variant.name + date] || null,
  remember: (variant, date, game) => { stored[variant.name + date] = game; calls.push(["remember", variant.name, date]); },
  shareText: (game, date, t) => t("daily_share", game.variant.name, date, game.board.length, game.variant.max_guesses),
}});
"""


def test_the_statistics_and_the_daily_code_through_their_hooks():
    def body(browser):
        d = browser.driver
        d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOKS})
        d.refresh()
        opens_on_a_game(browser)
        d.find_element(By.ID, "daily-button").click()
        browser.wait_for(lambda d: "2030-01-02" in d.find_element(By.ID, "variant-line").text)
        assert d.find_element(By.ID, "variant-line").text.startswith("Daily code"), d.find_element(By.ID, "variant-line").text
        browser.play(browser.type_code)
        rows = len(browser.board())
        calls = d.execute_script("return calls")
        assert calls == [["record", "classic", {"won": True, "guesses": rows, "daily": "2030-01-02"}],
                         ["remember", "classic", "2030-01-02"]], calls
        d.find_element(By.ID, "share").click()
        browser.wait_for(lambda d: d.find_element(By.ID, "share-text").is_displayed())
        text = d.find_element(By.ID, "share-text").get_attribute("value")
        assert text == f"Mastermind classic 2030-01-02: {rows}/10", text
        # Played today already: the finished board again, not a new game.
        d.find_element(By.ID, "again").click()
        browser.wait_for(lambda d: browser.board() == [])
        d.find_element(By.ID, "daily-button").click()
        browser.wait_for(lambda d: len(browser.board()) == rows)
        assert "solved" in browser.message(), browser.message()
        assert d.find_element(By.ID, "share").is_displayed()
        d.find_element(By.ID, "stats-button").click()
        browser.wait_for(lambda d: d.find_element(By.ID, "stats").is_displayed())
        assert d.find_element(By.ID, "stats").text == "Games 2 classic", d.find_element(By.ID, "stats").text
    on_site("hooks", body)


def main():
    if not os.path.exists(os.path.join(WEB_DIR, "engine.wasm")):
        print(f"{WEB_DIR}/engine.wasm is missing: run make web")
        sys.exit(1)
    run_tests(globals(), ONLY)


if __name__ == "__main__":
    main()
