"""`duel` in a pseudo-terminal: the codemaker's secret is never echoed (nor kept in the line
history), a mistyped confirmation starts over, the screen is cleared for the codebreaker, and
several rounds keep a tally. Ctrl-C while the secret is typed leaves echo on."""

import io
import os

from mmtest import EXIT_INTERRUPTED, finish, main, spawn, spawn_shell, temp_dir

CLEAR = "\x1b[H\x1b[2J"


def enter_secret(child, secret, transcript):
    child.expect_exact("secret code> ")
    start = len(transcript.getvalue())
    child.sendline(secret)
    child.expect_exact("the same again, to confirm> ")
    child.sendline(secret)
    child.expect_exact(CLEAR)
    typed = transcript.getvalue()[start:]
    assert secret not in typed, f"the secret was echoed: {typed!r}"


def test_secret_not_echoed_and_round_won():
    with temp_dir() as d:
        child = spawn("duel", "-f", os.path.join(d, "s.db"))
        child.logfile_read = transcript = io.StringIO()
        child.expect_exact("Player one, your name")
        child.sendline("alice")
        child.expect_exact("Player two, your name")
        child.sendline("alice")
        child.expect_exact("different names")
        child.expect_exact("Player two, your name")
        child.sendline("bob")
        child.expect_exact("bob, look away! alice, type your secret code")
        child.expect_exact("secret code> ")
        child.sendline("1239")  # invalid, with a specific message
        child.expect_exact("'9' is not a colour")
        child.expect_exact("secret code> ")
        child.sendline("6543")
        child.expect_exact("the same again, to confirm> ")
        child.sendline("6544")  # mistyped: start over
        enter_secret(child, "6543", transcript)
        child.expect_exact("bob, break alice's code!")
        child.expect_exact("guess 1/10> ")
        child.sendline("\x1b[A")  # arrow up: the history holds no secret to bring back
        child.expect_exact("guess 1/10> ")
        child.sendline("6543")
        child.expect_exact("You broke the code 6543 in 1 guess")
        finish(child)


def test_two_rounds_keep_a_tally():
    with temp_dir() as d:
        child = spawn("duel", "--rounds", "2", "--player", "ann", "-f", os.path.join(d, "s.db"))
        child.logfile_read = transcript = io.StringIO()
        child.expect_exact("Player two, your name")
        child.sendline("ben")
        child.expect_exact("Round 1 of 2: ann makes the code, ben breaks it.")
        enter_secret(child, "1111", transcript)
        child.expect_exact("guess 1/10> ")
        child.sendline("1122")
        child.expect_exact("guess 2/10> ")
        child.sendline("1111")
        child.expect_exact("in 2 guesses")
        child.expect_exact("Press Enter for round 2")
        child.sendline("")
        child.expect_exact("Round 2 of 2: ben makes the code, ann breaks it.")
        enter_secret(child, "2222", transcript)
        child.expect_exact("guess 1/10> ")
        child.sendline("2222")
        child.expect_exact("in 1 guess")
        child.expect(r"ann\s+1 guess in 1 round, 1 broken")
        child.expect(r"ben\s+2 guesses in 1 round, 1 broken")
        child.expect_exact("ann wins the match!")
        finish(child)


def test_ctrl_c_during_the_secret_restores_echo():
    with temp_dir() as d:
        child = spawn_shell(f'"$0" duel --player a -f {d}/s.db; echo "status=$?"; stty -a')
        child.expect_exact("Player two, your name")
        child.sendline("b")
        child.expect_exact("secret code> ")
        child.sendintr()
        child.expect_exact(f"status={EXIT_INTERRUPTED}")
        child.expect(r"[^-]echo ")
        finish(child)


if __name__ == "__main__":
    main(dict(globals()))
