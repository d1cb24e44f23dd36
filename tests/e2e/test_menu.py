"""`mastermind` with no arguments: the start menu, in a terminal and through a pipe. It shows the
variant, quits cleanly on q or end of input, and leads to a game and back."""

import os

from mmtest import GOODBYE, finish, main, run_piped, send_eof, spawn, temp_dir

MENU_PROMPT = "choose [1]> "


def test_menu_shows_the_variant_and_quits_on_q():
    with temp_dir() as d:
        child = spawn("-f", os.path.join(d, "s.db"))
        child.expect_exact("classic: 4 pegs, 6 colours (1-6), repeats allowed, 10 guesses")
        for entry in ("play", "solve", "duel", "watch", "rules", "highscores", "variant", "adversary", "quit"):
            child.expect_exact(entry)
        child.expect_exact(MENU_PROMPT)
        child.sendline("q")
        child.expect_exact(GOODBYE)
        finish(child)


def test_menu_quits_on_end_of_input():
    with temp_dir() as d:
        child = spawn("-f", os.path.join(d, "s.db"))
        child.expect_exact(MENU_PROMPT)
        send_eof(child)
        child.expect_exact(GOODBYE)
        finish(child)


def test_a_round_trip_through_the_menu():
    with temp_dir() as d:
        child = spawn("-f", os.path.join(d, "s.db"), "--delay", "0")
        child.expect_exact(MENU_PROMPT)
        child.sendline("nonsense")
        # The message names the menu's own range: nine numbered entries (the adversary is the 9th).
        child.expect_exact("'nonsense' is not on the menu: type a number from 1 to 9,")
        child.expect_exact(MENU_PROMPT)
        child.sendline("8")
        child.expect_exact(MENU_PROMPT)
        child.sendline("8")  # hard mode back off, as the rest of the test expects
        child.expect_exact(MENU_PROMPT)
        child.sendline("rules")
        child.expect_exact("How to play")
        # The rules stay on screen until Enter: the menu does not scroll them away.
        child.expect_exact("Press Enter for the menu. ")
        assert "choose" not in child.before
        child.sendline("")
        child.expect_exact(MENU_PROMPT)
        child.sendline("v")
        child.expect_exact("variant (Enter keeps the current one)> ")
        child.sendline("p9c99")
        child.expect_exact("variant (Enter keeps the current one)> ")
        child.sendline("bulls")
        child.expect_exact("Now playing bulls: 4 of 10 digits (0-9), no repeats, 10 guesses")
        child.expect_exact(MENU_PROMPT)
        child.sendline("1")
        child.expect_exact("guess 1/10> ")
        child.sendline("quit")
        child.expect_exact("You gave up. The secret was")
        child.expect_exact("Your name for the highscores [")
        child.sendline("newcomer")
        child.expect_exact("[m] ")
        child.sendline("a")  # the same mode again: a new game, the name is not asked twice
        child.expect_exact("guess 1/10> ")
        child.sendline("quit")
        child.expect_exact("[m] ")
        child.sendline("")
        child.expect_exact(MENU_PROMPT)
        child.sendline("h")
        child.expect_exact("newcomer: 2 games, none won yet.")
        # The table stays on screen until Enter: the menu does not scroll it away.
        child.expect_exact("Press Enter for the menu. ")
        assert "choose" not in child.before
        child.sendline("")
        child.expect_exact(MENU_PROMPT)
        child.sendline("w")
        child.expect_exact("Found in")
        child.expect_exact("[m] ")
        child.sendline("q")
        child.expect_exact(GOODBYE)
        finish(child)


def test_a_duel_from_the_menu_asks_how_many_rounds():
    with temp_dir() as d:
        child = spawn("-f", os.path.join(d, "s.db"), "--player", "ann")
        child.expect_exact(MENU_PROMPT)
        child.sendline("d")
        child.expect_exact("how many rounds? [2] ")
        child.sendline("0")
        child.expect_exact("'0' is not a number of rounds")
        child.expect_exact("how many rounds? [2] ")
        child.sendline("")  # the default: each player breaks a code
        child.expect_exact("Player two, your name")
        child.sendline("ben")
        child.expect_exact("Round 1 of 2: ann makes the code, ben breaks it.")
        child.expect_exact("secret code> ")
        send_eof(child)
        child.expect_exact(GOODBYE)
        finish(child)
        result = run_piped("-f", os.path.join(d, "s.db"), "--player", "ann", input_text="d\n3\nben\n")
        out = result.stdout.decode()
        assert "Round 1 of 3: ann makes the code, ben breaks it." in out, out


def test_menu_through_a_pipe():
    with temp_dir() as d:
        result = run_piped("-f", os.path.join(d, "s.db"), input_text="5\nq\n")
        out = result.stdout.decode()
        assert result.returncode == 0, result
        assert "How to play" in out and out.rstrip().endswith(GOODBYE), out


if __name__ == "__main__":
    main(dict(globals()))
