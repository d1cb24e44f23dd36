"""`solve` in a pseudo-terminal: the computer breaks a secret the test keeps. Answered truthfully
it wins within Knuth's bound; answered with lies, the contradiction is announced exactly when no
code fits any more, and the secret then names every lying row with the answer it should have had."""

import os
import re

from mmtest import all_codes, finish, main, score, spawn, temp_dir

KNUTH_WORST_CASE = 5
GUESS = re.compile(r"My guess (\d+): ((?:[1-6] ){3}[1-6])")


def pegs(black, white):
    return "B" * black + "W" * white + "." * (4 - black - white)


# Every answer format of the engine, used in turn.
FORMATS = [
    lambda b, w: f"{b} {w}",
    lambda b, w: f"{b}B{w}W",
    lambda b, w: pegs(b, w).lower(),
    lambda b, w: f"{b} bulls {w} cows",
    lambda b, w: "[!]" * b + "[~]" * w + "[ ]" * (4 - b - w),
]


class Game:
    """Plays the codemaker's side and keeps its own count of the codes still possible."""

    def __init__(self, child):
        self.child = child
        self.possible = all_codes()
        self.turn = 0

    def next_guess(self):
        self.child.expect(GUESS)
        number, guess = int(self.child.match.group(1)), self.child.match.group(2).replace(" ", "")
        assert number == self.turn + 1
        self.child.expect_exact("your answer> ")
        return guess

    def answer(self, guess, black, white):
        self.turn += 1
        self.child.sendline(FORMATS[self.turn % len(FORMATS)](black, white))
        self.possible = [c for c in self.possible if score(c, guess) == (black, white)]
        spaced = " ".join(guess)
        self.child.expect(rf"{self.turn}\.  {spaced}   \S+\s+(\d+) codes? left")
        assert int(self.child.match.group(1)) == len(self.possible), (self.child.match.group(0), len(self.possible))


def test_truthful_answers_win_within_five():
    secret = "3632"
    with temp_dir() as d:
        child = spawn("solve", "--player", "maker", "-f", os.path.join(d, "s.db"))
        child.expect_exact("Think of a secret code")
        game = Game(child)
        while True:
            guess = game.next_guess()
            if game.turn == 1:
                child.sendline("3 3")  # more pegs than there are: rejected, no turn used
                child.expect_exact("more than the 4 pegs")
                child.expect_exact("your answer> ")
                child.sendline("3 1")  # no code answers a guess like that: rejected with the reason
                child.expect_exact("your answer> ")
                wrong = (0, 0) if score(secret, guess) != (0, 0) else (1, 0)
                child.sendline(f"{wrong[0]} {wrong[1]}")  # a wrong answer, then taken back
                child.expect(r"codes? left")
                child.expect_exact("your answer> ")
                child.sendline("undo")
                child.expect_exact(f"Took back the answer '{pegs(*wrong)}' to guess {guess}.")
                child.expect(GUESS)
                child.expect_exact("your answer> ")
            black, white = score(secret, guess)
            game.answer(guess, black, white)
            if black == 4:
                break
        child.expect(r"I found your code in (\d) guess")
        assert int(child.match.group(1)) == game.turn <= KNUTH_WORST_CASE
        finish(child)


def play_with_lies(lie_turns, secret="3632"):
    """Answers truthfully except at `lie_turns` (1-based), then gives the secret; returns the lies
    as (turn, guess, answer given, true answer)."""
    with temp_dir() as d:
        child = spawn("solve", "--player", "maker", "-f", os.path.join(d, "s.db"))
        game = Game(child)
        lies = []
        while True:
            guess = game.next_guess()
            truth = score(secret, guess)
            answer = truth
            if game.turn + 1 in lie_turns:
                # The most plausible wrong answer: the one that leaves the most codes possible.
                options = {}
                for code in game.possible:
                    options[score(code, guess)] = options.get(score(code, guess), 0) + 1
                options.pop(truth, None)
                answer = max(options, key=options.get)
                lies.append((game.turn + 1, guess, answer, truth))
            game.answer(guess, *answer)
            assert answer != (4, 0), "the strategy should not find the code after a lie"
            if not game.possible:
                break
        assert len(lies) == len(lie_turns), "the contradiction came before every lie was told"
        # Announced at the very answer that left no code, not later.
        child.expect_exact("no code fits all of these answers")
        child.expect_exact("your secret> ")
        child.sendline(secret)
        if len(lies) > 1:
            child.expect_exact(f"{len(lies)} rows were answered wrongly.")
        for turn, guess, given, expected in lies:
            child.expect_exact(f"Row {turn} was answered wrongly: your secret {secret} answers the guess {guess} "
                               f"with '{pegs(*expected)}', not '{pegs(*given)}'.")
        finish(child)


def test_one_lie_is_caught_at_the_right_row():
    play_with_lies([2])


def test_every_lie_is_named_not_only_the_first():
    play_with_lies([1, 2])


def test_given_secret_plays_itself():
    with temp_dir() as d:
        child = spawn("solve", "--secret", "6611", "--player", "maker", "-f", os.path.join(d, "s.db"))
        child.expect_exact("Your secret is 6611")
        child.expect(r"I found your code in (\d) guess")
        assert int(child.match.group(1)) <= KNUTH_WORST_CASE
        finish(child)


def test_bulls_and_cows_words():
    with temp_dir() as d:
        child = spawn("solve", "--preset", "bulls", "--secret", "1234", "--player", "maker", "-f",
                      os.path.join(d, "s.db"))
        child.expect(r"\d bulls?, \d cows?")
        child.expect(r"I found your code in (\d) guess")
        finish(child)


if __name__ == "__main__":
    main(dict(globals()))
