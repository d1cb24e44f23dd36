#!/usr/bin/env python3
"""A scorer for `mastermind arena --scorer` (docs/protocol.md) with a DELIBERATE BUG, the one
students make most: a guess's symbol that is in the secret but in another place earns a white
peg every time it appears, however often the secret holds it. With no symbol twice in a code it
is right; with duplicates it is wrong, and the arena's worked examples catch it:

    mastermind arena --scorer "python3 examples/buggy_scorer.py"

reports, among others, the Danish course text's 1213 against 1224: expected 2 black, got 2
black and 1 white. The right rule counts, for each symbol, the smaller of its numbers in the
secret and in the guess, and takes the blacks away from that sum (see breaker.py's score).
"""

import sys


def buggy_score(secret, guess):
    black = sum(s == g for s, g in zip(secret, guess))
    white = sum(1 for s, g in zip(secret, guess) if s != g and g in secret)  # the bug
    return black, white


def main():
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "hello":
            print("ready", flush=True)
        elif words[0] == "score":
            request, secret, guess = words[1], words[2], words[3]
            black, white = buggy_score(secret, guess)
            print("answer", request, black, white, flush=True)
        elif words[0] == "quit":
            return
        # `rules` needs nothing here: the codes come written out.


if __name__ == "__main__":
    main()
