"""Every screen in an 80-column terminal: no line wider than the terminal and no word cut, the
same words as on a wide terminal; the variant's own words at the prompts; a piped duel whose
secret prompts end their lines."""

import os
import re
import unicodedata

import pexpect

from mmtest import (BINARY, EXIT_USAGE, GOODBYE, TIMEOUT, environment, finish, main, run_piped, strip_ansi,
                    temp_dir)

MENU_PROMPT = "choose [1]> "
NARROW, WIDE = 80, 200


def spawn_at(columns, *args, env=None):
    return pexpect.spawn(BINARY, list(args), encoding="utf-8", codec_errors="replace", timeout=TIMEOUT,
                         dimensions=(24, columns), env=env or environment())


def width(line):
    return sum(0 if unicodedata.combining(c) else 1 for c in line)


def first_game(columns):
    """A newcomer's first minutes, seeded: the menu, the rules, a game with help and guesses, the
    highscores. Returns everything the terminal showed, colours included."""
    with temp_dir() as d:
        env = environment(NO_COLOR=None)
        child = spawn_at(columns, "--color", "always", "--seed", "4", "--player", "ann", "-f",
                         os.path.join(d, "s.db"), env=env)
        child.expect_exact(MENU_PROMPT)
        child.sendline("rules")
        child.expect_exact("Press Enter for the menu. ")
        child.sendline("")
        child.expect_exact(MENU_PROMPT)
        child.sendline("play")
        child.expect_exact("guess 1/10> ")
        for line, prompt in (("help", "guess 1/10> "), ("1122", "guess 2/10> "), ("3456", "guess 3/10> "),
                             ("check 1111", "guess 3/10> "), ("quit", "[m] ")):
            child.sendline(line)
            child.expect_exact(prompt)
        child.sendline("m")
        child.expect_exact(MENU_PROMPT)
        child.sendline("highscores")
        # The table stays on screen until Enter: the menu does not scroll it away.
        child.expect_exact("Press Enter for the menu. ")
        child.sendline("")
        child.expect_exact(MENU_PROMPT)
        child.sendline("q")
        child.expect_exact(GOODBYE)
        finish(child)


def transcript(columns):
    """first_game's output as lines, without colours."""
    chunks = []

    class Log:
        def write(self, data):
            chunks.append(data)

        def flush(self):
            pass

    global_spawn = pexpect.spawn

    def logged(*args, **kwargs):
        child = global_spawn(*args, **kwargs)
        child.logfile_read = Log()
        return child

    pexpect.spawn = logged
    try:
        first_game(columns)
    finally:
        pexpect.spawn = global_spawn
    # The scores file lives in a fresh temporary directory each run.
    text = re.sub(r"\S*mm-e2e-[^/\s]+", "DIR", strip_ansi("".join(chunks)))
    # The time a game has taken, and the date and time of day, differ from run to run.
    text = re.sub(r"\b\d+ min \d\d s\b|\b\d+\.\d s\b", "TIME", text)
    text = re.sub(r"\b\d{4}-\d\d-\d\d\b|\b\d\d:\d\d(:\d\d)?\b", "DATE", text)
    return [line for line in re.split(r"\r?\n", text.replace("\r\n", "\n"))]


def test_every_line_fits_80_columns_and_no_word_is_cut():
    narrow = transcript(NARROW)
    too_wide = [line for line in narrow if width(line.rstrip("\r")) > NARROW]
    assert not too_wide, "\n".join(too_wide)
    wide = transcript(WIDE)
    assert " ".join(narrow).split() == " ".join(wide).split(), "wrapping changed the words"
    assert any(len(line) > NARROW for line in wide), "the wide terminal is used"
    # The classic header, with its pegs, is one line at 80 columns.
    header = [line for line in narrow if "classic: 4 pegs, 6 colours, repeats allowed, 10 guesses" in line]
    assert header and all(" 6 " in line for line in header), header
    # No "guesses left" under a finished game, and answers in sentences are quoted.
    text = "\n".join(narrow)
    assert "would be answered '" in " ".join(text.split()), text


def test_bulls_speaks_bulls_and_cows():
    result = run_piped("--preset", "bulls", "solve", input_text="zz\n1b1c\nquit\n")
    out = " ".join(result.stdout.decode().split())
    assert result.returncode == 0, result
    assert "give bulls then cows, e.g. '2 1', '2b1c' or '2 bulls, 1 cow'" in out, out
    assert "black" not in out and "BBW" not in out, out
    assert "1 bull, 1 cow" in out, out
    result = run_piped("--preset", "bulls", "play", "--secret", "0123", input_text="check 1111\nquit\n")
    out = " ".join(result.stdout.decode().split())
    assert "'1' appears 4 times, but digits may not repeat in this game" in out, out
    result = run_piped("--preset", "bulls", input_text="q\n")  # the menu's welcome
    out = " ".join(result.stdout.decode().split())
    assert "Break a secret code of digits" in out and "coloured pegs" not in out, out


def test_won_game_has_no_guesses_left():
    result = run_piped("play", "--secret", "1234", input_text="1122\n1234\n")
    out = result.stdout.decode()
    assert "You broke the code 1234" in out, out
    board_after_win = out[out.rindex("2.  1 2 3 4"):]
    assert "left" not in board_after_win, out


def test_non_ascii_alphabet_is_refused_with_its_reason():
    result = run_piped("--alphabet", "ÄÖÜßéè", "rules")
    err = result.stderr.decode()
    assert result.returncode == EXIT_USAGE and err.count("\n") == 1 and "not ASCII" in err, result


def test_piped_duel_prompts_end_their_lines():
    with temp_dir() as d:
        result = run_piped("duel", "--rounds", "1", "--player", "ann", "-f", os.path.join(d, "s.db"),
                           input_text="bob\n1234\n1234\n1234\n")
    out = result.stdout.decode()
    assert result.returncode == 0, result
    assert "secret code> \n" in out and "the same again, to confirm> \n" in out, out
    assert "secret code> the same again" not in out, out



if __name__ == "__main__":
    main(globals())
