"""What persists between runs: the menu's variant and hard mode and the player's name, kept in the
scores file; subcommands keep their defaults; no name is asked when nothing can be recorded. And
`watch` in a terminal, paced by --delay (0 here: tests never wait), showing the codes left."""

import os

from mmtest import GOODBYE, finish, main, run_piped, send_eof, spawn, temp_dir

MENU_PROMPT = "choose [1]> "
AGAIN = "[m] "


def test_the_menu_remembers_its_choices_and_the_name():
    with temp_dir() as d:
        path = os.path.join(d, "s.db")
        child = spawn("-f", path)
        child.expect_exact(MENU_PROMPT)
        child.sendline("variant")
        child.expect_exact("variant (Enter keeps the current one)> ")
        child.sendline("bulls")
        child.expect_exact(MENU_PROMPT)
        child.sendline("hard")
        child.expect_exact("Hard mode is on")
        child.expect_exact(MENU_PROMPT)
        child.sendline("1")
        child.expect_exact("guess 1/10> ")
        child.sendline("quit")
        child.expect_exact("Your name for the highscores [")
        child.sendline("newcomer")
        child.expect_exact(AGAIN)
        child.sendline("q")
        finish(child)

        child = spawn("-f", path)
        child.expect_exact("bulls: 4 of 10 digits (0-9), no repeats, 10 guesses")
        child.expect_exact("(on)")
        child.expect_exact(MENU_PROMPT)
        child.sendline("1")
        child.expect_exact("Hard mode: every guess must fit")
        child.expect_exact("guess 1/10> ")
        child.sendline("quit")
        # The name was asked once, and is remembered: not asked again.
        child.expect_exact(AGAIN)
        assert "Your name" not in child.before
        child.sendline("q")
        finish(child)

        # A duel offers player one the remembered name too.
        child = spawn("duel", "-f", path)
        child.expect_exact("Player one, your name [newcomer]")
        send_eof(child)
        finish(child)

        # A subcommand keeps its documented defaults: classic, not hard.
        result = run_piped("play", "--player", "x", "-f", path, input_text="quit\n")
        text = result.stdout.decode()
        assert "classic: 4 pegs" in text and "Hard mode" not in text, text
        # Options win over what the menu remembers.
        child = spawn("-f", path, "--preset", "super")
        child.expect_exact("super: ")
        child.expect_exact(MENU_PROMPT)
        send_eof(child)
        child.expect_exact(GOODBYE)
        finish(child)


def test_no_name_is_asked_when_nothing_is_recorded():
    with temp_dir() as d:
        path = os.path.join(d, "s.db")
        with open(path, "wb") as f:
            f.write(b"not a database, and not ours" * 100)
        child = spawn("play", "--secret", "1234", "-f", path)
        child.expect_exact("Highscores are off")
        child.expect_exact("guess 1/10> ")
        child.sendline("1234")
        child.expect_exact("You broke the code 1234 in 1 guess")
        finish(child)
        assert "Your name" not in child.before
        with open(path, "rb") as f:
            assert f.read() == b"not a database, and not ours" * 100


def test_watch_in_a_terminal_shows_the_codes_left_each_turn():
    child = spawn("watch", "--secret", "3632", "--delay", "0")
    child.expect_exact("The secret is 3632")
    child.expect(r"1\.  \d \d \d \d   [BW.]+ +\d+ codes? left")
    child.expect(r"2\.  \d \d \d \d   [BW.]+ +\d+ codes? left")
    child.expect_exact("Found in")
    finish(child)


def test_bad_delays_are_usage_errors():
    for value in ("-1", "61", "soon"):
        result = run_piped("watch", "--delay", value)
        assert result.returncode == 64, (value, result)
        assert result.stderr.decode().count("\n") == 1, (value, result)


if __name__ == "__main__":
    main(dict(globals()))
