"""Comparable and replayable games: the game id at the end of every game, `play --replay ID` on
the same secret, `scores --replay ID`, the standing after a ranked win, and a player's history."""

import os
import re

from mmtest import EXIT_USAGE, finish, main, run_piped, spawn, temp_dir

ID = r"Game id ([0-9A-Z]+): `mastermind play --replay \1` plays the same secret\."


def give_up(path, player, *args):
    """A game given up at once; returns its secret and its game id."""
    child = spawn("play", "--player", player, "-f", path, *args)
    child.expect_exact("guess 1/10> ")
    child.sendline("quit")
    child.expect(r"The secret was ([1-6 ]+)\.")
    secret = child.match.group(1).replace(" ", "")
    child.expect(ID)
    game_id = child.match.group(1)
    finish(child)
    return secret, game_id


def test_a_replayed_game_has_the_same_secret_and_is_listed_by_its_id():
    with temp_dir() as d:
        path = os.path.join(d, "s.db")
        secret, game_id = give_up(path, "ann", "--seed", "21")
        assert secret not in game_id
        child = spawn("play", "--replay", game_id.lower(), "--player", "bob", "-f", path)
        child.expect_exact(f"Game {game_id}: the secret of that game id")
        child.expect_exact("guess 1/10> ")
        child.sendline(secret)
        child.expect_exact(f"You broke the code {secret} in 1 guess")
        child.expect_exact("(A replayed game: `mastermind scores --replay")
        child.expect(ID)
        assert child.match.group(1) == game_id
        finish(child)
        listed = run_piped("scores", "--replay", game_id, "-f", path)
        assert listed.returncode == 0, listed
        text = listed.stdout.decode()
        assert re.search(r"1  bob +1 guess", text), text
        assert re.search(r"2  ann +abandoned.*\(original\)", text), text
        ranking = run_piped("scores", "-f", path, "--player", "bob").stdout.decode()
        assert "No ranked games yet" in ranking, ranking  # a replay is never ranked


def test_malformed_ids_are_usage_errors_on_one_line():
    for args in (["play", "--replay", "12"], ["play", "--replay", "QV36AE!"], ["scores", "--replay", "ZZZZZZZ"],
                 ["--rules", "p5c8r", "play", "--replay", "QV36AE6"]):
        result = run_piped(*args)
        assert result.returncode == EXIT_USAGE, (args, result)
        assert result.stderr.decode().count("\n") == 1, (args, result)
        assert result.stdout == b"", (args, result)


def test_a_ranked_win_tells_its_place_and_a_new_personal_best():
    with temp_dir() as d:
        path = os.path.join(d, "s.db")
        # The same seed gives the same secret: first found with a wasted guess, then at once.
        child = spawn("play", "--seed", "5", "--player", "ann", "-f", path)
        child.expect_exact("guess 1/10> ")
        child.sendline("quit")
        child.expect(r"The secret was ([1-6 ]+)\.")
        secret = child.match.group(1).replace(" ", "")
        finish(child)
        miss = "1111" if secret != "1111" else "2222"
        child = spawn("play", "--seed", "5", "--player", "ann", "-f", path)
        child.expect_exact("guess 1/10> ")
        child.sendline(miss)
        child.expect_exact("guess 2/10> ")
        child.sendline(secret)
        child.expect_exact("in 2 guesses")
        child.expect_exact("You are #1 on classic")
        finish(child)
        assert "personal best" not in child.before
        child = spawn("play", "--seed", "5", "--player", "ann", "-f", path)
        child.expect_exact("guess 1/10> ")
        child.sendline(secret)
        child.expect_exact("in 1 guess")
        child.expect_exact("New personal best!")
        child.expect_exact("You are #1 on classic")
        finish(child)
        history = run_piped("scores", "-f", path, "--player", "ann").stdout.decode()
        assert "ann: 3 games, 2 won" in history, history
        assert "best ranked game: 1 guess; winning streak: 2 now, 2 at longest." in history, history
        nobody = run_piped("scores", "-f", path, "--player", "nobody").stdout.decode()
        assert "No play or duel games recorded under the name nobody yet." in nobody, nobody


def test_a_replay_is_played_as_the_game_was():
    """Bulls and Cows in hard mode: the replay has its digits, its answers and hard mode; the
    preset may be named again, another variant may not."""
    with temp_dir() as d:
        path = os.path.join(d, "s.db")
        given = run_piped("--preset", "bulls", "play", "--hard", "--seed", "3", "--player", "ann", "-f", path,
                          input_text="quit\n")
        game_id = re.search(r"Game id ([0-9A-Z]+):", given.stdout.decode()).group(1)
        for args in ([], ["--preset", "bulls"]):
            replay = run_piped(*args, "play", "--replay", game_id, "--player", "bob", "-f", path, input_text="0123\n")
            out = replay.stdout.decode()
            assert replay.returncode == 0, replay.stderr
            assert "bulls: 4 of 10 digits (0-9), no repeats" in out, out
            assert re.search(r"1\.  0 1 2 3   \d bulls?, \d cows?", out), out
            assert "hard mode" in out, out
        refused = run_piped("--preset", "classic", "play", "--replay", game_id, "-f", path)
        assert refused.returncode == EXIT_USAGE, refused
        listed = run_piped("scores", "--replay", game_id, "-f", path).stdout.decode()
        assert listed.count("bob") == 2 and "(original)" in listed, listed


if __name__ == "__main__":
    main(dict(globals()))
