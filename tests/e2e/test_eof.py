"""End of input (Ctrl-D) at every prompt of the game: a goodbye and exit status 0."""

import os

from mmtest import GOODBYE, finish, main, send_eof, spawn, temp_dir


def eof_at(args, steps, last_prompt):
    """Runs the binary, answers each (prompt, line) of `steps`, then sends Ctrl-D at `last_prompt`."""
    with temp_dir() as d:
        child = spawn(*args, "-f", os.path.join(d, "s.db"))
        for prompt, line in steps:
            child.expect_exact(prompt)
            child.sendline(line)
        child.expect_exact(last_prompt)
        send_eof(child)
        child.expect_exact(GOODBYE)
        finish(child)


def test_play_guess_prompt():
    eof_at(["play", "--player", "p"], [], "guess 1/10> ")


def test_play_guess_prompt_after_a_guess():
    eof_at(["play", "--player", "p", "--secret", "1234"], [("guess 1/10> ", "1111")], "guess 2/10> ")


def test_player_name_prompt():
    eof_at(["play", "--secret", "1234"], [("guess 1/10> ", "1234")], "Your name for the highscores [")


def test_solve_answer_prompt():
    eof_at(["solve", "--player", "p"], [], "your answer> ")


def test_solve_secret_prompt_after_a_contradiction():
    # One peg of two colours: "no" to both guesses leaves no code at all.
    eof_at(["solve", "--player", "p", "-p", "1", "-c", "2"],
           [("your answer> ", "0 0"), ("your answer> ", "0 0")], "your secret> ")


def test_duel_first_name_prompt():
    eof_at(["duel"], [], "Player one, your name")


def test_duel_second_name_prompt():
    eof_at(["duel", "--player", "a"], [], "Player two, your name")


def test_duel_secret_prompt():
    eof_at(["duel", "--player", "a"], [("Player two, your name", "b")], "secret code> ")


def test_duel_confirmation_prompt():
    eof_at(["duel", "--player", "a"], [("Player two, your name", "b"), ("secret code> ", "1234")],
           "the same again, to confirm> ")


def test_duel_guess_prompt():
    eof_at(["duel", "--player", "a"],
           [("Player two, your name", "b"), ("secret code> ", "1234"), ("confirm> ", "1234")], "guess 1/10> ")


def test_duel_between_rounds():
    eof_at(["duel", "--player", "a", "--rounds", "2"],
           [("Player two, your name", "b"), ("secret code> ", "1234"), ("confirm> ", "1234"),
            ("guess 1/10> ", "1234")], "Press Enter for round 2")


def test_menu_prompt():
    eof_at([], [], "choose [1]> ")


def test_after_game_prompt():
    eof_at(["--player", "p"], [("choose [1]> ", "1"), ("guess 1/10> ", "quit")], "or quit (q)? [m] ")


def test_variant_prompt():
    eof_at([], [("choose [1]> ", "v")], "variant (Enter keeps the current one)> ")


if __name__ == "__main__":
    main(dict(globals()))
