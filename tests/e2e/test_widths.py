"""No line wider than the screen: every subcommand's output and help, in English, Danish and
Swedish, at 60, 80 and 100 columns. The width comes from COLUMNS (which counts before the
terminal's own), so most runs are piped; a few run in a pseudo-terminal of that width, with
colours, to see the terminal's own layout (the colour swatch, the board)."""

import os
import re
import sys
import unicodedata

import pexpect

from mmtest import (BINARY, TIMEOUT, environment_without_language, finish, main, run_piped, send_eof, strip_ansi,
                    temp_dir, wait_until_reading)

# A language as the second argument checks that one only: ctest runs the three side by side.
LANGUAGES = tuple(sys.argv[2].split(",")) if len(sys.argv) > 2 else ("en", "da", "sv")
WIDTHS = (60, 80, 100)
SUBCOMMANDS = ("play", "solve", "duel", "watch", "scores", "rules", "score", "evaluate", "hardest", "next", "bench",
               "tree", "records", "help")
# A name as long as a name may be shown, to fill the tables' name column.
LONG_NAME = "Bartholomew-Fitzgerald-Montgomery"


def width(line):
    return sum(0 if unicodedata.combining(c) else 1 for c in strip_ansi(line))


def too_wide(text, columns):
    # A line of one word (a file's path, in `records`) cannot be broken: wrap_text leaves it whole.
    return [line for line in text.splitlines() if width(line) > columns and len(line.split()) > 1]


def env_for(language, columns, **changes):
    return environment_without_language(LANGUAGE=language, LC_ALL="C.UTF-8", COLUMNS=str(columns), **changes)


def seeded_scores(directory):
    """A scores file with won, lost and abandoned games under a long name, and a replayed game."""
    path = os.path.join(directory, "s.db")
    env = environment_without_language(LANGUAGE="en", LC_ALL="C.UTF-8")
    for secret, lines in (("1234", "1122\n1234\n"), ("1234", "quit\n"), ("6543", "1111\n2222\n")):
        run_piped("play", "--secret", secret, "--player", LONG_NAME, "-f", path, input_text=lines, env=env)
    won = run_piped("play", "--secret", "3456", "--player", "ann", "-f", path, input_text="3456\n", env=env)
    game_id = re.search(r"Game id (\S+):", won.stdout.decode()).group(1)
    run_piped("play", "--replay", game_id, "--player", LONG_NAME, "-f", path, input_text="1122\n", env=env)
    return path, game_id


def outputs(scores, game_id):
    """(what, arguments, input) of every subcommand's output."""
    return [
        ("help", ["--help"], ""),
        *[(f"help {name}", ["help", name], "") for name in SUBCOMMANDS if name != "help"],
        ("score", ["score", "2532", "3523"], ""),
        ("score bulls", ["--preset", "bulls", "score", "1234", "1437"], ""),
        ("evaluate", ["evaluate"], ""),
        ("evaluate sampled", ["--rules", "p6c9r", "evaluate", "--sample", "5", "--seed", "1"], ""),
        ("hardest", ["hardest", "-n", "3"], ""),
        ("hardest p8c8r", ["--rules", "p8c8r", "--seed", "1", "hardest", "--sample", "3", "-n", "2"], ""),
        ("next", ["next", "1122=B...", "1344=W..."], ""),
        ("next big", ["--rules", "p10c20r", "next", "ABCDEFGHIJ=B........."], ""),
        ("tree", ["--rules", "p3c3r", "tree", "--format", "text"], ""),
        ("bench", ["bench"], ""),
        ("records", ["records"], ""),
        ("rules", ["rules"], ""),
        ("rules bulls", ["--preset", "bulls", "rules"], ""),
        ("rules p10c20r", ["--rules", "p10c20r", "rules"], ""),
        ("scores", ["scores", "-f", scores], ""),
        ("scores player", ["scores", "-f", scores, "--player", LONG_NAME], ""),
        ("scores replay", ["scores", "-f", scores, "--replay", game_id], ""),
        ("play", ["play", "--seed", "1", "-f", scores, "--player", "ann"], "1122\nhelp\nhint\nleft\ncheck 1234\nrules\n"),
        ("play p10c20r", ["--rules", "p10c20r", "play", "--seed", "1", "-f", scores, "--player", "ann"],
         "ABCDEFGHIJ\nleft\n"),
        ("solve", ["solve", "-f", scores, "--player", "ann"], "0 0\n1 0\nhelp\n"),
        ("solve secret", ["solve", "--secret", "6543", "-f", scores, "--player", "ann"], ""),
        ("duel", ["duel", "--rounds", "1", "-f", scores, "--player", "ann"], "bob\n1234\n1234\n1234\n"),
        ("watch", ["watch", "--seed", "2"], ""),
        ("watch p10c20r", ["--rules", "p10c20r", "watch", "--seed", "2"], ""),
        ("watch all", ["watch", "--all", "--strategy", "knuth"], ""),
        ("menu", ["-f", scores, "--player", "ann"], "5\n6\n7\n\n9\nq\n"),
    ]


def test_every_output_fits_every_width():
    with temp_dir() as d:
        scores, game_id = seeded_scores(d)
        problems = []
        for language in LANGUAGES:
            for columns in WIDTHS:
                for what, args, lines in outputs(scores, game_id):
                    result = run_piped(*args, input_text=lines, env=env_for(language, columns))
                    out = result.stdout.decode("utf-8", "replace")
                    assert result.returncode == 0, f"{language} {columns} {what}: {result.returncode} {result.stderr!r}"
                    problems += [f"{language} {columns} {what}: {width(line)} {line!r}"
                                 for line in too_wide(out, columns)]
        assert not problems, "\n".join(problems[:40]) + f"\n({len(problems)} lines too wide)"


def spawn_at(columns, *args, env):
    return pexpect.spawn(BINARY, list(args), encoding="utf-8", codec_errors="replace", timeout=TIMEOUT,
                         dimensions=(24, columns), env=env)


def test_terminal_of_each_width_in_colour():
    """On a terminal the width is the terminal's own (COLUMNS unset): the biggest board's colour
    swatch and board at 60 columns, a game's help and the highscores."""
    for language in LANGUAGES:
        for columns in WIDTHS:
            with temp_dir() as d:
                env = environment_without_language(LANGUAGE=language, LC_ALL="C.UTF-8", NO_COLOR=None, COLUMNS=None)
                child = spawn_at(columns, "--rules", "p10c20r", "--color", "always", "--seed", "1", "play",
                                 "--player", "ann", "-f", os.path.join(d, "s.db"), env=env)
                chunks = []
                child.logfile_read = type("Log", (), {"write": lambda self, s: chunks.append(s),
                                                       "flush": lambda self: None})()
                child.expect_exact("1/")
                wait_until_reading(child)
                child.sendline("ABCDEFGHIJ")
                child.expect_exact("2/")
                wait_until_reading(child)
                child.sendline("help")
                child.expect_exact("2/")
                # Ctrl-D once the line editor reads: sent while the terminal was still cooked, it
                # was lost and the game waited on (seen once in 20 rounds under load).
                send_eof(child)
                child.expect(pexpect.EOF)
                child.close()
                # The terminal echoes what the test typed; the program wrote the rest.
                text = re.sub(r"\r", "", "".join(chunks))
                wide = too_wide(text, columns)
                assert not wide, f"{language} {columns}: " + "\n".join(repr(strip_ansi(line)) for line in wide)


if __name__ == "__main__":
    main(dict(globals()))
