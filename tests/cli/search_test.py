#!/usr/bin/env python3
"""--search: exact, sampled and auto, on boards the exact search takes and on those it cannot
list (p8c8r has 16.7 million codes, p10c20r ten trillion). The computer must break codes on
every board with the sampled search, and refuse plainly where the exact one cannot go.

Usage: search_test.py BINARY
"""

import json
import os
import subprocess
import sys
import tempfile

USAGE = 64
# A big board, a seed whose watched game needs more than ten guesses, and the board's default
# limit (pegs + colours/2).
BIG_BOARD, BIG_BOARD_SEED, BIG_BOARD_LIMIT = "p10c20r", "3", 20
RUN_TIMEOUT = 120
failures = []


def run(binary, *args, stdin=""):
    proc = subprocess.run([binary, *args], input=stdin.encode(), capture_output=True, timeout=RUN_TIMEOUT)
    return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f"FAIL: {what}")


def score(secret, guess):
    black = sum(s == g for s, g in zip(secret, guess))
    common = sum(min(secret.count(c), guess.count(c)) for c in set(guess))
    return black, common - black


def check_search_reported(binary):
    """--search sampled is honoured without a sample too (every secret played by the sampled
    codebreaker), and evaluate and watch --all say which search ran, in text and JSON."""
    for search, expected in (("sampled", "sampled"), ("auto", "exact"), ("exact", "exact")):
        status, out, err = run(binary, "--rules", "p3c4r", "--search", search, "--json", "evaluate")
        check(status == 0, f"evaluate p3c4r --search {search}: {status} {err!r}")
        if status == 0:
            e = json.loads(out)
            check(e["search"] == expected and e["secrets"] == 64 and e["sampled"] is False and e["lost"] == 0,
                  f"evaluate p3c4r --search {search}: {e}")
        status, out, err = run(binary, "--rules", "p3c4r", "--search", search, "evaluate")
        check(status == 0 and f"\nsearch    {expected}\n" in out, f"evaluate text --search {search}: {status} {out!r}")
    status, out, err = run(binary, "--rules", "p3c4r", "--search", "sampled", "--seed", "2", "--json", "evaluate",
                           "--sample", "5")
    check(status == 0 and json.loads(out)["search"] == "sampled", f"evaluate --sample --search sampled: {out!r}")
    status, out, err = run(binary, "--strategy", "optimal", "--search", "sampled", "evaluate")
    check(status == USAGE and "--search sampled" in err and err.count("\n") == 1,
          f"optimal with --search sampled: {status} {err!r}")
    with tempfile.TemporaryDirectory(prefix="mm-search-") as d:
        scores = os.path.join(d, "s.db")
        for search, expected in (("sampled", "sampled"), ("auto", "exact")):
            common = ("--rules", "p3c4r", "--search", search, "-f", scores, "--player", "t")
            status, out, err = run(binary, *common, "watch", "--all")
            check(status == 0 and f"Search: {expected}." in out, f"watch --all --search {search}: {status} {out!r}")
            status, out, err = run(binary, *common, "--json", "watch", "--all")
            check(status == 0 and json.loads(out)["search"] == expected and json.loads(out)["secrets"] == 64,
                  f"watch --all --json --search {search}: {status} {out!r} {err!r}")


def check_big_board_limit(binary):
    """A big board's default guess limit is its own (rules.hpp), enough for the watched game: this
    seed's game needs more than the classic 10 guesses."""
    with tempfile.TemporaryDirectory(prefix="mm-search-") as d:
        scores = os.path.join(d, "s.db")
        status, out, err = run(binary, "--rules", BIG_BOARD, "--search", "sampled", "--seed", BIG_BOARD_SEED, "watch",
                               "--delay", "0", "-f", scores, "--player", "t")
        found = [line for line in out.splitlines() if line.startswith("Found in")]
        check(status == 0 and f"{BIG_BOARD_LIMIT} guesses" in out and found,
              f"watch {BIG_BOARD} with the default limit: {status} {out[-400:]!r} {err!r}")
        if found:
            needed = int(found[0].split()[2])
            check(10 < needed <= BIG_BOARD_LIMIT, f"watch {BIG_BOARD} needed {needed} guesses")


def main():
    binary = os.path.abspath(sys.argv[1])

    # next on a board too big to list: auto picks the sampled search and says it cannot count.
    status, out, err = run(binary, "--rules", "p10c20r", "--json", "next")
    check(status == 0, f"next p10c20r: status {status}, {err!r}")
    if status == 0:
        answer = json.loads(out)
        check(answer["strategy"] == "knuth (sampled)", f"next p10c20r names the search: {answer}")
        check(answer["remaining_exact"] is False and answer["remaining"] > 100_000, f"next p10c20r count: {answer}")
        check(len(answer["guess"]) == 10, f"next p10c20r guess: {answer}")

    # A game of next calls on p8c8r, answered by the rule itself, ends in a win.
    secret = "31415926"[:8].replace("9", "1")
    turns = []
    won = False
    for _ in range(30):
        status, out, err = run(binary, "--rules", "p8c8r", "--json", "next", *turns)
        if status != 0:
            check(False, f"next p8c8r after {len(turns)} turns: status {status}, {err!r}")
            break
        guess = json.loads(out)["guess"]
        b, w = score(secret, guess)
        if b == 8:
            won = True
            break
        turns.append(f"{guess}={b} {w}".replace(" ", ","))
    check(won, f"next p8c8r never found {secret}: {turns}")

    # solve with the secret given plays the whole game and wins on big boards.
    with tempfile.TemporaryDirectory(prefix="mm-search-") as d:
        scores = os.path.join(d, "s.db")
        for rules, code, limit in (("p8c8r", "12345678", "12"), ("p10c20r", "ABCDEFGHIJ", "30")):
            status, out, err = run(binary, "--rules", rules, "-g", limit, "solve", "--secret", code, "-f", scores,
                                   "--player", "t")
            check(status == 0 and "I found your code" in out, f"solve {rules}: status {status}, {out[-300:]!r} {err!r}")

        # hint and left in play on a big board: a suggestion and an honest "more than".
        status, out, err = run(binary, "--rules", "p9c12n", "play", "--secret", "ABCDEFGHI", "-f", scores,
                               "--player", "t", stdin="hint\nleft\nquit\n")
        check(status == 0 and "Hint: try" in out and "More than 100,000 codes are possible" in out,
              f"play p9c12n hint/left: {status} {out[-400:]!r} {err!r}")

    # The exact search refuses what it cannot list, pointing at the sampled one; bad names are usage errors.
    status, out, err = run(binary, "--rules", "p10c20r", "--search", "exact", "next")
    check(status == USAGE and "--search sampled" in err and err.count("\n") == 1, f"exact on p10c20r: {status} {err!r}")
    status, out, err = run(binary, "--search", "fast", "next")
    check(status == USAGE and "exact, sampled or auto" in err, f"bad search mode: {status} {err!r}")
    # On the classic board auto is exact: Knuth's opening.
    status, out, err = run(binary, "--search", "auto", "next")
    check(status == 0 and "1122" in out, f"auto on classic: {status} {out!r}")
    status, out, err = run(binary, "--search", "sampled", "--json", "next")
    check(status == 0 and json.loads(out)["strategy"] == "knuth (sampled)", f"sampled on classic: {status} {out!r}")

    # evaluate, hardest and watch --games take any board with a sample, game by game, the same
    # for the same seed; without a sample (or watch --all) such a board is refused, naming the way.
    args = ("--rules", "p10c20r", "-g", "30", "--seed", "3", "--json", "evaluate", "--sample", "2")
    first, second = run(binary, *args), run(binary, *args)
    check(first[0] == 0, f"evaluate --sample on p10c20r: {first}")
    if first[0] == 0:
        e = json.loads(first[1])
        check(e["secrets"] == 2 and e["lost"] == 0, f"evaluate --sample on p10c20r: {e}")
        check(json.loads(second[1])["total"] == e["total"], f"evaluate --sample by seed: {first[1]} {second[1]}")
    status, out, err = run(binary, "--rules", "p10c20r", "evaluate")
    check(status == USAGE and "--sample" in err and err.count("\n") == 1, f"evaluate p10c20r unsampled: {status} {err!r}")
    status, out, err = run(binary, "--rules", "p9c12n", "--search", "exact", "evaluate", "--sample", "2")
    check(status == USAGE and err.count("\n") == 1, f"exact evaluate p9c12n: {status} {err!r}")
    status, out, err = run(binary, "--rules", "p8c8r", "--seed", "1", "hardest", "--sample", "3", "-n", "1")
    check(status == 0 and "the hardest of 3 sampled secrets" in out, f"hardest --sample p8c8r: {status} {out!r} {err!r}")
    with tempfile.TemporaryDirectory(prefix="mm-search-") as d:
        scores = os.path.join(d, "s.db")
        status, out, err = run(binary, "--rules", "p9c12n", "watch", "--games", "2", "-f", scores, "--player", "t")
        check(status == 0 and "2 games of the" in out, f"watch --games p9c12n: {status} {out[-300:]!r} {err!r}")
        status, out, err = run(binary, "--rules", "p9c12n", "watch", "--all", "-f", scores, "--player", "t")
        check(status != 0 and "--games N" in err, f"watch --all p9c12n: {status} {err!r}")

    check_search_reported(binary)
    check_big_board_limit(binary)

    print(f"{0 if failures else 1} passed, {1 if failures else 0} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
