"""`play` in a pseudo-terminal: a won game, a lost game, invalid input that costs no turn, the
in-game commands, colour, and Ctrl-C leaving the terminal sane."""

import io
import os

from mmtest import EXIT_INTERRUPTED, environment, finish, main, spawn, spawn_shell, temp_dir


def test_won_game():
    with temp_dir() as d:
        child = spawn("play", "--secret", "1234", "--player", "tester", "-f", os.path.join(d, "s.db"))
        child.expect_exact("classic: 4 pegs, 6 colours (1-6), repeats allowed, 10 guesses")
        child.expect_exact("guess 1/10> ")
        child.sendline("1122")
        child.expect_exact("1.  1 1 2 2   BW..")
        child.expect_exact("9 guesses left")
        child.expect_exact("guess 2/10> ")
        child.sendline("12")  # invalid: a specific message, and the turn is not used
        child.expect_exact("expected 4 pegs, got 2")
        child.expect_exact("guess 2/10> ")
        child.sendline("1 2 3 4")
        child.expect_exact("2.  1 2 3 4   BBBB")
        child.expect(r"You broke the code 1234 in 2 guesses and [0-9.]+ s!")
        finish(child)


def test_lost_game_reveals_the_secret():
    with temp_dir() as d:
        child = spawn("play", "--secret", "6543", "-g", "2", "--player", "tester", "-f", os.path.join(d, "s.db"))
        child.expect_exact("2 guesses")
        child.expect_exact("guess 1/2> ")
        child.sendline("1111")
        child.expect_exact("1 guess left")
        child.expect_exact("guess 2/2> ")
        child.sendline("3456")
        child.expect_exact("Out of guesses. The secret was 6 5 4 3.")
        finish(child)


def test_commands_and_messages():
    with temp_dir() as d:
        child = spawn("play", "--secret", "1234", "--player", "tester", "-f", os.path.join(d, "s.db"))
        child.expect_exact("guess 1/10> ")
        child.sendline("help")
        for word in ("hint", "left", "check", "rules", "quit"):
            child.expect_exact(word)
        child.expect_exact("guess 1/10> ")
        child.sendline("5566")
        child.expect_exact("guess 2/10> ")
        child.sendline("check 1234")
        child.expect_exact("1234 fits every answer")
        child.sendline("check 5555")
        child.expect(r"5555 cannot be the secret: row 1 \(5566\) would be answered BB\.\., but the board shows \.\.\.\.")
        # Ctrl-V makes the line editor take the escape character literally; the message then
        # shows it escaped, never driving the terminal.
        child.sendline("\x16\x1b[2Jzz")
        child.expect_exact("'\\x1b' is not a colour")
        child.sendline("x" * 5000)
        child.expect_exact("too long")
        child.sendline("")
        child.expect_exact("guess 2/10> ")
        child.sendline("left")
        child.expect(r"(\d+) codes are possible\. This game now counts as assisted\.")
        child.sendline("rules")
        child.expect_exact("How to play")
        child.expect_exact("guess 2/10> ")
        child.sendline("quit")
        child.expect_exact("You gave up. The secret was 1 2 3 4.")
        finish(child)


def test_non_utf8_bytes_get_a_message():
    with temp_dir() as d:
        child = spawn("play", "--secret", "1234", "--player", "tester", "-f", os.path.join(d, "s.db"))
        child.expect_exact("guess 1/10> ")
        child.send(b"\xff\xfe\xc3\n".decode("latin-1"))
        child.expect_exact("guess 1/10> ")
        child.sendline("1234")
        child.expect_exact("You broke the code 1234 in 1 guess")
        finish(child)


def test_colour_on_request_keeps_symbols():
    with temp_dir() as d:
        child = spawn("play", "--secret", "1234", "--color", "always", "--player", "tester", "-f",
                      os.path.join(d, "s.db"))
        child.expect_exact("guess 1/10> ")
        child.sendline("1234")
        child.expect(r"\x1b\[[0-9;]+m 1 \x1b\[0m \x1b\[[0-9;]+m 2 ")
        finish(child)


def test_no_colour_by_default_without_a_terminal_setting():
    with temp_dir() as d:
        child = spawn("play", "--secret", "1234", "--player", "tester", "-f", os.path.join(d, "s.db"),
                      env=environment(NO_COLOR="1"))
        child.logfile_read = transcript = io.StringIO()
        child.expect_exact("guess 1/10> ")
        child.sendline("1234")
        child.expect_exact("You broke")
        finish(child)
        assert "\x1b[0m" not in transcript.getvalue()


def test_ctrl_c_exits_130_and_leaves_the_terminal_sane():
    with temp_dir() as d:
        child = spawn_shell(f'"$0" play --player t -f {d}/s.db; echo "status=$?"; stty -a')
        child.expect_exact("guess 1/10> ")
        child.sendintr()
        child.expect_exact("interrupted")
        child.expect_exact(f"status={EXIT_INTERRUPTED}")
        child.expect(r"[^-]icanon")
        child.expect(r"[^-]echo ")
        finish(child)


if __name__ == "__main__":
    main(dict(globals()))
