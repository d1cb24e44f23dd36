"""Highscores: kept across runs with -f, both games recorded when two processes finish at once,
and a corrupt file left byte for byte as it was, with a clear message and the game still
playable."""

import json
import os
import subprocess

from mmtest import BINARY, TIMEOUT, environment, finish, main, run_piped, spawn, temp_dir

EXIT_DATA = 65


def play_in_terminal(path, player, secret, guesses):
    """A ranked win: `player` breaks a secret typed by another player in a one-round duel (a
    `play --secret` game is recorded but never ranked)."""
    child = spawn("duel", "--rounds", "1", "--player", "maker", "-f", path)
    child.expect_exact("Player two, your name")
    child.sendline(player)
    for prompt in ("secret code> ", "the same again, to confirm> "):
        child.expect_exact(prompt)
        child.sendline(secret)
    for guess in guesses:
        child.expect(r"guess \d+/10> ")
        child.sendline(guess)
    child.expect_exact("You broke the code")
    finish(child)


def scores_json(path, *args):
    result = run_piped("scores", "--json", "-f", path, *args)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_highscores_persist_across_runs():
    with temp_dir() as d:
        path = os.path.join(d, "scores.db")
        play_in_terminal(path, "ann", "1234", ["1122", "1234"])
        play_in_terminal(path, "bob", "4321", ["4321"])
        table = run_piped("scores", "-f", path, "--player", "ann")
        text = table.stdout.decode()
        assert table.returncode == 0
        assert text.index("bob") < text.index("ann"), text  # fewest guesses first
        assert "ann: 1 game, 1 won, 2.00 guesses on average" in text, text
        data = scores_json(path)
        top = data["variants"][0]["top"]
        assert [(g["player"], g["guesses"]) for g in top] == [("bob", 1), ("ann", 2)], top


def test_concurrent_games_are_all_recorded():
    processes, games_each = 2, 3
    with temp_dir() as d:
        path = os.path.join(d, "scores.db")
        # Start every process first, then let them all finish at once.
        children = [subprocess.Popen([BINARY, "play", "--secret", "1234", "--player", f"p{i}", "-f", path],
                                     stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     env=environment())
                    for i in range(processes) for _ in range(games_each)]
        for child in children:
            child.stdin.write(b"1234\n")
        for child in children:
            child.stdin.close()
        for child in children:
            assert child.wait(timeout=TIMEOUT) == 0, child.stderr.read()
        for i in range(processes):
            stats = scores_json(path, "--player", f"p{i}")["player"]
            assert stats["games"] == games_each, stats


def test_corrupt_file_is_left_untouched():
    with temp_dir() as d:
        path = os.path.join(d, "scores.db")
        garbage = b"this is not a database\x00\xff" * 100
        with open(path, "wb") as f:
            f.write(garbage)
        child = spawn("play", "--secret", "1234", "--player", "p", "-f", path)
        child.expect_exact("Highscores are off")
        child.expect_exact("file is not a database")
        child.expect_exact("guess 1/10> ")
        child.sendline("1234")
        child.expect_exact("You broke the code 1234 in 1 guess")
        finish(child)
        result = run_piped("scores", "-f", path)
        assert result.returncode == EXIT_DATA, result
        assert b"Highscores are off" in result.stdout
        with open(path, "rb") as f:
            assert f.read() == garbage
        assert sorted(os.listdir(d)) == ["scores.db"], os.listdir(d)


def test_missing_file_is_not_created_by_reading():
    with temp_dir() as d:
        path = os.path.join(d, "none.db")
        result = run_piped("scores", "-f", path)
        assert result.returncode == 0 and b"No games recorded yet" in result.stdout, result
        assert not os.path.exists(path)


if __name__ == "__main__":
    main(dict(globals()))
