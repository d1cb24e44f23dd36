"""The JSON API of `mastermind serve` (docs/web-api.md) over HTTP on a free port: a whole game
won and recorded where `mastermind scores` reads it, hard mode's refusal, undo, every bad input,
the limits, and the secret kept from every answer until the game is over."""

import contextlib
import http.client
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import threading
import time
import urllib.request

from webtest import BINARY, Server, assisted, codes, consistent, run_tests, score, scores_json, TIMEOUT

SECRET_KEYS = ("secret", "game_id")


def assert_hidden(answer, headers):
    """Nothing that carries the secret in an answer of a game in progress."""
    assert answer["state"] == "playing", answer
    for key in SECRET_KEYS:
        assert key not in answer, (key, answer)
    assert headers.get("Set-Cookie") is None


def play_to_the_end(server, game, check_each=True):
    """Plays the first code consistent with the board until the game ends; returns the last answer."""
    candidates = codes(game["variant"]["alphabet"], game["variant"]["pegs"])
    answer = game
    while answer["state"] == "playing":
        guess = consistent(candidates, answer["board"])[0]
        status, answer, headers = server.post(f"/api/games/{game['token']}/guess", {"code": guess})
        assert status == 200, (status, answer)
        if check_each and answer["state"] == "playing":
            assert_hidden(answer, headers)
    return answer


def test_a_won_game_is_recorded_for_the_terminal():
    with Server() as server:
        status, game, headers = server.post("/api/games", {"preset": "classic", "player": "Webby"})
        assert status == 201, (status, game)
        assert len(game["token"]) == 32 and game["variant"]["rules"] == "p4c6r"
        assert_hidden(game, headers)
        status, again, _ = server.get(f"/api/games/{game['token']}")
        assert status == 200 and again["board"] == [] and "secret" not in again
        end = play_to_the_end(server, game)
        assert end["state"] == "won", end
        assert end["ranked"] is True and isinstance(end["recorded"], int), end
        assert end["secret"] == end["board"][-1]["guess"]
        assert end["event"]["turn"]["black"] == 4
        status, table, _ = server.get("/api/scores/p4c6r-g10")
        assert status == 200 and [row["player"] for row in table["top"]] == ["Webby"], table
        assert table["top"][0]["guesses"] == len(end["board"]) and table["hard"] is False
        assert server.get("/api/scores/p4c6r-g10/hard")[1]["top"] == []
        assert server.get("/api/scores/p4c99")[0] == 400
        stats = scores_json(server.scores, "Webby")
        assert stats["player"]["games"] == 1 and stats["player"]["wins"] == 1, stats
        assert stats["player"]["best"] == len(end["board"]), stats
        # The terminal plays the same secret from the id the page showed.
        assert len(end["game_id"]) >= 5


def test_a_game_id_is_played_again_in_the_browser_and_the_terminal():
    with Server() as server:
        _, game, _ = server.post("/api/games", {"preset": "classic", "player": "First"})
        original = play_to_the_end(server, game)
        game_id = original["game_id"]
        status, replay, _ = server.post("/api/games", {"replay": game_id.lower(), "player": "Second"})
        assert status == 201 and "secret" not in replay, replay
        status, answer, _ = server.post(f"/api/games/{replay['token']}/guess", {"code": original["secret"]})
        assert status == 200 and answer["state"] == "won" and answer["ranked"] is False, answer
        assert answer["game_id"] == game_id
        bad = server.post("/api/games", {"replay": game_id, "preset": "bulls"})
        assert bad[0] == 400 and bad[1]["error"], bad
        assert server.post("/api/games", {"replay": "NOTANID"})[0] == 400
        # The terminal plays the id the page showed, into the same file.
        done = subprocess.run([BINARY, "play", "--replay", game_id, "-f", server.scores, "--player", "Third"],
                              input=original["secret"] + "\n", capture_output=True, text=True, timeout=TIMEOUT)
        assert done.returncode == 0, done
        listed = subprocess.run([BINARY, "scores", "--replay", game_id, "-f", server.scores, "--json"],
                                capture_output=True, text=True, timeout=TIMEOUT, check=True).stdout
        players = [g["player"] for g in json.loads(listed)["games"]]
        assert sorted(players) == ["First", "Second", "Third"], listed


def test_hard_mode_refuses_a_guess_that_contradicts_the_board():
    with Server() as server:
        _, game, _ = server.post("/api/games", {"preset": "classic", "hard": True})
        token = game["token"]
        status, first, _ = server.post(f"/api/games/{token}/guess", {"code": "1122"})
        assert status == 200 and first["hard"] is True
        if first["state"] != "playing":
            return  # 1122 was the secret: nothing left to refuse
        wrong = next(c for c in codes("123456", 4) if not consistent([c], first["board"]))
        status, refusal, _ = server.post(f"/api/games/{token}/guess", {"code": wrong})
        assert status == 409, (status, refusal)
        assert "Hard mode" in refusal["error"] and refusal["check"]["consistent"] is False
        assert refusal["check"]["row"] == 1
        _, after, _ = server.get(f"/api/games/{token}")
        assert len(after["board"]) == 1 and after["guesses_left"] == first["guesses_left"]


def test_undo_takes_a_guess_back_and_marks_the_game_assisted():
    with Server() as server:
        _, game, _ = server.post("/api/games", {"preset": "classic"})
        token = game["token"]
        _, first, _ = server.post(f"/api/games/{token}/guess", {"code": "1234"})
        if first["state"] != "playing":
            return
        assert first["assisted"] is False
        status, undone, headers = server.post(f"/api/games/{token}/undo")
        assert status == 200, undone
        assert undone["event"] == {"kind": "undo", "turn": first["board"][0]}
        assert undone["board"] == [] and undone["assisted"] is True and undone["guesses_left"] == 10
        assert_hidden(undone, headers)


def test_hint_left_and_check_answer_without_the_secret():
    with Server() as server:
        _, game, _ = server.post("/api/games", {"preset": "classic"})
        token = game["token"]
        _, first, _ = server.post(f"/api/games/{token}/guess", {"code": "1122"})
        if first["state"] != "playing":
            return
        expected = consistent(codes("123456", 4), first["board"])
        left, headers = assisted(server, token, "left")
        assert left["event"]["kind"] == "left" and left["event"]["count"] == len(expected), left
        assert left["assisted"] is True, left
        assert_hidden(left, headers)
        hint, headers = assisted(server, token, "hint")
        assert hint["event"]["kind"] == "hint" and hint["event"]["remaining"] == len(expected), hint
        assert hint["event"]["guess"] in codes("123456", 4), hint
        assert_hidden(hint, headers)
        # The answer stays the game's event until the next move.
        assert server.get(f"/api/games/{token}")[1]["event"] == hint["event"]
        status, check, _ = server.post(f"/api/games/{token}/check", {"code": expected[0]})
        assert status == 200 and check["event"]["consistent"] is True and check["assisted"] is True


def test_a_code_is_a_guess_whatever_it_spells_and_however_it_is_spelled():
    """The code of a request goes to the game as the code it reads as, never as text to read again:
    on a board of the letters A to T, `hint`, `left` and `help` are codes like any other, and a
    code spelled another way is the same code."""
    with Server() as server:
        _, game, _ = server.post("/api/games", {"rules": "p4c20r"})
        token = game["token"]
        status, first, _ = server.post(f"/api/games/{token}/guess", {"code": "hint"})
        assert status == 200 and first["event"]["kind"] == "guess", (status, first)
        assert first["board"][0]["guess"] == "HINT" and first["assisted"] is False, first
        if first["state"] != "playing":
            return  # HINT was the secret
        for spelling in ("HINT", "h i n t", "(H,i,N,t)", " [h i n t] "):
            status, again, _ = server.post(f"/api/games/{token}/guess", {"code": spelling})
            assert status == 400 and "already on the board (row 1)" in again["error"], (spelling, again)
        status, second, _ = server.post(f"/api/games/{token}/guess", {"code": "L E F T"})
        assert status == 200 and second["event"]["turn"]["guess"] == "LEFT", second
        status, check, _ = server.post(f"/api/games/{token}/check", {"code": "help"})
        assert status == 200 and check["event"]["kind"] == "check" and check["event"]["code"] == "HELP", check
        status, none, _ = server.post(f"/api/games/{token}/check", {"code": " "})
        assert status == 400 and "check what?" in none["error"], none
        _, after, _ = server.get(f"/api/games/{token}")
        assert [t["guess"] for t in after["board"]] == ["HINT", "LEFT"], after
        # One peg: q and h alone are codes, not the terminal's shortcuts for quit and hint.
        _, single, _ = server.post("/api/games", {"rules": "p1c20r"})
        status, q, _ = server.post(f"/api/games/{single['token']}/guess", {"code": "q"})
        assert status == 200 and q["event"]["kind"] == "guess" and q["board"][0]["guess"] == "Q", q
        if q["state"] == "playing":
            status, h, _ = server.post(f"/api/games/{single['token']}/guess", {"code": "h"})
            assert status == 200 and h["event"]["turn"]["guess"] == "H" and h["assisted"] is False, h


def test_bad_input_is_a_json_error_never_a_crash():
    with Server() as server:
        _, game, _ = server.post("/api/games", {"preset": "classic"})
        moves = f"/api/games/{game['token']}/guess"
        bad = [
            ("/api/games", None, b"{not json"),
            ("/api/games", None, b"[1, 2]"),
            ("/api/games", {"presets": "classic"}, None),
            ("/api/games", {"pegs": 0}, None),
            ("/api/games", {"pegs": "four"}, None),
            ("/api/games", {"preset": "nonsense"}, None),
            ("/api/games", {"rules": "p4c6r", "alphabet": "ABC"}, None),
            ("/api/games", {"player": " "}, None),
            ("/api/games", {"rules": "p4c6rb"}, None),  # black-peg rules: the page draws black and white
            (moves, {"code": "123"}, None),
            (moves, {"code": "1239"}, None),
            (moves, {"code": "12345"}, None),
            (moves, {"guess": "1234"}, None),
            (moves, {}, None),
        ]
        for path, body, raw in bad:
            status, answer, headers = server.post(path, body, raw=raw)
            assert status == 400, (path, body, raw, status, answer)
            assert isinstance(answer, dict) and answer["error"] and "\n" not in answer["error"], answer
            assert headers["Content-Type"].startswith("application/json")
        status, answer, _ = server.post("/api/games", raw=b"{" + b" " * (65 * 1024) + b"}")
        assert status == 413, (status, answer)
        for path in ["/nowhere", "/api/nothing", "/api/games/" + "0" * 32, "/api/games/xyz/guess",
                     "/../etc/passwd", "/%2e%2e/etc/passwd", "/..%2fetc%2fpasswd", "/static/../../etc/hostname"]:
            status, answer, _ = server.get(path)
            assert status == 404, (path, status, answer)
            assert "root:" not in str(answer)
        status, answer, _ = server.post(f"/api/games/{game['token']}/fly")
        assert status == 404
        # The server is still there and the game untouched.
        status, again, _ = server.get(f"/api/games/{game['token']}")
        assert status == 200 and again["board"] == []


def test_the_page_and_its_words_in_three_languages():
    with Server() as server:
        status, page, headers = server.get("/")
        assert status == 200 and "<html" in page and headers["Content-Type"].startswith("text/html")
        for path in ["/app.js", "/style.css"]:
            assert server.get(path)[0] == 200
        _, english, _ = server.get("/api/texts")
        _, danish, _ = server.get("/api/texts?lang=da")
        _, swedish, _ = server.get("/api/texts", headers={"Accept-Language": "sv-SE,sv;q=0.9,en;q=0.5"})
        assert english["language"] == "en" and danish["language"] == "da" and swedish["language"] == "sv"
        assert english["texts"]["new_game"] == "New game"
        assert danish["texts"]["new_game"] != "New game" and swedish["texts"]["new_game"] != "New game"
        assert set(english["texts"]) == set(danish["texts"]) == set(swedish["texts"])
        _, game, _ = server.post("/api/games", {"preset": "classic"})
        _, turn, _ = server.post(f"/api/games/{game['token']}/guess?lang=da", {"code": "1234"})
        row = turn["board"][0]
        # The answer in Danish peg letters (sort, hvid), the dialect's feedback unchanged.
        assert row["says"] == "S" * row["black"] + "H" * row["white"] + "." * (4 - row["black"] - row["white"]), row
        assert row["feedback"] == "B" * row["black"] + "W" * row["white"] + "." * (4 - row["black"] - row["white"])
        _, bulls, _ = server.post("/api/games", {"preset": "bulls"})
        _, turn, _ = server.post(f"/api/games/{bulls['token']}/guess", {"code": "1234"})
        assert "bull" in turn["board"][0]["says"] and "cow" in turn["board"][0]["says"], turn
        status, error, _ = server.post(f"/api/games/{game['token']}/guess?lang=da", {"code": "12"})
        _, english_error, _ = server.post(f"/api/games/{game['token']}/guess", {"code": "12"})
        assert status == 400 and error["error"] != english_error["error"], (error, english_error)


def test_requests_in_three_languages_at_once_are_each_answered_in_their_own():
    # Each request's language is its thread's: none switches another's (8 threads a language).
    missing = {"en": "no such page or game", "da": "ingen sådan side eller spil",
               "sv": "ingen sådan sida eller inget sådant spel"}
    with Server() as server:
        words = {lang: server.get(f"/api/texts?lang={lang}")[1]["texts"]["new_game"] for lang in missing}
        assert len(set(words.values())) == 3, words
        wrong = []

        def ask(lang):
            for _ in range(10):
                _, texts, _ = server.get("/api/texts", headers={"Accept-Language": lang})
                status, error, _ = server.get(f"/api/games/{'0' * 32}?lang={lang}")
                if texts["language"] != lang or texts["texts"]["new_game"] != words[lang]:
                    wrong.append((lang, texts["language"], texts["texts"]["new_game"]))
                if status != 404 or error["error"] != missing[lang]:
                    wrong.append((lang, status, error))

        threads = [threading.Thread(target=ask, args=(lang,)) for lang in missing for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not wrong, wrong[:5]


def kept_guesses(scores, token):
    """The guesses the scores file keeps for a game in progress; None when it keeps none (yet)."""
    try:
        with contextlib.closing(sqlite3.connect(f"file:{scores}?mode=ro", uri=True)) as db:
            row = db.execute("SELECT guess_list FROM kept_games WHERE key = ?", (token,)).fetchone()
    except sqlite3.Error:  # no file or table yet, or a write under way
        return None
    return json.loads(row[0]) if row else None


def test_a_game_in_progress_survives_sigkill_and_a_new_start():
    with tempfile.TemporaryDirectory() as directory:
        scores = os.path.join(directory, "scores.db")
        with Server(scores=scores) as server:
            _, game, _ = server.post("/api/games", {"preset": "classic", "player": "Kept"})
            token = game["token"]
            _, first, _ = server.post(f"/api/games/{token}/guess", {"code": "1122"})
            if first["state"] != "playing":
                return  # the first guess was the secret
            # Killed once the move is in the file (written off the request path): wait for it there.
            deadline = time.monotonic() + TIMEOUT
            while kept_guesses(scores, token) != ["1122"]:
                assert time.monotonic() < deadline, "the move was never kept"
                time.sleep(0.05)  # polling for the state, not waiting for it to happen
            status, _ = server.stop(signal.SIGKILL)
            assert status == -signal.SIGKILL, status
        with Server(scores=scores) as again:
            status, resumed, _ = again.get(f"/api/games/{token}")
            assert status == 200 and resumed["state"] == "playing" and "secret" not in resumed, resumed
            assert resumed["board"] == first["board"], (resumed, first)
            status, second, _ = again.post(f"/api/games/{token}/guess", {"code": "3456"})
            assert status == 200 and len(second["board"]) == 2, second
            if second["state"] == "playing":
                status, second, _ = again.post(f"/api/games/{token}/quit")
                assert status == 200, second
            # Both rows, the one from before the kill and the one after, score against the secret.
            for row in second["board"]:
                assert score(second["secret"], row["guess"]) == (row["black"], row["white"]), second
        # Recorded once, when it ended; nothing kept once the server has stopped.
        assert scores_json(scores, "Kept")["player"]["games"] == 1
        assert kept_guesses(scores, token) is None


def test_max_games_and_idle_games_are_recorded_and_dropped():
    with Server("--max-games", "2", "--idle-timeout", "1") as server:
        tokens = []
        for _ in range(2):
            status, game, _ = server.post("/api/games", {"preset": "classic", "player": "Idle"})
            assert status == 201
            tokens.append(game["token"])
        # Both are still fresh, or have already gone idle: either full, or room made by dropping.
        status, answer, _ = server.post("/api/games", {"preset": "classic"})
        assert status in (201, 503), (status, answer)
        # Asking for a game would keep it alive: wait for the scores file to show both instead.
        deadline = time.monotonic() + TIMEOUT
        while scores_json(server.scores, "Idle")["player"]["games"] < 2:
            assert time.monotonic() < deadline, "idle games were never recorded"
            time.sleep(0.2)  # polling for the state, not waiting for it to happen
        stats = scores_json(server.scores, "Idle")
        assert stats["player"]["games"] == 2 and stats["player"]["wins"] == 0, stats
        for token in tokens:
            assert server.get(f"/api/games/{token}")[0] == 404
    with Server("--max-games", "1") as server:
        assert server.post("/api/games", {"preset": "classic"})[0] == 201
        status, answer, _ = server.post("/api/games", {"preset": "classic"})
        assert status == 503 and answer["error"], answer


def test_sigterm_and_sigint_record_games_in_progress_and_exit_0():
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        with Server() as server:
            _, game, _ = server.post("/api/games", {"preset": "classic", "player": "Leaver"})
            server.post(f"/api/games/{game['token']}/guess", {"code": "1234"})
            status, out = server.stop(signal_number)
            assert status == 0, (status, out)
            assert "1 game" in out, out
            stats = scores_json(server.scores, "Leaver")
            assert stats["player"]["games"] == 1, stats


def test_a_signal_right_after_the_address_still_stops_the_server():
    # The signal can come before the server has begun to accept; it must not be lost.
    for _ in range(10):
        server = Server()
        status, out = server.stop()
        server.directory.cleanup()
        assert status == 0 and "0 games" in out, (status, out)


def test_games_ending_at_once_are_each_recorded_once_and_a_removed_file_is_made_again():
    # The server's one writer records the games that end in a burst together: each still gets its
    # own row and its id in its answer.
    with Server() as server:
        answers = []

        def play_and_quit():
            _, game, _ = server.post("/api/games", {"preset": "classic", "player": "Burst"})
            _, end, _ = server.post(f"/api/games/{game['token']}/quit")
            answers.append(end)

        players = [threading.Thread(target=play_and_quit) for _ in range(24)]
        for player in players:
            player.start()
        for player in players:
            player.join()
        ids = [end["recorded"] for end in answers]
        assert len(ids) == 24 and all(isinstance(i, int) for i in ids), answers
        assert len(set(ids)) == 24, ids
        assert scores_json(server.scores, "Burst")["player"]["games"] == 24
        # A player who deletes the scores file while the server runs starts afresh: the next game
        # goes to a new file at the same path, not to the one deleted.
        os.remove(server.scores)
        _, game, _ = server.post("/api/games", {"preset": "classic", "player": "Afresh"})
        _, end, _ = server.post(f"/api/games/{game['token']}/quit")
        assert isinstance(end["recorded"], int), end
        assert scores_json(server.scores, "Afresh")["player"]["games"] == 1
        assert scores_json(server.scores, "Burst")["player"]["games"] == 0


def test_a_damaged_scores_file_is_never_touched():
    with Server() as probe:
        damaged = os.path.join(probe.directory.name, "other.db")
    content = b"not a database at all\n" * 100
    directory = os.path.dirname(damaged)
    os.makedirs(directory, exist_ok=True)
    with open(damaged, "wb") as f:
        f.write(content)
    with Server(scores=damaged) as server:
        _, game, _ = server.post("/api/games", {"preset": "classic", "player": "Careful"})
        end = play_to_the_end(server, game, check_each=False)
        assert end["recorded"] is None and end["record_problem"], end
    with open(damaged, "rb") as f:
        assert f.read() == content


def test_options_and_addresses():
    for args in (["--port", "70000"], ["--port", "-1"], ["--max-games", "0"], ["--idle-timeout", "x"]):
        done = subprocess.run([BINARY, "serve", *args], capture_output=True, text=True, timeout=TIMEOUT)
        assert done.returncode == 64 and done.stderr.count("\n") == 1, (args, done)
    with Server() as server:
        port = server.base.rsplit(":", 1)[1]
        # The port is taken: one line and status 73, as a file that cannot be created.
        done = subprocess.run([BINARY, "serve", "--port", port], capture_output=True, text=True, timeout=TIMEOUT)
        assert done.returncode == 73 and port in done.stderr and done.stderr.count("\n") == 1, done
    wide = subprocess.Popen([BINARY, "serve", "--host", "0.0.0.0", "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        assert re.search(r"http://0\.0\.0\.0:\d+/", wide.stdout.readline())
        assert "reachable from the network" in wide.stdout.readline()
    finally:
        wide.send_signal(signal.SIGTERM)
        assert wide.wait(timeout=TIMEOUT) == 0


def test_a_duel_on_one_screen_of_two_rounds():
    with Server() as server:
        status, duel, _ = server.post("/api/duel", {"preset": "classic", "player1": "Ann", "player2": "Bo"})
        assert status == 201 and duel["state"] == "entering_secret" and duel["maker"] == 1, (status, duel)
        token = duel["token"]
        for round_number, secret in ((1, "3632"), (2, "1111")):
            assert server.post(f"/api/duel/{token}/secret", {"code": "12"})[0] == 400
            status, duel, _ = server.post(f"/api/duel/{token}/secret", {"code": secret})
            assert status == 200 and duel["state"] == "confirming_secret" and "secret" not in duel, duel
            # A different code the second time: the first is dropped, and the secret asked again.
            assert server.post(f"/api/duel/{token}/secret", {"code": "6543"})[0] == 400
            server.post(f"/api/duel/{token}/secret", {"code": secret})
            status, duel, _ = server.post(f"/api/duel/{token}/secret", {"code": secret})
            assert status == 200 and duel["state"] == "breaking" and "secret" not in duel, duel
            assert duel["round"] == round_number and duel["breaker"] == 3 - duel["maker"]
            while duel["state"] == "breaking":
                guess = consistent(codes("123456", 4), duel["board"])[0]
                status, duel, _ = server.post(f"/api/duel/{token}/guess", {"code": guess})
                assert status == 200, duel
                if duel["state"] == "breaking":
                    assert "secret" not in duel
            assert duel["won"] is True and duel["secret"] == secret and duel["recorded"] is True, duel
            if round_number == 1:
                assert duel["state"] == "round_over"
                assert server.post(f"/api/duel/{token}/guess", {"code": "1234"})[0] == 400
                status, duel, _ = server.post(f"/api/duel/{token}/next")
                assert status == 200 and duel["maker"] == 2 and duel["state"] == "entering_secret", duel
        assert duel["state"] == "match_over" and duel["tally"]["broken"] == [1, 1], duel
        rounds = duel["tally"]["rounds"]
        assert rounds == [1, 1] and duel["leader"] in (1, 2, None), duel
        assert scores_json(server.scores, "Bo")["player"]["games"] == 1


class EventStream:
    """The server-sent events of a seat of a network duel, read as they come (http.client)."""

    def __init__(self, server, token):
        host, port = server.base.split("//")[1].split(":")
        self.connection = http.client.HTTPConnection(host, int(port), timeout=TIMEOUT)
        self.connection.request("GET", f"/api/duels/{token}/events")
        self.response = self.connection.getresponse()
        assert self.response.status == 200, self.response.status
        assert self.response.getheader("Content-Type").startswith("text/event-stream")

    def next_view(self):
        """The next event's view, skipping the comment lines sent while nothing changes."""
        while True:
            line = self.response.fp.readline().decode()
            assert line, "the stream ended"
            if line.startswith("data: "):
                return json.loads(line[len("data: "):])

    def close(self):
        self.connection.close()


def test_a_duel_across_the_network_with_its_moves_as_events():
    with Server() as server:
        status, ann, _ = server.post("/api/duels", {"preset": "classic", "player": "Ann"})
        assert status == 201 and ann["state"] == "waiting" and len(ann["code"]) == 6, (status, ann)
        assert server.post("/api/duels/join", {"code": "ZZZZZZ"})[0] == 404
        status, bo, _ = server.post("/api/duels/join", {"code": ann["code"].lower(), "player": "Bo"})
        assert status == 201 and bo["seat"] == 2 and bo["state"] == "secrets", (status, bo)
        assert server.post("/api/duels/join", {"code": ann["code"]})[0] == 409
        stream = EventStream(server, ann["token"])
        try:
            assert stream.next_view()["state"] == "secrets"
            for token, secret in ((ann["token"], "3632"), (bo["token"], "1111")):
                status, view, _ = server.post(f"/api/duels/{token}/secret", {"code": secret})
                assert status == 200 and view["my_secret"] == secret and "their_secret" not in view, view
            while True:  # Ann's stream catches up with both secrets
                view = stream.next_view()
                if view["state"] == "playing":
                    break
            # Bo's move reaches Ann's stream; the secret Ann breaks stays hidden.
            status, moved, _ = server.post(f"/api/duels/{bo['token']}/guess", {"code": "1122"})
            assert status == 200 and len(moved["me"]["board"]) == 1, moved
            view = stream.next_view()
            assert view["seat"] == 1 and len(view["them"]["board"]) == 1 and view["me"]["board"] == [], view
            row = view["them"]["board"][0]
            assert (row["black"], row["white"]) == score("3632", "1122") and "their_secret" not in view, view
            for token in (ann["token"], bo["token"]):
                view = server.get(f"/api/duels/{token}")[1]
                while view["me"]["state"] == "playing":
                    guess = consistent(codes("123456", 4), view["me"]["board"])[0]
                    status, view, _ = server.post(f"/api/duels/{token}/guess", {"code": guess})
                    assert status == 200, view
            assert view["state"] == "over" and view["their_secret"] == "3632" and view["winner"] in (1, 2, None), view
            while stream.next_view()["state"] != "over":
                pass
        finally:
            stream.close()
        assert server.get(f"/api/duels/{'0' * 32}/events")[0] == 404
        assert scores_json(server.scores, "Bo")["player"]["games"] == 1


def needed_libraries(program):
    out = subprocess.run(["readelf", "-d", program], capture_output=True, text=True, timeout=TIMEOUT, check=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", out)


def test_only_the_server_program_links_the_http_library():
    # Every start of `mastermind` would load the HTTP library and the TLS and compression
    # libraries it needs; `serve` becomes the server program, which alone links them.
    server_program = os.path.join(os.path.dirname(BINARY), "mastermind-serve")
    plain, server = needed_libraries(BINARY), needed_libraries(server_program)
    assert plain and not [lib for lib in plain if re.match(r"lib(cpp-httplib|ssl|crypto|brotli|z)\.", lib)], plain
    assert any(lib.startswith("libcpp-httplib") for lib in server), server


def test_the_engine_files_of_the_static_site_served_by_name_from_the_data_directory():
    with tempfile.TemporaryDirectory() as data:
        os.mkdir(os.path.join(data, "web"))
        files = {"engine.wasm": b"\0asm\1\0\0\0 not a real module", "engine.js": b"var createEngine;",
                 "notes.txt": b"not a file of the site"}
        for name, body in files.items():
            with open(os.path.join(data, "web", name), "wb") as f:
                f.write(body)
        env = dict(os.environ, MASTERMIND_DATA_DIR=data)
        with Server(env=env) as server:
            for path, kind in (("/engine.wasm", "application/wasm"), ("/engine.js", "text/javascript")):
                request = urllib.request.Request(server.base + path)
                with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                    assert response.read() == files[path[1:]], path
                    assert response.headers["Content-Type"].startswith(kind), response.headers
            # Only the site's files, by name: nothing else in the folder, no path spelled around them.
            for path in ("/notes.txt", "/web/engine.wasm", "/engine.wasm/../notes.txt", "/../web/notes.txt"):
                assert server.get(path)[0] == 404, path
            # The page's own files stay the ones built into the program.
            for path in ("/sw.js", "/manifest.webmanifest", "/icon.svg"):
                assert server.get(path)[0] == 200, path


def test_serve_without_its_server_program():
    with tempfile.TemporaryDirectory() as alone:
        copy = os.path.join(alone, "mastermind")
        shutil.copy(BINARY, copy)
        done = subprocess.run([copy, "serve", "--port", "0"], capture_output=True, text=True, timeout=TIMEOUT)
        assert done.returncode == 69 and "mastermind-serve" in done.stderr, done
        assert done.stderr.count("\n") == 1 and done.stdout == "", done
        # The options are read before the server program is looked for.
        done = subprocess.run([copy, "serve", "--help"], capture_output=True, text=True, timeout=TIMEOUT)
        assert done.returncode == 0 and "--idle-timeout" in done.stdout, done
        done = subprocess.run([copy, "serve", "--port", "x"], capture_output=True, text=True, timeout=TIMEOUT)
        assert done.returncode == 64, done


def test_open_hands_the_address_to_xdg_open():
    with tempfile.TemporaryDirectory() as bin_dir:
        record = os.path.join(bin_dir, "opened")
        fake = os.path.join(bin_dir, "xdg-open")
        with open(fake, "w") as f:
            f.write(f'#!/bin/sh\nprintf "%s\\n" "$*" > "{record}.part" && mv "{record}.part" "{record}"\n')
        os.chmod(fake, 0o755)
        env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""))
        with Server("--open", env=env) as server:
            deadline = time.monotonic() + TIMEOUT
            while not os.path.exists(record):
                assert time.monotonic() < deadline, "xdg-open was never run"
                time.sleep(0.05)  # polling for the file, not waiting for it to happen
            with open(record) as f:
                assert f.read() == server.base + "/\n"
            assert server.get("/api/variants")[0] == 200
    # Without xdg-open: one line saying so, and the server serves on.
    with tempfile.TemporaryDirectory() as empty:
        env = dict(os.environ, PATH=empty)
        with Server("--open", env=env) as server:
            assert server.get("/api/variants")[0] == 200
            server.process.send_signal(signal.SIGTERM)
            _, err = server.process.communicate(timeout=TIMEOUT)
            assert server.process.returncode == 0 and "xdg-open" in err, err


if __name__ == "__main__":
    run_tests(globals())
