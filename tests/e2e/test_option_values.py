"""Every bad option value (and a file in a missing directory) is one line in the project's words, exit 64, in English, Danish and
Swedish (never the option parser's own text), and answers with a sign are refused, not read
without it."""

import os

from mmtest import EXIT_USAGE, environment_without_language, main, run_piped, temp_dir

LANGUAGES = ("en", "da", "sv")
# What the option parser would have said in its own words.
PARSER_WORDS = ("not in range", "not in {", "Value ", "Excludes", "REQUIRED", "could not be converted")
BAD_VALUES = [
    ["watch", "--delay", "nan"],
    ["watch", "--delay", "61"],
    ["watch", "--delay", "-1"],
    ["--color", "blue", "rules"],
    ["tree", "--format", "xml"],
    ["-n", "x", "hardest"],
    ["scores", "--variant", "p99"],
    ["play", "--resume", "x1"],
    ["play", "--secret", "1234", "--replay", "3TKBJN7"],
    ["watch", "--all", "--games", "3"],
    ["score", "1234"],
]
SUBCOMMANDS = ("play", "solve", "duel", "watch", "scores", "rules", "score", "evaluate", "hardest", "next", "bench",
               "tree")


def run_in(language, *args, input_text=""):
    return run_piped(*args, input_text=input_text,
                     env=environment_without_language(LANGUAGE=language, LC_ALL="C.UTF-8"))


def test_bad_option_values_are_one_line_of_ours_in_every_language():
    english = {}
    for language in LANGUAGES:
        for args in BAD_VALUES:
            result = run_in(language, *args)
            err = result.stderr.decode()
            assert result.returncode == EXIT_USAGE, (language, args, result.returncode, err)
            assert len(err.strip().splitlines()) == 1, (language, args, err)
            assert not any(word in err for word in PARSER_WORDS), (language, args, err)
            if language == "en":
                english[tuple(args)] = err
            elif "--color" not in args and "--format" not in args and "-n" not in args:
                assert err != english[tuple(args)], f"{language} {args}: untranslated: {err}"


def test_help_has_no_words_of_the_parser():
    for language in LANGUAGES:
        for name in SUBCOMMANDS:
            text = run_in(language, name, "--help").stdout.decode()
            assert not any(word in text for word in PARSER_WORDS + ("Needs:",)), (language, name, text)
        assert "within D guesses" not in run_in(language, "evaluate", "--help").stdout.decode()
    # `scores --player` names whose figures are shown, not the player's own name for the games.
    scores_help = run_in("en", "scores", "--help").stdout.decode()
    assert "Whose own statistics to show" in scores_help, scores_help


def test_help_in_a_game_promises_only_the_shortcuts_that_work():
    """On one peg of 20 colours (A-T) h is a code, so the game's help promises only ?."""
    with temp_dir() as d:
        path = os.path.join(d, "s.db")
        big = run_in("en", "--rules", "p1c20r", "play", "--player", "ann", "-f", path, input_text="help\n")
        out = big.stdout.decode()
        assert "? alone is short for help." in out and "q, h and ?" not in out, out
        small = run_in("en", "play", "--player", "ann", "-f", path, input_text="help\n").stdout.decode()
        assert "q, h and ? alone are short for quit, hint and help." in small, small


def test_answers_with_a_sign_are_refused():
    for language in LANGUAGES:
        result = run_in(language, "next", "1122=-1 2")
        err = result.stderr.decode()
        assert result.returncode == EXIT_USAGE, (language, err)
        assert "-1 2" in err and len(err.strip().splitlines()) == 1, (language, err)
    # In a game: refused at the prompt, no turn used; a lone 4 is the full hit.
    with temp_dir() as d:
        solve = run_in("en", "solve", "--player", "ann", "-f", os.path.join(d, "s.db"), input_text="+1 0\n4\n")
    out = solve.stdout.decode()
    assert "counts have no sign" in out, out
    assert "I found your code in 1 guess" in out, out


EXIT_CANT_CREATE = 73


def test_a_missing_directory_is_refused_and_never_made():
    """A file the user names goes where they said or nowhere; only the default data directory is
    made by the program."""
    with temp_dir() as d:
        missing = os.path.join(d, "missing", "deeper")
        for args in (["play", "-f", os.path.join(missing, "s.db")], ["duel", "-f", os.path.join(missing, "s.db")],
                     ["-f", os.path.join(missing, "s.db")],
                     ["--rules", "p3c3r", "tree", "-o", os.path.join(missing, "t.json")]):
            for language in LANGUAGES:
                result = run_in(language, *args, input_text="1122\n")
                err = result.stderr.decode()
                assert result.returncode == EXIT_CANT_CREATE, (language, args, result.returncode, err)
                assert len(err.strip().splitlines()) == 1, (language, args, err)
        assert not os.path.exists(os.path.join(d, "missing"))
        default = run_piped("play", "--player", "ann", input_text="1122\n",
                            env=environment_without_language(LANGUAGE="en", LC_ALL="C.UTF-8",
                                                             XDG_DATA_HOME=os.path.join(d, "data", "home")))
        assert default.returncode == 0, default.stderr
        assert os.path.exists(os.path.join(d, "data", "home", "mastermind", "scores.db"))


if __name__ == "__main__":
    main(dict(globals()))
