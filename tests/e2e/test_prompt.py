"""At the guess prompt, in a pseudo-terminal: the one-letter shortcuts, a guess already on the
board, undo, hard mode, and the board's header with the guesses left and the time."""

import os

from mmtest import EXIT_USAGE, finish, main, run_piped, spawn, temp_dir


def test_shortcuts_and_a_repeated_guess():
    with temp_dir() as d:
        child = spawn("play", "--secret", "1234", "--player", "tester", "-f", os.path.join(d, "s.db"))
        child.expect_exact("guess 1/10> ")
        child.sendline("?")
        child.expect_exact("short for quit, hint and help")
        child.expect_exact("guess 1/10> ")
        child.sendline("1122")
        child.expect(r"9 guesses left, time [0-9.]+ s")
        child.expect_exact("guess 2/10> ")
        child.sendline("1122")
        child.expect_exact("1122 is already on the board (row 1)")
        child.expect_exact("guess 2/10> ")  # no turn used
        child.sendline("h")
        child.expect_exact("Hint (knuth): try")  # off the optimal tree, too many codes left to search
        child.expect_exact("guess 2/10> ")
        child.sendline("q")
        child.expect_exact("You gave up. The secret was 1234.")
        finish(child)


def test_undo_takes_back_a_guess_and_marks_the_game():
    with temp_dir() as d:
        child = spawn("play", "--secret", "1234", "--player", "tester", "-f", os.path.join(d, "s.db"))
        child.expect_exact("guess 1/10> ")
        child.sendline("5566")
        child.expect_exact("guess 2/10> ")
        child.sendline("undo")
        child.expect_exact("Took back 5566. This game now counts as assisted.")
        child.expect_exact("10 guesses left")
        child.expect_exact("assisted (hint, left, check or undo): not ranked")
        child.expect_exact("guess 1/10> ")
        child.sendline("1234")
        child.expect_exact("You broke the code 1234 in 1 guess")
        finish(child)


def test_hard_mode_refuses_a_guess_that_contradicts_a_row():
    with temp_dir() as d:
        path = os.path.join(d, "s.db")
        child = spawn("play", "--hard", "--secret", "3456", "--player", "tester", "-f", path)
        child.expect_exact("Hard mode: every guess must fit")
        child.expect_exact("guess 1/10> ")
        child.sendline("1122")
        child.expect_exact("hard mode")  # in the header
        child.expect_exact("guess 2/10> ")
        child.sendline("1345")
        child.expect(r"Hard mode: 1345 cannot be the secret: row 1 \(1122\) would be answered 'B\.\.\.',\s+"
                     r"but the board shows '\.\.\.\.'")
        child.expect_exact("no turn used")
        child.expect_exact("guess 2/10> ")
        child.sendline("3456")
        child.expect_exact("You broke the code 3456 in 2 guesses")
        finish(child)


def test_hard_mode_is_refused_where_it_is_no_option():
    # `solve --hard` holds the computer's guesses to hard mode; a duel has no such option.
    result = run_piped("duel", "--hard")
    assert result.returncode == EXIT_USAGE, result
    assert result.stderr.decode().count("\n") == 1, result


if __name__ == "__main__":
    main(dict(globals()))
