"""`play` in a pseudo-terminal: a won game, a lost game, invalid input that costs no turn, the
in-game commands, colour, and Ctrl-C leaving the terminal sane. Fair play: a game against a
typed secret, or helped by hint, left or check, is recorded but never ranked, and says so."""

import io
import os
import re

from mmtest import (EXIT_INTERRUPTED, all_codes, environment, finish, main, run_piped, score, send_interrupt, spawn,
                    spawn_shell, temp_dir)

NO_RANKED = "No ranked games yet"
ASSISTED_ON_BOARD = "assisted (hint, left, check or undo): not ranked"


def break_hidden_code(child):
    """Guesses the first code consistent with the board, as shown, until the code is broken."""
    possible = all_codes()
    while True:
        child.expect(r"guess (\d+)/10> ")
        row, guess = int(child.match.group(1)), possible[0]
        child.sendline(guess)
        child.expect(rf"{row}\.  {' '.join(guess)}   ([BW.]+)")
        answer = child.match.group(1)
        if answer == "BBBB":
            return row
        black, white = answer.count("B"), answer.count("W")
        possible = [c for c in possible if score(c, guess) == (black, white)]


def ranked_table(path, player):
    result = run_piped("scores", "-f", path, "--player", player)
    assert result.returncode == 0, result
    return result.stdout.decode()


def test_won_game():
    with temp_dir() as d:
        child = spawn("play", "--secret", "1234", "--player", "tester", "-f", os.path.join(d, "s.db"))
        child.expect_exact("classic: 4 pegs, 6 colours (1-6), repeats allowed, 10 guesses")
        child.expect_exact("guess 1/10> ")
        child.sendline("1122")
        child.expect(r"9 guesses left, time [0-9.]+ s")  # the board's header
        child.expect_exact("1.  1 1 2 2   BW..")
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
        child.expect_exact("Out of guesses. The secret was 6543.")
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
        # Answers inside a sentence are quoted: their dots never run into the punctuation.
        child.expect(r"5555 cannot be the secret: row 1 \(5566\) would be answered 'BB\.\.', but the board shows "
                     r"'\.\.\.\.'\.")
        # Ctrl-V makes the line editor take the escape character literally; the message then
        # shows it escaped, never driving the terminal.
        child.sendline("\x16\x1b[2Jzz")
        child.expect_exact("'\\x1b' is not a colour")
        child.sendline("x" * 5000)
        child.expect_exact("too long")
        child.sendline("")
        child.expect_exact("guess 2/10> ")
        child.sendline("left")
        # The codes fit on the screen (40 rows of 120 columns), so they are listed, all of them.
        child.expect(r"(\d+) codes are possible: ([0-9, \r\n]+)\.\s+This game now counts as assisted\.")
        count = int(child.match.group(1))
        listed = re.findall(r"[1-6]{4}", child.match.group(2))
        assert len(listed) == count and len(set(listed)) == count, (count, listed)
        child.sendline("rules")
        child.expect_exact("How to play")
        child.expect_exact("guess 2/10> ")
        child.sendline("quit")
        child.expect_exact("You gave up. The secret was 1234.")
        finish(child)


def test_a_hidden_code_broken_blind_is_ranked():
    with temp_dir() as d:
        path = os.path.join(d, "s.db")
        child = spawn("play", "--seed", "11", "--player", "blind", "-f", path)
        child.expect_exact("I have chosen a secret code of 4 pegs")
        rows = break_hidden_code(child)
        child.expect_exact("You broke the code")
        finish(child)
        table = ranked_table(path, "blind")
        assert NO_RANKED not in table and re.search(rf"1\s+blind\s+{rows}\s", table), table


def test_a_typed_secret_is_recorded_but_never_ranked():
    with temp_dir() as d:
        path = os.path.join(d, "s.db")
        child = spawn("play", "--secret", "1234", "--player", "teacher", "-f", path)
        child.logfile_read = transcript = io.StringIO()
        child.expect_exact("The secret is the code you gave with --secret: a practice game, recorded but never "
                           "ranked.")
        child.expect_exact("guess 1/10> ")
        child.sendline("1234")
        child.expect_exact("your own secret: recorded, not ranked")
        child.expect_exact("You broke the code 1234 in 1 guess")
        child.expect_exact("(You chose the secret, so the game is recorded but not ranked.)")
        finish(child)
        assert "I have chosen" not in transcript.getvalue()
        table = ranked_table(path, "teacher")
        assert NO_RANKED in table and "teacher: 1 game, 1 won" in table, table


def test_check_marks_the_game_assisted_on_the_board_and_in_the_scores():
    with temp_dir() as d:
        path = os.path.join(d, "s.db")
        child = spawn("play", "--seed", "11", "--player", "checker", "-f", path)
        child.expect_exact("guess 1/10> ")
        child.sendline("help")
        child.expect(r"check CODE +does CODE fit[^\r\n]*\(the game counts as assisted\)")
        child.expect_exact("guess 1/10> ")
        child.sendline("check 1234")
        child.expect(r"1234 (fits every answer|cannot be the secret)[^\r\n]*This game now counts as assisted\.")
        break_hidden_code(child)
        child.expect_exact(ASSISTED_ON_BOARD)
        child.expect_exact("You broke the code")
        child.expect_exact("(Helped by hint, left, check or undo, so it does not count for the highscores.)")
        finish(child)
        table = ranked_table(path, "checker")
        assert NO_RANKED in table and "checker: 1 game, 1 won" in table, table


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
        send_interrupt(child)
        child.expect_exact("interrupted")
        child.expect_exact(f"status={EXIT_INTERRUPTED}")
        child.expect(r"[^-]icanon")
        child.expect(r"[^-]echo ")
        finish(child)


if __name__ == "__main__":
    main(dict(globals()))
