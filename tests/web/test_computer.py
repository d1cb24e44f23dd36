"""`solve` and `watch` over the JSON API (docs/web-api.md): the computer's guesses answered for a
secret the test keeps, a contradictory answer caught at once and the real secret naming every
wrong row, the computer against itself step by step, and the engine's work (theirs, and `play`'s
hint and count) done off the threads that answer requests, on a pool: while a search is held
(MM_STALL_UNTIL_CANCEL; set to a board's rules, only that board's), other requests are answered,
another game's hint is worked out beside it, and the game says it is thinking. Every wait is for a state, never a sleep of a guessed length."""

import os
import time

from webtest import Server, assisted, codes, consistent, run_tests, score, TIMEOUT

CLASSIC = codes("123456", 4)

def possible_answers(guess):
    """The answers some code gives to `guess`: a lie among them is not refused as a typo."""
    return sorted({score(code, guess) for code in codes("123456", 4)})


def settled(server, game, path="/api/solve"):
    """The game once the computer has stopped thinking, asking again until it has."""
    deadline = time.monotonic() + TIMEOUT
    while game["state"] == "thinking":
        assert time.monotonic() < deadline, f"still thinking: {game}"
        time.sleep(0.05)  # polling for the state, not waiting for it to happen
        status, game, _ = server.get(f"{path}/{game['token']}")
        assert status == 200, (status, game)
    return game


def answer(server, game, black, white):
    status, after, _ = server.post(f"/api/solve/{game['token']}/answer", {"black": black, "white": white})
    assert status in (200, 202), (status, after)
    return settled(server, after)


def test_the_computer_breaks_a_secret_answered_truthfully():
    secret = "3632"
    with Server() as server:
        status, game, _ = server.post("/api/solve", {"preset": "classic", "player": "Maker"})
        assert status == 202 and game["mode"] == "solve" and game["state"] == "thinking", (status, game)
        assert "guess" not in game
        game = settled(server, game)
        while game["state"] == "answering":
            assert game["guess"] in CLASSIC and game["quick"] is False, game
            game = answer(server, game, *score(secret, game["guess"]))
            board = [{"guess": t["guess"], "black": t["black"], "white": t["white"]} for t in game["board"]]
            assert game["remaining"] == len(consistent(CLASSIC, board)), game
        assert game["state"] == "won" and game["board"][-1]["guess"] == secret, game
        assert len(game["board"]) <= 5 and isinstance(game["recorded"], int), game
        assert server.post(f"/api/solve/{game['token']}/answer", {"black": 4, "white": 0})[0] == 400


def test_a_contradictory_answer_is_caught_and_the_secret_names_the_wrong_rows():
    secret = "1234"
    with Server() as server:
        _, game, _ = server.post("/api/solve", {"preset": "classic"})
        game = settled(server, game)
        # An answer no code could give is refused and costs nothing.
        status, refused, _ = server.post(f"/api/solve/{game['token']}/answer", {"black": 3, "white": 1})
        assert status == 400 and refused["error"], refused
        lies = []
        while game["state"] == "answering":
            board = [{"guess": t["guess"], "black": t["black"], "white": t["white"]} for t in game["board"]]
            guess = game["guess"]
            # A false answer that leaves no code at all, as soon as there is one.
            lie = next(((b, w) for b, w in possible_answers(guess)
                        if not consistent(CLASSIC, board + [{"guess": guess, "black": b, "white": w}])), None)
            if lie is None:
                game = answer(server, game, *score(secret, guess))
                continue
            lies.append(len(board) + 1)
            game = answer(server, game, *lie)
            break
        assert lies, "every guess was answered without a chance to contradict the board"
        assert game["state"] == "contradiction" and "guess" not in game, game
        # Undo takes the lie back; the same guess waits for its answer again.
        status, undone, _ = server.post(f"/api/solve/{game['token']}/undo")
        assert status == 200 and undone["state"] == "answering" and len(undone["board"]) == lies[0] - 1, undone
        game = answer(server, undone, *lie)
        assert game["state"] == "contradiction", game
        status, exposed, _ = server.post(f"/api/solve/{game['token']}/secret", {"code": secret})
        assert status == 200 and exposed["state"] == "exposed", (status, exposed)
        wrong = [row["row"] for row in exposed["lie"]["wrong"]]
        expected = [i + 1 for i, t in enumerate(exposed["board"]) if score(secret, t["guess"]) != (t["black"], t["white"])]
        assert wrong == expected and lies[0] in wrong, (wrong, expected)
        first = exposed["lie"]["wrong"][0]
        assert first["message"].startswith(f"Row {first['row']} was answered wrongly:"), first
        assert exposed["lie"]["secret"] == secret


def test_a_secret_while_a_guess_waits_is_refused_and_answers_nothing():
    """The secret and the answer are moves of their own: on two pegs of digits the code 01 is no
    answer of no bull and one cow."""
    with Server() as server:
        _, game, _ = server.post("/api/solve", {"pegs": 2, "colors": 10, "repeats": False, "alphabet": "0123456789"})
        game = settled(server, game)
        assert game["state"] == "answering", game
        status, refused, _ = server.post(f"/api/solve/{game['token']}/secret", {"code": "01"})
        assert status == 400 and refused["error"] == "no secret is expected now", (status, refused)
        status, after, _ = server.get(f"/api/solve/{game['token']}")
        assert status == 200 and after["board"] == [] and after["state"] == "answering", after


def test_watch_plays_its_secret_step_by_step():
    secret = "3632"
    with Server() as server:
        status, game, _ = server.post("/api/watch", {"preset": "classic", "secret": secret})
        assert status == 201 and game["state"] == "ready" and game["secret"] == secret, (status, game)
        steps = 0
        while game["state"] == "ready":
            status, game, _ = server.post(f"/api/watch/{game['token']}/step")
            assert status == 202 and game["state"] == "thinking", (status, game)
            game = settled(server, game, "/api/watch")
            steps += 1
            assert len(game["board"]) == steps, game
            last = game["board"][-1]
            assert (last["black"], last["white"]) == score(secret, last["guess"]), last
        assert game["state"] == "won" and game["board"][-1]["guess"] == secret, game
        assert server.post(f"/api/watch/{game['token']}/step")[0] == 400
        assert server.post("/api/watch", {"preset": "classic", "secret": "9999"})[0] == 400
        assert server.post("/api/watch", {"preset": "classic", "hard": True})[0] == 400


def test_other_requests_are_answered_while_the_computer_thinks():
    # The search waits at its first check until it is stopped: the game is certainly thinking.
    env = dict(os.environ, MM_STALL_UNTIL_CANCEL="1")
    with Server("--think-limit", "3600", env=env) as server:
        _, game, _ = server.post("/api/solve", {"rules": "p5c9r"})
        token = game["token"]
        status, thinking, _ = server.get(f"/api/solve/{token}")
        assert status == 200 and thinking["state"] == "thinking", thinking
        # Another player's game, from start to a guess, and the page's words.
        status, other, _ = server.post("/api/games", {"preset": "classic"})
        assert status == 201, other
        assert server.post(f"/api/games/{other['token']}/guess", {"code": "1122"})[0] == 200
        assert server.get("/api/texts?lang=da")[0] == 200
        status, still, _ = server.get(f"/api/solve/{token}")
        assert still["state"] == "thinking", still
        assert server.post(f"/api/solve/{token}/answer", {"black": 0, "white": 0})[0] == 409
        # Quitting stops the search, and the game ends.
        status, quitting, _ = server.post(f"/api/solve/{token}/quit")
        assert status == 202, quitting
        assert settled(server, quitting)["state"] == "abandoned"


def test_the_time_limit_ends_in_a_quick_guess():
    env = dict(os.environ, MM_STALL_UNTIL_CANCEL="1")
    with Server("--think-limit", "1", env=env) as server:
        _, game, _ = server.post("/api/solve", {"rules": "p5c9r"})
        game = settled(server, game)
        assert game["state"] == "answering" and game["quick"] is True, game
        assert len(game["guess"]) == 5


def test_a_hint_on_a_big_board_holds_up_no_other_request():
    # The hint's search waits at its first check until it is stopped: it is certainly running.
    env = dict(os.environ, MM_STALL_UNTIL_CANCEL="1")
    with Server("--think-limit", "3600", env=env) as server:
        _, game, _ = server.post("/api/games", {"rules": "p6c8r"})
        token = game["token"]
        _, game, _ = server.post(f"/api/games/{token}/guess", {"code": "112233"})
        if game["state"] != "playing":
            return  # the first guess was the secret
        status, thinking, _ = server.post(f"/api/games/{token}/hint")
        assert status == 202 and thinking["thinking"] is True and "event" not in thinking, (status, thinking)
        # Another player's game, from start to a guess, while the hint is worked out.
        status, other, _ = server.post("/api/games", {"preset": "classic"})
        assert status == 201, other
        status, guessed, _ = server.post(f"/api/games/{other['token']}/guess", {"code": "1122"})
        assert status == 200 and guessed["event"]["kind"] == "guess", guessed
        status, still, _ = server.get(f"/api/games/{token}")
        assert status == 200 and still["thinking"] is True and still["assisted"] is False, still
        assert len(still["board"]) == 1 and "event" not in still, still
        for action, body in (("guess", {"code": "445566"}), ("left", None), ("undo", None)):
            assert server.post(f"/api/games/{token}/{action}", body)[0] == 409, action
        # Quitting stops the search, and the game ends.
        status, quitting, _ = server.post(f"/api/games/{token}/quit")
        assert status == 202 and quitting["thinking"] is True, quitting
        game = played(server, token)
        assert game["state"] == "abandoned" and game["event"] == {"kind": "quit"}, game
        assert game["secret"] and game["assisted"] is False, game


def test_a_hint_on_the_classic_board_comes_while_the_computer_of_another_game_thinks():
    # Only the big board's searches wait at their first check until they are stopped: the solve
    # is certainly thinking, for an hour, while the other game's hint is worked out beside it.
    env = dict(os.environ, MM_STALL_UNTIL_CANCEL="p6c8r")
    with Server("--think-limit", "3600", env=env) as server:
        status, solving, _ = server.post("/api/solve", {"rules": "p6c8r"})
        assert status == 202 and solving["state"] == "thinking", solving
        _, game, _ = server.post("/api/games", {"preset": "classic"})
        token = game["token"]
        _, first, _ = server.post(f"/api/games/{token}/guess", {"code": "1122"})
        if first["state"] != "playing":
            return
        hint, _ = assisted(server, token, "hint")
        expected = consistent(CLASSIC, first["board"])
        assert hint["event"]["kind"] == "hint" and hint["event"]["remaining"] == len(expected), hint
        # The hint came while the solve still thought: it never waited for the solve's limit.
        status, still, _ = server.get(f"/api/solve/{solving['token']}")
        assert status == 200 and still["state"] == "thinking", still
        assert server.post(f"/api/solve/{solving['token']}/quit")[0] == 202
        assert settled(server, still)["state"] != "thinking"


def test_a_full_table_of_computer_games_refuses_the_next():
    with Server("--max-games", "1") as server:
        assert server.post("/api/watch", {"preset": "classic"})[0] == 201
        status, answer, _ = server.post("/api/watch", {"preset": "classic"})
        assert status == 503 and answer["error"], (status, answer)


def test_a_hint_over_the_time_limit_stops_and_the_game_goes_on():
    env = dict(os.environ, MM_STALL_UNTIL_CANCEL="1")
    with Server("--think-limit", "1", env=env) as server:
        _, game, _ = server.post("/api/games", {"preset": "classic"})
        token = game["token"]
        _, game, _ = server.post(f"/api/games/{token}/guess", {"code": "1122"})
        if game["state"] != "playing":
            return
        status, game, _ = server.post(f"/api/games/{token}/hint")
        assert status == 202, game
        game = played(server, token)
        assert game["event"] == {"kind": "stopped"} and game["state"] == "playing", game
        assert game["assisted"] is False and "secret" not in game, game
        status, after, _ = server.post(f"/api/games/{token}/guess", {"code": "3456"})
        assert status == 200 and "event" in after and after["event"]["kind"] == "guess", after


def test_a_hint_held_in_its_search_is_dropped_by_quit():
    env = dict(os.environ, MM_STALL_UNTIL_CANCEL="1")
    with Server("--think-limit", "3600", env=env) as server:
        _, solving, _ = server.post("/api/solve", {"rules": "p5c9r"})  # holds one of the engine's threads
        _, game, _ = server.post("/api/games", {"preset": "classic"})
        token = game["token"]
        status, waiting, _ = server.post(f"/api/games/{token}/hint")
        assert status == 202 and waiting["thinking"] is True, waiting
        assert server.post(f"/api/games/{token}/quit")[0] == 202
        # The hint's search (held at its first check for an hour, or not begun when every thread
        # is busy) stops, and the game ends; the solve's stops too.
        assert server.post(f"/api/solve/{solving['token']}/quit")[0] == 202
        game = played(server, token)
        assert game["state"] == "abandoned" and game["event"] == {"kind": "quit"}, game


def played(server, token):
    """A play game once its hint or count is worked out, asking again until it is."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        status, game, _ = server.get(f"/api/games/{token}")
        assert status == 200, (status, game)
        if not game["thinking"]:
            return game
        assert time.monotonic() < deadline, f"still thinking: {game}"
        time.sleep(0.05)  # polling for the state, not waiting for it to happen


if __name__ == "__main__":
    run_tests(globals())
