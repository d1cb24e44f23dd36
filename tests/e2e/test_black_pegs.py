"""Black-peg rules (`--feedback black`, spelled `p4c6rb`) end to end: a player's game in a
pseudo-terminal answered with blacks only and ranked apart from the full game, the computer
breaking a code from typed numbers of hits, scoring, trees that refuse the other rule, and bad
values of the option. Every wait is for a state (a prompt, a line), never a sleep."""

import json
import os

from mmtest import EXIT_USAGE, all_codes, finish, main, run_piped, spawn, temp_dir

EXIT_DATA = 65


def hits(secret, guess):
    return sum(s == g for s, g in zip(secret, guess))


def test_a_player_breaks_a_code_with_blacks_alone_and_is_ranked_apart():
    with temp_dir() as d:
        db = os.path.join(d, "s.db")
        child = spawn("play", "--feedback", "black", "--seed", "11", "--player", "tester", "-f", db)
        child.expect_exact("4 pegs, 6 colours (1-6), repeats allowed, 10 guesses, black pegs only")
        possible = all_codes()
        rows = 0
        while True:
            child.expect(r"guess (\d+)/10> ")
            row, guess = int(child.match.group(1)), possible[0]
            child.sendline(guess)
            child.expect(rf"{row}\.  {' '.join(guess)}   ([B.]+)")
            answer = child.match.group(1)
            assert "W" not in answer
            rows = row
            if answer == "BBBB":
                break
            possible = [c for c in possible if hits(c, guess) == answer.count("B")]
        child.expect(rf"You broke the code {possible[0]} in {rows} guess")
        finish(child)
        listed = run_piped("scores", "--json", "-f", db)
        assert listed.returncode == 0, listed
        variants = json.loads(listed.stdout)["variants"]
        assert [v["rules"] for v in variants] == ["p4c6rb"], variants
        assert [(g["player"], g["guesses"]) for g in variants[0]["top"]] == [("tester", rows)], variants


def test_the_computer_breaks_a_code_from_numbers_of_hits():
    secret = "2213"
    with temp_dir() as d:
        solve_game(spawn("solve", "--rules", "p4c6rb", "--player", "maker", "-f", os.path.join(d, "s.db")), secret)


def solve_game(child, secret):
    possible = all_codes()
    turn = 0
    while True:
        child.expect(r"My guess (\d+): ((?:[1-6] ){3}[1-6])")
        turn += 1
        assert int(child.match.group(1)) == turn
        guess = child.match.group(2).replace(" ", "")
        child.expect_exact("your answer> ")
        n = hits(secret, guess)
        child.sendline(str(n) if turn % 2 else "B" * n + "." * (4 - n))
        if n == 4:
            break
        possible = [c for c in possible if hits(c, guess) == n]
        child.expect(rf"{turn}\.  {' '.join(guess)}   \S+\s+(\d+) codes? left")
        assert int(child.match.group(1)) == len(possible), (child.match.group(0), len(possible))
    finish(child)


def test_score_and_the_rules_spelling_agree():
    by_option = run_piped("score", "1234", "1243", "--feedback", "black")
    by_rules = run_piped("score", "1234", "1243", "--rules", "p4c6rb")
    assert by_option.returncode == 0 and by_rules.returncode == 0, (by_option, by_rules)
    assert by_option.stdout.decode().strip() == "BB.."
    assert by_rules.stdout == by_option.stdout
    numbers = run_piped("score", "1234", "1243", "--feedback", "black", "--style", "numbers")
    assert numbers.stdout.decode().strip() == "2"
    full = run_piped("score", "1234", "1243")
    assert full.stdout.decode().strip() == "BBWW"


def test_a_bad_feedback_rule_is_one_line_and_exit_64():
    for value in ("white", "", "blackk"):
        result = run_piped("score", "1234", "1243", "--feedback", value)
        assert result.returncode == EXIT_USAGE, result
        err = result.stderr.decode().strip()
        assert len(err.splitlines()) == 1 and "feedback" in err, err
        assert result.stdout == b""


def test_a_tree_of_one_rule_is_refused_under_the_other():
    with temp_dir() as d:
        black = os.path.join(d, "black.json")
        made = run_piped("tree", "--rules", "p3c3rb", "--strategy", "optimal", "-o", black)
        assert made.returncode == 0, made
        with open(black, encoding="utf-8") as f:
            tree = json.load(f)
        assert tree["rules"]["feedback"] == "black"
        played = run_piped("evaluate", "--rules", "p3c3rb", "--tree", black, "--json")
        assert played.returncode == 0, played
        assert json.loads(played.stdout)["total"] == tree["total"]
        refused = run_piped("evaluate", "--rules", "p3c3r", "--tree", black)
        assert refused.returncode == EXIT_DATA, refused
        assert len(refused.stderr.decode().strip().splitlines()) == 1, refused.stderr
        assert "p3c3rb" in refused.stderr.decode()
        assert refused.stdout == b""
        full = os.path.join(d, "full.json")
        assert run_piped("tree", "--rules", "p3c3r", "--strategy", "optimal", "-o", full).returncode == 0
        refused = run_piped("evaluate", "--feedback", "black", "--rules", "p3c3r", "--tree", full)
        assert refused.returncode == EXIT_DATA, refused
        assert len(refused.stderr.decode().strip().splitlines()) == 1, refused.stderr
        out = os.path.join(d, "copy.json")
        loaded = run_piped("tree", "--rules", "p3c3r", "--feedback", "black", "--load", full, "-o", out)
        assert loaded.returncode == EXIT_DATA, loaded
        assert not os.path.exists(out), "nothing written"


def test_evaluate_reports_the_black_peg_optimum_under_both_objectives():
    average = json.loads(run_piped("evaluate", "--rules", "p3c3rb", "--strategy", "optimal", "--json").stdout)
    worst = json.loads(run_piped("evaluate", "--rules", "p3c3rb", "--strategy", "optimal", "--objective", "worst",
                                 "--json").stdout)
    full = json.loads(run_piped("evaluate", "--rules", "p3c3r", "--strategy", "optimal", "--json").stdout)
    assert average["secrets"] == worst["secrets"] == 27
    assert average["total"] <= worst["total"]
    assert worst["max"] <= average["max"]
    assert average["total"] > full["total"], "blacks alone tell less"
    assert average["rules"] == worst["rules"] == "p3c3rb"
    assert worst["objective"] == "worst" and worst["proven"]


if __name__ == "__main__":
    main(globals())
