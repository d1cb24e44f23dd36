"""Every game with a guess is recorded once, however it ends: quit, end of input (a terminal's
Ctrl-D, a pipe's end), Ctrl-C, SIGTERM, SIGHUP; how it ended is stored. A game left unfinished is
taken up again with `play --resume`, where it stopped, and stays one game. The adversary
(`play --adversary`) answers consistently and shows a secret that fits every answer."""

import os
import signal
import sqlite3

import pexpect

from mmtest import (EXIT_INTERRUPTED, EXIT_USAGE, GOODBYE, finish, main, run_piped, score, send_eof, send_interrupt,
                    spawn, temp_dir, wait_until_reading)

EXIT_TERMINATED = 143
EXIT_HANGUP = 129


def games(path):
    """(player, mode, outcome, ending, guesses, guess_list, adversary) of every stored game."""
    with sqlite3.connect(path) as db:
        return db.execute("SELECT player, mode, outcome, ending, guesses, guess_list, adversary FROM games "
                          "ORDER BY id").fetchall()


def left_after_a_guess(args, leave, status, ending):
    with temp_dir() as d:
        path = os.path.join(d, "s.db")
        child = spawn(*args, "--player", "ann", "-f", path)
        child.expect_exact("1/10> ")
        child.sendline("1122")
        child.expect_exact("2/10> ")
        leave(child)
        finish(child, status)
        stored = games(path)
        assert len(stored) == 1, stored
        assert stored[0][2:5] == ("abandoned", ending, 1), stored


def terminal_eof(child):
    send_eof(child)
    child.expect_exact(GOODBYE)


def kill_with(number):
    def leave(child):
        wait_until_reading(child)
        child.kill(number)
    return leave


def test_play_left_each_way_is_recorded_once():
    play = ["play", "--secret", "1234"]
    left_after_a_guess(play, terminal_eof, 0, "end_of_input")
    left_after_a_guess(play, send_interrupt, EXIT_INTERRUPTED, "interrupt")
    left_after_a_guess(play, kill_with(signal.SIGTERM), EXIT_TERMINATED, "terminate")
    left_after_a_guess(play, kill_with(signal.SIGHUP), EXIT_HANGUP, "hangup")
    left_after_a_guess(play, lambda child: child.sendline("quit"), 0, "quit")


def test_duel_round_left_is_recorded():
    with temp_dir() as d:
        path = os.path.join(d, "s.db")
        child = spawn("duel", "--player", "ann", "-f", path)
        child.expect_exact("Player two, your name")
        child.sendline("bob")
        child.expect_exact("secret code> ")
        child.sendline("1234")
        child.expect_exact("confirm> ")
        child.sendline("1234")
        child.expect_exact("1/10> ")
        child.sendline("1122")
        child.expect_exact("2/10> ")
        send_interrupt(child)
        finish(child, EXIT_INTERRUPTED)
        stored = games(path)
        assert [(g[0], g[1], g[2], g[3]) for g in stored] == [("bob", "duel", "abandoned", "interrupt")], stored


def test_piped_games_ending_with_their_input_are_recorded():
    with temp_dir() as d:
        path = os.path.join(d, "s.db")
        # A seeded secret: with a random one, 1111 wins one game in 1296 (seen once in a soak).
        result = run_piped("play", "--seed", "1", "--player", "ann", "-f", path, input_text="1111\n")
        assert result.returncode == 0, result.stderr
        result = run_piped("solve", "--player", "ann", "-f", path, input_text="0 0\n")
        assert result.returncode == 0, result.stderr
        # No guess, no game.
        run_piped("play", "--player", "ann", "-f", path, input_text="")
        stored = games(path)
        assert [(g[1], g[2], g[3], g[4]) for g in stored] == [("play", "abandoned", "end_of_input", 1),
                                                              ("solve", "abandoned", "end_of_input", 1)], stored


def test_resume_takes_the_game_up_where_it_stopped_and_keeps_one_game():
    with temp_dir() as d:
        path = os.path.join(d, "s.db")
        run_piped("play", "--secret", "1234", "--player", "ann", "-f", path, input_text="1122\n3344\n")
        result = run_piped("play", "--resume", "--player", "ann", "-f", path, input_text="1243\n")
        out = result.stdout.decode()
        assert result.returncode == 0, result.stderr
        assert "after 2 guesses" in out, out
        assert "guess 3/10> " in out, out
        result = run_piped("play", "--resume", "--player", "ann", "-f", path, input_text="1234\n")
        assert "You broke the code 1234 in 4 guesses" in result.stdout.decode(), result.stdout.decode()
        stored = games(path)
        assert len(stored) == 1, stored
        assert stored[0][2:5] == ("won", "", 4), stored
        again = run_piped("play", "--resume", "--player", "ann", "-f", path, input_text="")
        assert again.returncode == 1, again
        assert b"no unfinished game" in again.stderr, again.stderr


def test_resume_refuses_what_contradicts_it():
    for args in (["--resume", "--hard"], ["--resume", "--secret", "1234"], ["--resume", "x1"], ["--rules", "p5c8r",
                                                                                                  "--resume"]):
        result = run_piped("play", *args, "--player", "ann", "-f", "/nonexistent-dir-for-mm/s.db")
        assert result.returncode in (EXIT_USAGE, 73), (args, result)
        assert len(result.stderr.decode().strip().splitlines()) == 1, (args, result.stderr)


def test_adversary_answers_consistently_and_reveals_a_fitting_secret():
    with temp_dir() as d:
        path = os.path.join(d, "s.db")
        guesses = ["1122", "3344", "5566", "1357", "2468", "1111", "2222", "3333", "4444", "5555"]
        guesses = [g for g in guesses if "7" not in g and "8" not in g] + ["6666", "1234", "4321"]
        result = run_piped("play", "--adversary", "--seed", "4", "--player", "ann", "-f", path,
                           input_text="".join(g + "\n" for g in guesses[:10]))
        out = result.stdout.decode()
        assert result.returncode == 0, result.stderr
        secret = out.split("The secret was ")[1][:4]
        stored = games(path)
        assert stored[0][6] == 1 and stored[0][2] == "lost", stored
        played = eval(stored[0][5])  # a JSON list of codes
        assert len(played) == 10
        # The board printed its answers; the revealed secret must give each of them.
        for guess in played:
            assert score(secret, guess) != (4, 0), (secret, guess)
        assert "Game id" not in out


if __name__ == "__main__":
    main(dict(globals()))
