#!/usr/bin/env python3
"""A consistent-random codebreaker for `mastermind arena` (docs/protocol.md).

Each guess is drawn at random from the codes that would have given every answer so far, so it
never wastes a guess on a code already ruled out. It plays one game at a time and reads the
board from each `game` line, so it plays every variant (repeats or not, any symbols).

    mastermind arena --breaker "python3 examples/breaker.py" --games 100
    mastermind arena --breaker "python3 examples/breaker.py 7"    # another random seed
"""

import itertools
import random
import sys


def score(secret, guess):
    """(black, white): right symbol in the right place, right symbol in the wrong place."""
    black = sum(s == g for s, g in zip(secret, guess))
    common = sum(min(secret.count(c), guess.count(c)) for c in set(guess))
    return black, common - black


def all_codes(pegs, symbols, repeats):
    made = itertools.product(symbols, repeat=pegs) if repeats else itertools.permutations(symbols, pegs)
    return ["".join(code) for code in made]


def send(*words):
    print(*words, flush=True)  # flush every line: the referee waits for it


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    games = {}  # game number -> (codes still possible, last guess)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "hello":
            send("ready")
        elif words[0] == "game":
            game = words[1]
            board = dict(zip(words[2::2], words[3::2]))  # pegs 4 colors 6 repeats yes ...
            codes = all_codes(int(board["pegs"]), board["symbols"], board["repeats"] == "yes")
            guess = rng.choice(codes)
            games[game] = (codes, guess)
            send("guess", game, guess)
        elif words[0] == "answer":
            game, answer = words[1], (int(words[2]), int(words[3]))
            codes, last = games[game]
            codes = [code for code in codes if score(code, last) == answer]
            guess = rng.choice(codes)
            games[game] = (codes, guess)
            send("guess", game, guess)
        elif words[0] == "end":
            games.pop(words[1], None)
        elif words[0] == "quit":
            return


if __name__ == "__main__":
    main()
