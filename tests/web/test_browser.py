"""The page of `mastermind serve` in a real headless Chromium (Debian's chromium, chromium-driver
and python3-selenium, installed by `scripts/install-deps --browser` for `make test`): a game won by
typing and one by clicking, the page at 360 px and 1280 px with no horizontal scroll, play's and
solve's controls on a 360 px screen without scrolling, each row played in view there, the Danish
page and the language switch. The page opens on a play game; other games start from the settings
dialog. tests/web/test_site.py tests the same page served as static files, with the engine in a
worker. Every wait is for a state of the page, never a sleep. A failing test
saves a screenshot beside the test's working directory and says where. The first test also saves
the screenshot of the front page (web_page.png; the README's pictures are made by `make pictures` when the
page changes)."""

import os
import re
import sys

from webtest import Server, codes, consistent, run_tests, score, scores_json, TIMEOUT

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    print("python3-selenium is not installed (scripts/install-deps --browser): failing")
    sys.exit(1)

CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"
OUT = os.getcwd()
ROW = re.compile(r"Row (\d+): (\S+), answered (\d+) in place and (\d+) misplaced")


class Browser:
    """A headless Chromium of `width` pixels on the page of `server` (anything with a `base`
    address), in `language`."""

    def __init__(self, server, width=1280, height=900, language="en", wait=True):
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         f"--window-size={width},{height}", f"--lang={language}"):
            options.add_argument(argument)
        options.add_experimental_option("prefs", {"intl.accept_languages": language})
        self.driver = webdriver.Chrome(service=Service(DRIVER), options=options)
        self.driver.set_window_size(width, height)
        self.server = server
        self.driver.get(server.base + "/")
        if wait:  # for the page's words and variants
            self.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, "#preset option"))

    def open_settings(self):
        if self.driver.find_element(By.ID, "settings").get_attribute("open") is None:
            self.driver.find_element(By.ID, "settings-button").click()
        self.wait_for(lambda d: d.find_element(By.ID, "settings").get_attribute("open") is not None)

    def settings_closed(self):
        """Waits until "New game" has started the game and closed the dialog."""
        self.wait_for(lambda d: d.find_element(By.ID, "settings").get_attribute("open") is None)

    def wait_for(self, condition):
        return WebDriverWait(self.driver, TIMEOUT).until(condition)

    def screenshot(self, name):
        path = os.path.join(OUT, name)
        self.driver.save_screenshot(path)
        return path

    def new_game(self, player=None):
        self.open_settings()
        name = self.driver.find_element(By.ID, "player")
        name.clear()
        if player:
            name.send_keys(player)
        self.driver.find_element(By.ID, "new-game").click()
        self.settings_closed()
        self.wait_for(lambda d: d.find_element(By.ID, "entry").is_displayed())

    def board(self):
        """The rows played, read from their labels for screen readers."""
        rows = []
        for label in self.labels("#board li"):
            match = ROW.match(label or "")
            if match:
                rows.append({"guess": match.group(2), "black": int(match.group(3)), "white": int(match.group(4))})
        return rows

    def labels(self, selector):
        """The aria-label of every element `selector` finds, read at once (the page redraws)."""
        return self.driver.execute_script(
            "return [...document.querySelectorAll(arguments[0])].map(e => e.getAttribute('aria-label'))", selector)

    def message(self):
        return self.driver.find_element(By.ID, "message").text

    def play(self, enter):
        """Plays the first consistent code with `enter` until the game ends; returns the message."""
        candidates = codes("123456", 4)
        while self.driver.find_element(By.ID, "entry").is_displayed():
            played = len(self.board())
            enter(consistent(candidates, self.board())[0])
            self.wait_for(lambda d: len(self.board()) > played or not d.find_element(By.ID, "entry").is_displayed())
        return self.message()

    def type_code(self, code):
        body = self.driver.find_element(By.TAG_NAME, "body")
        # A symbol that is no colour is ignored; one too many is taken back with Backspace.
        body.send_keys(code[:2] + "9" + "6" + Keys.BACKSPACE + code[2:] + Keys.ENTER)

    def click_code(self, code):
        for symbol in code:
            self.driver.find_element(By.CSS_SELECTOR, f'#palette button[aria-label="Symbol {symbol}"]').click()
        self.driver.find_element(By.ID, "submit").click()

    def box(self, selector, index=0):
        """Where the index-th element `selector` finds is on the screen: its top and bottom in
        pixels from the top of the window. Layout is in fractions of a pixel (lines of 22.4 px),
        scrolling in whole ones, so a check of what is in view allows one pixel."""
        return self.driver.execute_script(
            "const r = document.querySelectorAll(arguments[0])[arguments[1]].getBoundingClientRect();"
            "return {top: r.top, bottom: r.bottom}", selector, index)

    def no_horizontal_scroll(self):
        return self.driver.execute_script(
            "return document.documentElement.scrollWidth <= window.innerWidth")

    def start(self, mode, player=None):
        """A new game of `mode` (play, solve, watch, netduel) on the classic board."""
        self.open_settings()
        Select(self.driver.find_element(By.ID, "mode")).select_by_value(mode)
        if player:
            self.driver.find_element(By.ID, "player").send_keys(player)
        self.driver.find_element(By.ID, "new-game").click()
        self.settings_closed()

    def answer_pegs(self, black, white):
        """Sets the answer pegs by clicking: once for black, twice for white."""
        for i in range(black + white):
            for _ in range(1 if i < black else 2):
                self.driver.find_elements(By.CSS_SELECTOR, "#answer-pegs button")[i].click()

    def computer_guess(self):
        """The computer's guess once it waits for an answer, read from its label."""
        self.wait_for(lambda d: d.find_element(By.ID, "my-guess").get_attribute("aria-label")
                      and d.find_element(By.ID, "answer-submit").is_enabled())
        return self.driver.find_element(By.ID, "my-guess").get_attribute("aria-label").rsplit(" ", 1)[1]

    def close(self):
        self.driver.quit()


def in_browser(name, body, **kwargs):
    """Runs body(browser) and saves a screenshot when it fails."""
    with Server() as server:
        browser = Browser(server, **kwargs)
        try:
            body(browser)
        except Exception:
            path = browser.screenshot(f"failed_{name}.png")
            print(f"screenshot of the failure: {path}")
            raise
        finally:
            browser.close()


def test_a_game_won_by_typing_is_recorded():
    def body(browser):
        browser.new_game("Typist")
        message = browser.play(browser.type_code)
        assert "You found the secret" in message, message
        assert "Recorded in the highscores." in message, message
        browser.wait_for(lambda d: d.find_element(By.ID, "scores").is_displayed())
        assert "Typist" in browser.driver.find_element(By.ID, "scores-rows").text
        stats = scores_json(browser.server.scores, "Typist")
        assert stats["player"]["wins"] == 1, stats
    in_browser("typing", body)


def test_a_game_won_by_clicking():
    def body(browser):
        # The page opens on a game, ready for the first guess.
        browser.wait_for(lambda d: d.find_element(By.ID, "entry").is_displayed())
        first = consistent(codes("123456", 4), [])[0]
        browser.click_code(first[:3])
        labels = browser.labels("#current .peg")
        assert labels == ["Peg 1: 1", "Peg 2: 1", "Peg 3: 1", "Peg 4: empty"], labels
        browser.driver.find_element(By.ID, "backspace").click()
        browser.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, "#current .peg.empty"))
        for _ in range(3):
            browser.driver.find_element(By.ID, "backspace").click()
        # A hint is worked out on the server's engine thread; the page asks until it is there.
        browser.driver.find_element(By.ID, "hint").click()
        browser.wait_for(lambda d: browser.message().startswith("Hint: "))
        assert "(codes still possible: 1296)" in browser.message(), browser.message()
        assert browser.driver.find_element(By.ID, "submit").is_enabled()
        message = browser.play(browser.click_code)
        assert "You found the secret" in message and "Not recorded" in message, message
        assert "Helped by hint" in message, message
    in_browser("clicking", body)


def check_width(width):
    def body(browser):
        browser.new_game()
        for code in ("1122", "3344", "5566"):
            if browser.driver.find_element(By.ID, "entry").is_displayed():
                played = len(browser.board())
                browser.type_code(code)
                browser.wait_for(lambda d: len(browser.board()) > played or not d.find_element(By.ID, "entry").is_displayed())
        assert browser.no_horizontal_scroll(), browser.driver.execute_script(
            "return [document.documentElement.scrollWidth, window.innerWidth]")
        if width == 1280:
            browser.driver.execute_script("window.scrollTo(0, 0)")
            browser.screenshot("web_page.png")
    in_browser(f"width_{width}", body, width=width, height=1000 if width == 1280 else 800)


def test_360_px_without_horizontal_scroll():
    check_width(360)


def test_1280_px_without_horizontal_scroll():
    check_width(1280)


def test_the_danish_page_and_the_switch_to_swedish():
    def body(browser):
        new_game = browser.driver.find_element(By.ID, "new-game")
        browser.open_settings()
        browser.wait_for(lambda d: new_game.text == "Nyt spil")
        assert browser.driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "da"
        browser.new_game()
        browser.type_code("12")  # too short: the server's error, in Danish
        browser.wait_for(lambda d: browser.message() != "")
        assert "gæt" in browser.message() or "forventede" in browser.message(), browser.message()
        browser.open_settings()
        Select(browser.driver.find_element(By.ID, "language")).select_by_value("sv")
        browser.wait_for(lambda d: new_game.text == "Nytt spel")
    in_browser("danish", body, language="da")



def possible_answers(guess):
    """The answers some code gives to `guess`: a lie among them is not refused as a typo."""
    return sorted({score(code, guess) for code in codes("123456", 4)})


def solve_with_a_lie(browser):
    """Solve on the classic board with one answer a lie: caught at once, the real secret names its row."""
    secret = "1234"
    browser.start("solve")
    lie_row = None
    while lie_row is None:
        guess = browser.computer_guess()
        board = browser.board()
        lie = next(((b, w) for b, w in possible_answers(guess)
                    if not consistent(codes("123456", 4), board + [{"guess": guess, "black": b, "white": w}])), None)
        black, white = lie or score(secret, guess)
        browser.answer_pegs(black, white)
        labels = browser.labels("#answer-pegs button")
        assert [label.rsplit(" ", 1)[1] for label in labels] == \
            ["black"] * black + ["white"] * white + ["none"] * (4 - black - white), labels
        browser.driver.find_element(By.ID, "answer-submit").click()
        browser.wait_for(lambda d: len(browser.board()) == len(board) + 1)
        if lie:
            lie_row = len(board) + 1
    # Caught at once: the page asks for the secret.
    browser.wait_for(lambda d: d.find_element(By.ID, "secret-entry").is_displayed())
    assert "no code fits all of these answers" in browser.message(), browser.message()
    browser.driver.find_element(By.ID, "secret-code").send_keys(secret + Keys.ENTER)
    browser.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, "#wrong-rows li"))
    rows = [li.text for li in browser.driver.find_elements(By.CSS_SELECTOR, "#wrong-rows li")]
    assert any(row.startswith(f"Row {lie_row} was answered wrongly") for row in rows), rows


def test_solve_with_a_contradictory_answer_caught():
    in_browser("solve", solve_with_a_lie)


def test_the_name_field_is_shown_only_where_it_names_someone():
    def body(browser):
        browser.open_settings()
        mode = Select(browser.driver.find_element(By.ID, "mode"))
        shown = {}
        for value in ("play", "solve", "watch", "duel", "netduel"):
            mode.select_by_value(value)
            shown[value] = browser.driver.find_element(By.ID, "player").is_displayed()
        assert shown == {"play": True, "solve": True, "watch": False, "duel": False, "netduel": True}, shown
    in_browser("name_field", body)


def test_solve_at_360_px_answers_without_scrolling():
    secret = "3632"

    def body(browser):
        browser.start("solve")
        for _ in range(3):
            guess = browser.computer_guess()
            if guess == secret:
                break
            played = len(browser.board())
            browser.answer_pegs(*score(secret, guess))
            browser.driver.find_element(By.ID, "answer-submit").click()
            browser.wait_for(lambda d: len(browser.board()) == played + 1)
        browser.computer_guess()
        # From the top of the page (the clicks above scroll what they click into view), the answer
        # pegs, the button that sends them and what the computer says are on the screen.
        browser.driver.execute_script("window.scrollTo(0, 0)")
        outside = browser.driver.execute_script(
            "return ['answer-pegs', 'answer-submit', 'my-guess', 'message'].filter(id => {"
            "  const r = document.getElementById(id).getBoundingClientRect();"
            "  return r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth; })")
        assert outside == [], outside
        # Pinned, the controls leave most of the screen to the board (the how-to note is above it).
        share = browser.driver.execute_script(
            "return document.getElementById('dock').getBoundingClientRect().height / window.innerHeight")
        assert share < 0.5, share
        assert browser.driver.execute_script("return document.documentElement.scrollHeight > window.innerHeight")
        assert browser.no_horizontal_scroll()
    in_browser("solve_360", body, width=360, height=640)


def test_play_at_360_px_guesses_without_scrolling():
    candidates = codes("123456", 4)

    def body(browser):
        browser.new_game()
        while len(browser.board()) < 6:
            board = browser.board()
            if not browser.driver.find_element(By.ID, "entry").is_displayed():  # the first guess won
                browser.new_game()
                continue
            # After the first row, codes the answers rule out: none wins, so the board grows.
            fitting = consistent(candidates, board)
            played = {row["guess"] for row in board}
            guess = next(c for c in candidates if c not in fitting and c not in played) if board else "1122"
            browser.click_code(guess)
            browser.wait_for(lambda d: len(browser.board()) > len(board)
                             or not d.find_element(By.ID, "entry").is_displayed())
        # From the top of the page, below the game's settings and six rows: the guess being made,
        # the colours, the button that sends it and the message are on the screen.
        browser.driver.execute_script("window.scrollTo(0, 0)")
        outside = browser.driver.execute_script(
            "return ['current', 'palette', 'submit', 'message'].filter(id => {"
            "  const r = document.getElementById(id).getBoundingClientRect();"
            "  return r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth; })")
        assert outside == [], outside
        share = browser.driver.execute_script(
            "return document.getElementById('dock').getBoundingClientRect().height / window.innerHeight")
        assert share < 0.5, share
        assert browser.driver.execute_script("return document.documentElement.scrollHeight > window.innerHeight")
        assert browser.no_horizontal_scroll()
    in_browser("play_360", body, width=360, height=640)


def test_play_at_360_px_shows_each_row_played():
    """Typed guesses on a phone: each row played is on the screen above the pinned controls (the
    page scrolls the game's settings away), and so is the message that ends the game. The page
    before this scrolled nothing: the rows were played behind the controls."""
    def body(browser):
        def enter(code):
            # Before each guess: the row played last (the first row as the game starts) is in view.
            row = browser.box("#board li", max(len(browser.board()) - 1, 0))
            assert row["top"] >= -1 and row["bottom"] <= browser.box("#dock")["top"] + 1, f"row hidden: {row}"
            browser.type_code(code)

        browser.new_game()
        browser.play(enter)
        message = browser.box("#message")
        height = browser.driver.execute_script("return window.innerHeight")
        assert message["top"] >= -1 and message["bottom"] <= height + 1, f"the end off the screen: {message}"
    in_browser("rows_360", body, width=360, height=640)


def watch_to_the_end(browser):
    """Watch on the classic board, step by step to the end, each row scored right."""
    browser.start("watch")
    browser.wait_for(lambda d: "The secret is" in browser.message())
    secret = re.search(r"The secret is (\d+)", browser.message()).group(1)
    while "found" not in browser.message():
        played = len(browser.board())
        browser.wait_for(lambda d: d.find_element(By.ID, "step").is_enabled())
        browser.driver.find_element(By.ID, "step").click()
        browser.wait_for(lambda d: len(browser.board()) > played)
        last = browser.board()[-1]
        assert (last["black"], last["white"]) == score(secret, last["guess"]), last
        browser.wait_for(lambda d: "Thinking" not in browser.message())
    assert browser.board()[-1]["guess"] == secret


def test_watch_step_by_step():
    in_browser("watch", watch_to_the_end)


def duel_at_one_screen(browser):
    """A duel of two rounds at one screen, each secret typed twice and hidden."""
    d = browser.driver
    browser.open_settings()
    Select(d.find_element(By.ID, "mode")).select_by_value("duel")
    d.find_element(By.ID, "player1").send_keys("Ann")
    d.find_element(By.ID, "player2").send_keys("Bo")
    d.find_element(By.ID, "new-game").click()
    browser.settings_closed()
    for secret in ("3632", "1111"):
        browser.wait_for(lambda d: d.find_element(By.ID, "duel-secret-entry").is_displayed())
        for _ in range(2):  # typed, then typed again to confirm
            typed = len(browser.message())
            field = d.find_element(By.ID, "duel-secret")
            assert field.get_attribute("type") == "password"
            before = browser.message()
            field.send_keys(secret + Keys.ENTER)
            browser.wait_for(lambda d: browser.message() != before)
            assert typed and secret not in d.find_element(By.TAG_NAME, "body").text
        browser.wait_for(lambda d: d.find_element(By.ID, "entry").is_displayed())
        assert "break the code" in browser.message()
        assert not d.find_element(By.ID, "hint").is_displayed()
        browser.play(browser.type_code)
        assert f"with {len(browser.board())} guesses" in browser.message(), browser.message()
        if secret == "3632":
            d.find_element(By.ID, "duel-next").click()
    browser.wait_for(lambda d: "wins the duel" in browser.message() or "draw" in browser.message())
    assert "Guesses per round: Ann" in browser.message(), browser.message()


def test_a_duel_on_one_screen():
    in_browser("duel", duel_at_one_screen)


def test_a_duel_between_two_browser_sessions():
    with Server() as server:
        ann = Browser(server)
        bo = None
        try:
            ann.start("netduel", player="Ann")
            ann.wait_for(lambda d: "?join=" in ann.message())
            link = re.search(r"(http://\S+\?join=([A-Z0-9]{6}))", ann.message())
            bo = Browser(server)
            bo.driver.get(link.group(1))  # the link Ann gives Bo
            # The link opens the settings on the duel to join.
            bo.wait_for(lambda d: d.find_element(By.ID, "join-code").is_displayed()
                        and d.find_element(By.ID, "join-code").get_attribute("value") == link.group(2))
            bo.driver.find_element(By.ID, "player").send_keys("Bo")
            bo.driver.find_element(By.ID, "join").click()
            for browser, secret in ((ann, "3632"), (bo, "1111")):
                browser.wait_for(lambda d: d.find_element(By.ID, "duel-secret-entry").is_displayed())
                browser.driver.find_element(By.ID, "duel-secret").send_keys(secret + Keys.ENTER)
            # Bo's guesses appear on Ann's screen as Bo makes them, without Ann doing anything.
            bo.wait_for(lambda d: d.find_element(By.ID, "entry").is_displayed())
            for played, code in enumerate(("1122", "3456"), start=1):
                bo.type_code(code[:2] + code[2:])
                bo.wait_for(lambda d: len(bo.board()) == played)
                ann.wait_for(lambda d: len(ann.labels("#their-board li[aria-label*=answered]")) == played)
            assert ann.board() == [], ann.board()
            bo.play(bo.type_code)
            ann.play(ann.type_code)
            for browser in (ann, bo):
                browser.wait_for(lambda d: "wins the duel" in browser.message() or "draw" in browser.message())
            assert "Ann's secret was 3632." in bo.message(), bo.message()
        except Exception:
            for name, browser in (("ann", ann), ("bo", bo)):
                if browser:
                    print(f"screenshot of the failure: {browser.screenshot(f'failed_netduel_{name}.png')}")
            raise
        finally:
            ann.close()
            if bo:
                bo.close()


if __name__ == "__main__":
    run_tests(globals())
