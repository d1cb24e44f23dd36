"""Figures in the player's language: counts grouped and decimals written as English (1,296 and
4.4761), Danish (1.296 and 4,4761) and Swedish (1 296 with a no-break space, and 4,4761) write them,
in evaluate, hardest, next and the scores; JSON stays the same in every language."""

import json
import os

from mmtest import environment_without_language, main, run_piped, temp_dir

NBSP = "\u00a0"
# (thousands, decimal point) of each language.
SEPARATORS = {"en": (",", "."), "da": (".", ","), "sv": (NBSP, ",")}


def run_in(language, *args, input_text=""):
    result = run_piped(*args, input_text=input_text,
                       env=environment_without_language(LANGUAGE=language, LC_ALL="C.UTF-8"))
    assert result.returncode == 0, (language, args, result.stderr)
    return result.stdout.decode()


def test_evaluate_next_and_hardest_write_figures_as_the_language_does():
    for language, (thousands, point) in SEPARATORS.items():
        evaluation = run_in(language, "evaluate")
        # Knuth on the classic game: 5801 guesses over the 1296 secrets, 4.4761 on average.
        assert f"1{thousands}296" in evaluation, (language, evaluation)
        assert f"4{point}4761" in evaluation, (language, evaluation)
        wrong = {",", ".", NBSP} - {thousands}
        for other in wrong:
            assert f"1{other}296" not in evaluation, (language, other, evaluation)
        nxt = run_in(language, "next")
        assert f"1{thousands}296" in nxt, (language, nxt)


def test_json_has_no_separators_in_any_language():
    data = {language: json.loads(run_in(language, "--json", "evaluate")) for language in SEPARATORS}
    for d in data.values():
        d.pop("seconds")  # the time taken, the one figure that differs from run to run
    assert data["en"] == data["da"] == data["sv"], data
    assert data["en"]["secrets"] == 1296 and data["en"]["total"] == 5801, data


def test_scores_average_in_the_language():
    with temp_dir() as d:
        path = os.path.join(d, "s.db")
        run_piped("play", "--secret", "1234", "--player", "ann", "-f", path, input_text="1122\n1234\n")
        for language, (_, point) in SEPARATORS.items():
            text = run_in(language, "scores", "-f", path, "--player", "ann")
            assert f"2{point}00" in text, (language, text)


if __name__ == "__main__":
    main(dict(globals()))
