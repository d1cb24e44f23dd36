"""Never a silent wait, in a pseudo-terminal: on a board where the exact search is slow, the board
header is on screen before the computer's first guess is worked out, a "thinking" line shows
while it works, and Ctrl-C during a hint or a guess stops the work and the game goes on.
The tests wait for the "thinking" line (drawn on stderr after half a second of work), never for
a time. How long a search takes depends on the machine, so the computations a Ctrl-C may stop
are held at their first cancellation check until it comes (MM_STALL_UNTIL_CANCEL): the test
drives the real search and the real signal, and cannot race a fast machine."""

import os

from mmtest import environment, finish, main, spawn, temp_dir

THINKING = "thinking\u2026"
STOP_TIMEOUT = 120  # seconds: see test_first_guess_of_a_big_board_comes_after_the_header
# p7c7r: 823543 codes, allowed to the exact search; after the answers below over 50000 codes are
# left, so the search reaches its cancellation checks.
SLOW_BOARD = ["--rules", "p7c7r", "--search", "exact"]
STALLED = environment(MM_STALL_UNTIL_CANCEL="1")


def test_ctrl_c_stops_a_slow_hint_and_the_game_goes_on():
    with temp_dir() as d:
        child = spawn(*SLOW_BOARD, "play", "--secret", "5566723", "--player", "t", "-f", os.path.join(d, "s.db"),
                      env=STALLED)
        child.expect_exact("guess 1/")
        child.sendline("1122334")  # answered 0 2: 64407 codes left
        child.expect_exact("guess 2/")
        child.sendline("hint")
        child.expect_exact(THINKING)
        child.sendintr()
        child.expect_exact("Stopped thinking; the game goes on.")
        child.expect_exact("guess 2/")
        child.sendline("5566723")
        child.expect(r"You broke the code 5566723 in 2 guesses")
        finish(child)


def test_first_guess_of_a_big_board_comes_after_the_header():
    # p8c7r exact: the first guess alone takes minutes; the header and the thinking line come first.
    # Ctrl-C there stops the thinking, not the program (more in test_stop.py).
    with temp_dir() as d:
        child = spawn("--rules", "p8c7r", "--search", "exact", "solve", "--player", "t", "-f", os.path.join(d, "s.db"))
        child.expect_exact("Think of a secret code")
        child.expect_exact(THINKING)
        child.sendintr()
        # The search stops at its next check, a second away on a loaded machine; once, in a soak
        # beside a compiler and MPI jobs, nothing at all came for 20 s. The wait is for the state,
        # so a longer limit costs nothing when all is well.
        child.expect_exact("Stopped thinking; the board is as it was.", timeout=STOP_TIMEOUT)
        child.sendline("q")
        child.expect_exact("Game abandoned.")
        finish(child)


if __name__ == "__main__":
    main(globals())
