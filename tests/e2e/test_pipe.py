"""Scripted games through pipes (no terminal): the same dialogue line by line, no colour, each
line echoed after its prompt; end of input is a goodbye; usage errors exit 64."""

import os

from mmtest import EXIT_USAGE, GOODBYE, main, run_piped, temp_dir


def test_scripted_play():
    with temp_dir() as d:
        result = run_piped("play", "--secret", "1234", "--player", "p", "-f", os.path.join(d, "s.db"),
                           input_text="1122\n\nhint\n\x1b[31m\n1234\n")
        out = result.stdout.decode()
        assert result.returncode == 0, result
        assert "guess 1/10> 1122\n" in out, out
        assert "1.  1 1 2 2   BW.." in out
        # 1122 leaves the shipped optimal tree with 208 codes, too many for the optimal search.
        assert "Hint (knuth): try" in out, out
        assert "\\x1b" in out and "\x1b" not in out, "the escape is shown, never sent"
        assert "You broke the code 1234 in 2 guesses" in out


def test_scripted_solve_and_contradiction():
    with temp_dir() as d:
        result = run_piped("solve", "--player", "p", "-p", "1", "-c", "2", "-f", os.path.join(d, "s.db"),
                           input_text="0 0\n0 0\n1\n")
        out = result.stdout.decode()
        assert result.returncode == 0, result
        assert "no code fits all of these answers" in out, out
        assert "Row 1 was answered wrongly: your secret 1 answers the guess 1 with 'B', not '.'." in out, out
        assert "Count the blacks first" in out, out
    # Answered in bulls and cows, the advice speaks of bulls.
    with temp_dir() as d:
        result = run_piped("solve", "--player", "p", "-p", "1", "-c", "2", "--style", "bulls", "-f",
                           os.path.join(d, "s.db"), input_text="0 0\n0 0\n1\n")
        out = " ".join(result.stdout.decode().split())
        assert result.returncode == 0, result
        assert "with 1 bull, 0 cows, not 0 bulls, 0 cows." in out, out
        assert "Count the bulls first" in out and "blacks" not in out, out


def test_end_of_input_is_a_goodbye():
    for args in (["play", "--player", "p"], ["solve", "--player", "p"], ["duel"], []):
        with temp_dir() as d:
            result = run_piped(*args, "-f", os.path.join(d, "s.db"), input_text="")
            assert result.returncode == 0, (args, result)
            assert GOODBYE in result.stdout.decode(), (args, result)


def test_long_lines_and_odd_bytes():
    with temp_dir() as d:
        result = run_piped("play", "--secret", "1234", "--player", "p", "-f", os.path.join(d, "s.db"),
                           input_text=b"9" * 100000 + b"\n\xff\xfe\x00\n1234\n")
        out = result.stdout.decode(errors="replace")
        assert result.returncode == 0, result
        assert "too long" in out
        assert "\\xff" in out, out
        assert "You broke the code" in out


def test_watch_and_statistics():
    result = run_piped("watch", "--secret", "3632")
    out = result.stdout.decode()
    assert result.returncode == 0 and "The secret is 3632" in out and "Found in" in out, out
    result = run_piped("watch", "--all", "--strategy", "knuth")
    out = result.stdout.decode()
    assert result.returncode == 0, result
    assert "1,296 games" in out and "5,801 guesses" in out, out
    assert "5 guesses |" in out and "#" in out, out
    # The default opponent on the classic board: the shipped optimal tree within five guesses.
    result = run_piped("watch", "--all")
    out = result.stdout.decode()
    assert result.returncode == 0 and "of the optimal strategy" in out and "5,626 guesses" in out, out


def test_rules_and_usage_errors():
    result = run_piped("rules", "--preset", "bulls")
    assert result.returncode == 0 and b"No digit appears twice" in b" ".join(result.stdout.split())
    for args in (["play", "--secret", "12"], ["duel", "--rounds", "0"], ["watch", "--all", "--games", "3"],
                 ["play", "--strategy", "nope"]):
        result = run_piped(*args)
        assert result.returncode == EXIT_USAGE, (args, result)
        assert result.stderr.startswith(b"mastermind: "), (args, result)


if __name__ == "__main__":
    main(dict(globals()))
