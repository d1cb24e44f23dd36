"""Ctrl-C while the computer works out a guess, in a pseudo-terminal. In `solve`, where the player
answers, it stops the thinking at any guess, the first among them, and asks what next (think
again, a quick guess, undo, quit) with the board as it was; in the automatic games (`solve
--secret`, `watch`) it stops the game with one line and status 130, the board left on screen and
the terminal as it was; in the menu it leads back to the menu. At a prompt Ctrl-C still ends the
program. The computations are held at their first cancellation check until Ctrl-C comes
(MM_STALL_UNTIL_CANCEL), so the tests drive the real search and signal and cannot race a fast
machine; they wait for the "thinking" line, never for a time."""

import os
import re

from mmtest import (EXIT_INTERRUPTED, GOODBYE, environment, finish, main, score, send_interrupt, spawn, spawn_shell,
                    temp_dir)

THINKING = "thinking\u2026"
STOPPED = "Stopped thinking; the board is as it was."
INTERRUPTED = "interrupted: the game stops here"
# p7c7r: 823543 codes, allowed to the exact search, which reaches its cancellation checks there.
SLOW_BOARD = ["--rules", "p7c7r", "--search", "exact"]
STALLED = environment(MM_STALL_UNTIL_CANCEL="1")
SECRET = "5566723"
GUESS = r"My guess (\d+): ((?:\d ){6}\d)"
MENU_PROMPT = "choose [1]> "


def stop_thinking(child, prompt):
    """Ctrl-C once the thinking line shows; the choices come with `prompt` (which keys)."""
    child.expect_exact(THINKING)
    child.sendintr()
    child.expect_exact(STOPPED)
    child.expect_exact(prompt)


def test_first_guess_stopped_then_quick_guesses_finish_the_game():
    with temp_dir() as d:
        child = spawn(*SLOW_BOARD, "solve", "--seed", "1", "--player", "t", "-f", os.path.join(d, "s.db"), env=STALLED)
        child.expect_exact("Think of a secret code")
        stop_thinking(child, "Enter, g, q> ")  # no answer to take back yet
        child.sendline("u")
        child.expect_exact("'u' is not one of these")
        child.expect_exact("Enter, g, q> ")
        child.sendline("")  # think again: the thinking line comes back
        stop_thinking(child, "Enter, g, q> ")
        guesses = []
        while True:
            child.sendline("g")
            child.expect(GUESS)
            assert int(child.match.group(1)) == len(guesses) + 1, child.match.group(0)
            guesses.append(child.match.group(2))
            child.expect_exact("your answer> ")
            child.sendline("{} {}".format(*score(SECRET, guesses[-1].replace(" ", ""))))
            # The board, every row so far on it, drawn once the codes left are counted.
            child.expect(rf"{len(guesses)}\.  {guesses[-1]} +\S+ +[\d,]+ codes? left")
            for row, guess in enumerate(guesses[:-1], start=1):
                assert f"{row}.  {guess} " in child.before, f"row {row} is missing"
            if child.expect([r"I found your code in \d+ guess", r"out of guesses", re.escape(THINKING)]) < 2:
                break
            child.sendintr()
            child.expect_exact(STOPPED)
            child.expect_exact("Enter, g, u, q> ")
        finish(child)


def test_later_guess_stopped_undo_then_ctrl_c_at_the_prompt_ends_the_program():
    with temp_dir() as d:
        child = spawn(*SLOW_BOARD, "solve", "--seed", "2", "--player", "t", "-f", os.path.join(d, "s.db"), env=STALLED)
        stop_thinking(child, "Enter, g, q> ")
        child.sendline("g")
        child.expect(GUESS)
        first = child.match.group(2)
        child.expect_exact("your answer> ")
        child.sendline("{} {}".format(*score(SECRET, first.replace(" ", ""))))
        child.expect(r"codes? left")
        stop_thinking(child, "Enter, g, u, q> ")
        child.sendline("u")
        child.expect_exact("Took back the answer")
        child.expect_exact(f"My guess 1: {first}")  # the same guess waits again, nothing lost
        child.expect_exact("your answer> ")
        child.sendline("1 0")
        child.expect(r"codes? left")
        stop_thinking(child, "Enter, g, u, q> ")
        send_interrupt(child)  # at a prompt, Ctrl-C ends the program as always
        finish(child, EXIT_INTERRUPTED)


def test_quit_after_a_stopped_guess_abandons_the_game():
    with temp_dir() as d:
        child = spawn(*SLOW_BOARD, "solve", "--player", "t", "-f", os.path.join(d, "s.db"), env=STALLED)
        stop_thinking(child, "Enter, g, q> ")
        child.sendline("q")
        child.expect_exact("Game abandoned.")
        finish(child)


def test_ctrl_c_stops_an_automatic_solve_with_one_line():
    with temp_dir() as d:
        child = spawn_shell(
            f'"$0" {" ".join(SLOW_BOARD)} solve --secret {SECRET} --player t -f {d}/s.db; echo "status=$?"; stty -a',
            env=STALLED)
        child.expect_exact(f"Your secret is {SECRET}")
        child.expect_exact(THINKING)
        child.sendintr()
        child.expect_exact(INTERRUPTED)
        child.expect_exact(f"status={EXIT_INTERRUPTED}")
        child.expect(r"[^-]icanon ")  # the terminal as it was found
        child.expect(r"[^-]echo ")
        finish(child)


def test_ctrl_c_stops_watch_and_leaves_the_board():
    # Between the guesses of `watch` on a terminal, a pause; Ctrl-C there ends the game at once.
    child = spawn("watch", "--secret", "1234", "--delay", "60")
    child.expect(r"codes? left")
    row = child.before
    child.sendintr()
    child.expect_exact(INTERRUPTED)
    assert "\x1b[2J" not in child.before and row.strip(), "the board drawn so far stays"
    finish(child, EXIT_INTERRUPTED)


def test_ctrl_c_in_the_menu_games_leads_back_to_the_menu():
    with temp_dir() as d:
        child = spawn(*SLOW_BOARD, "--player", "t", "-f", os.path.join(d, "s.db"), env=STALLED)
        child.expect_exact(MENU_PROMPT)
        child.sendline("2")  # solve
        stop_thinking(child, "Enter, g, q> ")
        child.sendline("q")
        child.expect_exact("Game abandoned.")
        child.expect_exact("[m] ")
        child.sendline("m")
        child.expect_exact(MENU_PROMPT)
        child.sendline("4")  # watch
        child.expect_exact(THINKING)
        child.sendintr()
        child.expect_exact(INTERRUPTED)
        child.expect_exact(MENU_PROMPT)
        child.sendline("q")
        child.expect_exact(GOODBYE)
        finish(child)


if __name__ == "__main__":
    main(globals())
