"""The game in Danish and Swedish, as the translators wrote it: --help in the language within 80
columns, a won game and a solve with a contradiction caught in each language, every screen at 80
columns. What the player reads is looked up in the catalogues (po/<lang>.po), so the tests hold
whatever words the translators choose; they fail while a message they look for is untranslated
or the same as the English (ctest label: translations). The answer letters are the program's
own table: Danish S/H, Swedish S/V."""

import os
import re
import sys
import unicodedata

import pexpect

from mmtest import (BINARY, TIMEOUT, all_codes, environment_without_language, finish, main, run_piped, score,
                    strip_ansi, temp_dir)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "i18n"))
from catalogue import Catalogue, pattern  # noqa: E402

# The catalogues the program was built from; MM_TEST_PO_DIR points elsewhere (with
# MASTERMIND_DATA_DIR at their compiled forms) to try the tests on catalogues of one's own.
PO_DIR = os.environ.get("MM_TEST_PO_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "po")
LANGUAGES = {"da": ("S", "H"), "sv": ("S", "V")}
NARROW = 80
SUBCOMMANDS = ["play", "solve", "duel", "watch", "scores", "rules", "score", "evaluate", "hardest", "next", "bench",
               "tree", "records", "help"]


def catalogue(language):
    return Catalogue(os.path.join(PO_DIR, f"{language}.po"))


def spawn_in(language, *args, columns=120):
    return pexpect.spawn(BINARY, ["--lang", language, *args], encoding="utf-8", codec_errors="replace",
                         timeout=TIMEOUT, dimensions=(40, columns), env=environment_without_language())


def width(line):
    return sum(0 if unicodedata.combining(c) else 1 for c in line)


def expect_text(child, template):
    """Waits for a message of the catalogue, its placeholders filled by anything."""
    child.expect(pattern(template))


def fill(template, *values):
    """A message with its placeholders filled, as fmt does (str.format reads the same {} and {0})."""
    return template.format(*values)


def stdout_of(*args):
    result = run_piped(*args, env=environment_without_language())
    assert result.returncode == 0, result
    return result.stdout.decode()


def test_help_speaks_the_language_and_fits_80_columns():
    for language in LANGUAGES:
        cat = catalogue(language)
        top = stdout_of("--lang", language, "--help")
        assert cat.translated("Usage") + ":" in top, top
        assert cat.translated("Usage") != "Usage"
        assert " ".join(cat.translated("Break the computer's secret code").split()) in " ".join(top.split()), top
        for sub in SUBCOMMANDS:
            text = stdout_of(sub, "--help", "--lang", language)
            too_wide = [line for line in text.splitlines() if width(line) > NARROW]
            assert not too_wide, (language, sub, too_wide)
            assert cat.translated("Print this help message and exit").split()[0] in text, (language, sub)


def won_game(language):
    cat = catalogue(language)
    black, white = LANGUAGES[language]
    with temp_dir() as d:
        child = spawn_in(language, "play", "--secret", "1234", "--player", "ann", "-f", os.path.join(d, "s.db"))
        child.expect_exact(fill(cat.text("guess {}/{}> "), 1, 10))
        # A local command word works like the English one.
        child.sendline(cat.translated("help", "command"))
        expect_text(child, cat.translated("list these commands"))
        child.sendline("1122")
        child.expect_exact(f"1.  1 1 2 2   {black}{white}..")
        child.sendline("1234")
        child.expect_exact(f"2.  1 2 3 4   {black * 4}")
        win = cat.entry("You broke the code {} in {} guess and {}!")
        assert win.translated, "the win is not translated"
        assert win.msgstr[1] != win.plural
        expect_text(child, win.msgstr[1])
        finish(child)


def test_won_game_in_danish():
    won_game("da")


def test_won_game_in_swedish():
    won_game("sv")


def answer_letters(language, black, white):
    b, w = LANGUAGES[language]
    return b * black + w * white + "." * (4 - black - white)


def contradiction(language, secret="3632"):
    """Answers truthfully until an answer exists that some code could give to the guess but none
    still possible does; gives that one: the contradiction is caught at once, and the secret names
    the row."""
    cat = catalogue(language)
    codes = all_codes()
    guess_line = pattern(cat.text("My guess {}: {}")).replace(".+?", r"(\d+)", 1)
    guess_line = guess_line.replace(".+?", r"((?:[1-6] ){3}[1-6])", 1)
    with temp_dir() as d:
        child = spawn_in(language, "solve", "--player", "maker", "-f", os.path.join(d, "s.db"))
        possible = codes
        lie = None
        while lie is None:
            child.expect(guess_line)
            guess = child.match.group(2).replace(" ", "")
            child.expect_exact(cat.text("your answer> "))
            answer = score(secret, guess)
            killing = {score(c, guess) for c in codes} - {score(c, guess) for c in possible} - {(4, 0)}
            if killing:
                answer = min(killing)
                lie = (guess, answer)
            assert answer != (4, 0), "the secret was found before a lie could be told"
            child.sendline(answer_letters(language, *answer))
            possible = [c for c in possible if score(c, guess) == answer]
        assert not possible
        expect_text(child, cat.translated("Wait: no code fits all of these answers, so one of them must be wrong."))
        child.expect_exact(cat.text("your secret> "))
        child.sendline(secret)
        expect_text(child, cat.translated("Row {} was answered wrongly:"))
        guess, given = lie
        child.expect_exact(f"'{answer_letters(language, *given)}'")
        finish(child)


def test_contradiction_caught_in_danish():
    contradiction("da")


def test_contradiction_caught_in_swedish():
    contradiction("sv")


def transcript(language, columns, *args, steps):
    """The terminal's output while `steps` (line to send, text or compiled pattern to wait for
    after it) are played, without colours."""
    chunks = []

    class Log:
        def write(self, data):
            chunks.append(data)

        def flush(self):
            pass

    child = spawn_in(language, *args, columns=columns)
    child.logfile_read = Log()
    for line, wait in steps:
        if line is not None:
            child.sendline(line)
        if isinstance(wait, re.Pattern):
            child.expect(wait)
        else:
            child.expect_exact(wait)
    finish(child)
    return strip_ansi("".join(chunks)).replace("\r\n", "\n").split("\n")


def too_wide(lines):
    return [line for line in lines if width(line) > NARROW]


def every_screen(language):
    """A newcomer's tour in an 80-column terminal: the menu, the rules, a game with every command,
    solve, the variants, hard mode, the highscores; then Bulls and Cows, a duel and watch (through
    pipes, which the console lays out for 80 columns too). No line is wider than the terminal,
    and the screens speak the language."""
    cat = catalogue(language)
    menu = cat.text("choose [1]> ")
    keys = [cat.text(letter, context="after a game key") for letter in "amq"]
    again = fill(cat.text("again ({0}), back to the menu ({1}) or quit ({2})? [{1}] "), *keys)
    answer = cat.text("your answer> ")
    guess = cat.text("guess {}/{}> ")
    with temp_dir() as d:
        files = ["--player", "ann", "-f", os.path.join(d, "s.db")]
        lines = transcript(language, NARROW, "--seed", "4", *files, steps=[
            (None, menu), ("rules", cat.text("Press Enter for the menu. ")), ("", menu),
            ("play", fill(guess, 1, 10)), ("help", fill(guess, 1, 10)), ("1122", fill(guess, 2, 10)),
            ("check 1111", fill(guess, 2, 10)), ("hint", fill(guess, 2, 10)), ("left", fill(guess, 2, 10)),
            ("undo", fill(guess, 1, 10)), ("quit", again), (keys[0], fill(guess, 1, 10)), ("quit", again),
            (keys[1], menu),
            ("solve", answer), ("help", answer), ("rules", answer), ("quit", again), (keys[1], menu),
            ("variant", cat.text("variant (Enter keeps the current one)> ")), ("", menu),
            ("hard", menu), ("hard", menu), ("highscores", cat.text("Press Enter for the menu. ")), ("", menu),
            ("1", fill(guess, 1, 10)), ("quit", again), ("zz", again), (keys[2], cat.text("Goodbye!"))])
        lines += transcript(language, NARROW, "--preset", "bulls", "play", "--secret", "0123", *files, steps=[
            (None, fill(guess, 1, 10)), ("4567", fill(guess, 2, 10)), ("rules", fill(guess, 2, 10)),
            ("quit", re.compile(pattern(fill(cat.text("You gave up. The secret was {}."), "0123"))))])
        duel = run_piped("--lang", language, "duel", "--rounds", "2", *files,
                         input_text="bob\n1234\n1234\n1234\n\n5566\n5566\n5566\n", env=environment_without_language())
        assert duel.returncode == 0, duel
        lines += duel.stdout.decode().splitlines()
    watch = run_piped("--lang", language, "watch", "--seed", "2", env=environment_without_language())
    assert watch.returncode == 0, watch
    lines += watch.stdout.decode().splitlines()
    assert not too_wide(lines), "\n".join(too_wide(lines))
    text = " ".join(" ".join(lines).split())
    for message in ("How to play", "Hard mode is off.", "Variants:", "Highscores", "Round {} of {}: {} makes the code, "
                    "{} breaks it.", "The secret is {}; the {} strategy breaks it.",
                    "Type {0} for the same again, {1} for the menu or {2} to quit."):
        assert re.search(pattern(cat.translated(message)), text), (language, message)
        assert cat.translated(message) != message, (language, message)


def test_every_screen_at_80_columns_in_danish():
    every_screen("da")


def test_every_screen_at_80_columns_in_swedish():
    every_screen("sv")


if __name__ == "__main__":
    main(dict(globals()))
