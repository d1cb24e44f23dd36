#!/usr/bin/env python3
"""End-to-end tests of playing saved decision trees (--tree), of the trees that ship with the
program (found beside the program in the build tree and when installed) and of the default
opponent: the real binary run through pipes, output, exit status and stderr checked.

Usage: tree_play_test.py BINARY CMAKE GROUP   (GROUP: one of the names in GROUPS below, or `all`)
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from groups import RUN_TIMEOUT, check, expect_error, expect_json, run, run_groups

USAGE = 64
DATA = 65
SHIPPED = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "data", "trees",
                       "p4c6r-d5.json")

BINARY = ""
CMAKE = ""


def watch_total(out):
    m = re.search(r"games of the (\S+(?: found)?) strategy on [a-z ]+: ([\d,]+) guesses in all", out)
    return (m.group(1), int(m.group(2).replace(",", ""))) if m else (None, None)


def test_engine_commands():
    """evaluate, hardest and next follow the tree; evaluate's default stays knuth."""
    e = expect_json("evaluate", "--tree", SHIPPED, "--json")
    check(e.get("total") == 5626 and e.get("max") == 5 and e.get("strategy") == "optimal" and e.get("secrets") == 1296,
          f"evaluate --tree: the shipped classic tree is 5626, worst 5: {e}")
    e = expect_json("evaluate", "--tree", SHIPPED, "--sample", "100", "--seed", "3", "--json")
    check(e.get("secrets") == 100 and e.get("max") <= 5, f"evaluate --tree --sample: {e}")
    e = expect_json("evaluate", "--json")
    check(e.get("total") == 5801 and e.get("strategy") == "knuth", f"evaluate keeps knuth as its default: {e}")
    h = expect_json("hardest", "--tree", SHIPPED, "-n", "3", "--json")
    games = h.get("hardest", [])
    check(len(games) == 3 and all(g["guesses"] == 5 and g["game"][-1]["guess"] == g["secret"] for g in games),
          f"hardest --tree: three secrets of five guesses, each game ending on it: {h}")
    with open(SHIPPED, encoding="utf-8") as f:
        root = json.load(f)["root"]
    first = "".join(str(c + 1) for c in root["guess"])
    n = expect_json("next", "--tree", SHIPPED, "--json")
    check(n.get("guess") == first and n.get("strategy") == "optimal", f"next --tree opens with the root {first}: {n}")
    n = expect_json("next", "--tree", SHIPPED, "1111=B...", "--json")
    check(n.get("strategy") == "knuth" and n.get("remaining") == 500, f"next off the tree, 500 codes: knuth: {n}")
    n = expect_json("next", "--tree", SHIPPED, "1111=B...", "2222=B...", "3333=B...", "--json")
    check(n.get("strategy") == "optimal" and n.get("remaining") <= 100, f"next off the tree, few codes: optimal: {n}")


def test_errors():
    with tempfile.TemporaryDirectory() as tmp:
        expect_error(["evaluate", "--tree", SHIPPED, "--strategy", "knuth"], USAGE, "--strategy does not go with it")
        expect_error(["solve", "--tree", SHIPPED, "--search", "sampled"], USAGE, "--search sampled")
        expect_error(["evaluate", "--tree", SHIPPED, "--max-depth", "5"], USAGE, "--max-depth")
        expect_error(["next", "--tree", os.path.join(tmp, "missing.json")], DATA, "cannot be read")
        expect_error(["watch", "--all", "--tree", tmp], DATA, "is a directory")
        bad = os.path.join(tmp, "bad.json")
        with open(bad, "w", encoding="utf-8") as f:
            f.write("{\"schema\": \"mastermind-decision-tree\", \"version\": 1")
        expect_error(["hardest", "--tree", bad], DATA, "bad.json")
        expect_error(["evaluate", "--tree", SHIPPED, "--rules", "p4c7r"], DATA, "not for p4c7r")
        expect_error(["play", "--tree", SHIPPED, "--preset", "bulls"], DATA, "not for p4c10n")
        # Deeper than -g: a warning, and the secrets beyond are lost.
        status, out, err = run("evaluate", "--tree", SHIPPED, "-g", "4", "--json")
        check(status == 0 and "warning" in err and "5 guesses" in err and err.count("\n") == 1,
              f"a tree deeper than -g warns: {status} {err!r}")
        check(status == 0 and json.loads(out).get("lost", 0) > 0, f"and counts the lost secrets: {out!r}")


def test_games():
    """solve and watch play the tree; play's and duel's hint follow it."""
    with tempfile.TemporaryDirectory() as tmp:
        small = os.path.join(tmp, "p3c4r-most-parts.json")
        status, _, _ = run("tree", "--rules", "p3c4r", "--strategy", "most-parts", "-o", small)
        check(status == 0, "a most-parts tree of p3c4r is written")
        e = expect_json("evaluate", "--rules", "p3c4r", "--strategy", "most-parts", "--json")
        status, out, _ = run("watch", "--all", "--rules", "p3c4r", "--tree", small)
        check(status == 0 and watch_total(out) == ("most-parts", e.get("total")),
              f"watch --all --tree: the tree's figures {e.get('total')}: {out[:300]!r}")
        status, out, _ = run("watch", "--secret", "3632", "--tree", SHIPPED)
        check(status == 0 and "optimal strategy breaks it" in out and "Found in" in out, f"watch --tree: {out!r}")
        status, out, _ = run("solve", "--secret", "3632", "--tree", SHIPPED, "--player", "p",
                             "-f", os.path.join(tmp, "s.db"))
        check(status == 0 and "optimal strategy" in out, f"solve --tree: {out!r}")
        status, out, _ = run("play", "--secret", "123", "--rules", "p3c4r", "--tree", small, "--player", "p",
                             "-f", os.path.join(tmp, "s.db"), input_text="hint\n123\n")
        check(status == 0 and "Hint: try" in out, f"play --tree: the tree's hint: {out!r}")
        status, out, _ = run("duel", "--rounds", "1", "--tree", SHIPPED, "-f", os.path.join(tmp, "s.db"),
                             input_text="a\nb\n1234\n1234\n1111\nhint\nquit\n")
        check(status == 0 and "Hint (knuth): try" in out, f"duel --tree: off the tree, knuth says so: {out!r}")


def test_default_opponent():
    """solve, watch and hint default to the optimal strategy where a tree ships or the search is
    quick, entropy elsewhere; --strategy always chooses; evaluate --strategy optimal and watch --all
    show the same figures."""
    status, out, _ = run("watch", "--all")
    check(status == 0 and watch_total(out) == ("optimal", 5626), f"classic: the shipped tree: {out[:200]!r}")
    status, out, _ = run("watch", "--all", "--strategy", "entropy")
    check(status == 0 and watch_total(out) == ("entropy", 5722), f"--strategy chooses: {out[:200]!r}")
    for rules in ("p3c4r", "p4c5r", "p2c5n"):
        e = expect_json("evaluate", "--strategy", "optimal", "--rules", rules, "--json")
        status, out, _ = run("watch", "--all", "--rules", rules)
        check(status == 0 and watch_total(out) == ("optimal", e.get("total")),
              f"{rules}: the optimal search, {e.get('total')} as evaluate says: {out[:200]!r}")
        check(f"{e.get('max')} at worst" in out, f"{rules}: the same worst case: {out[:200]!r}")
    e = expect_json("evaluate", "--rules", "p4c7r", "--strategy", "entropy", "--json")
    status, out, _ = run("watch", "--all", "--rules", "p4c7r")
    check(status == 0 and watch_total(out) == ("entropy", e.get("total")), f"p4c7r: entropy: {out[:200]!r}")
    status, out, _ = run("watch", "--secret", "3632", "--search", "sampled")
    check(status == 0 and "the entropy (sampled) strategy" in out, f"--search sampled: entropy: {out[:200]!r}")
    status, out, _ = run("watch", "--secret", "3632")
    check(status == 0 and "the optimal strategy" in out, f"classic watch: optimal: {out[:200]!r}")
    # Super Mastermind is open: its shipped tree is the best strategy found, and says so.
    super_tree = next((t for t in expect_json("tree", "--shipped", "--json") if t["rules"] == "p5c8r" and not t["hard"]), {})
    check(super_tree.get("proven") is False and super_tree.get("strategy") == "best found",
          f"the shipped Super Mastermind tree: {super_tree}")
    # Too many secrets to watch them all: random ones; the hardest, listed, open with the tree's
    # first guess.
    status, out, _ = run("watch", "--games", "20", "--seed", "1", "--preset", "super")
    games = re.findall(r"^  \d{5} \(\d+ guesses?\):  (\d{5}) ", out, flags=re.M)
    check(status == 0 and watch_total(out)[0] == "best found" and "20 games" in out and len(games) >= 3
          and set(games) == {"11223"},
          f"super: the shipped tree's games: {out[:300]!r}")
    status, out, _ = run("watch", "--preset", "super", "--secret", "12345")
    check(status == 0 and "the best found strategy breaks it" in out, f"super watch: {out[:200]!r}")
    # In hard mode its hard-mode optimum ships, proven, and plays every guess a code that could be
    # the secret (the game refuses any other in hard mode).
    hard_tree = next((t for t in expect_json("tree", "--shipped", "--json") if t["rules"] == "p5c8r" and t["hard"]), {})
    check(hard_tree.get("proven") is True and hard_tree.get("strategy") == "optimal",
          f"the shipped hard-mode Super Mastermind tree: {hard_tree}")
    status, out, _ = run("watch", "--preset", "super", "--hard", "--secret", "12345")
    check(status == 0 and "hard mode" in out and "the optimal strategy breaks it" in out,
          f"super watch --hard: {out[:200]!r}")


def test_installed():
    """cmake --install puts the program and its trees under a prefix; the installed program finds
    them there, MASTERMIND_DATA_DIR overrides, and a program without them falls back to entropy."""
    build = os.path.dirname(os.path.abspath(BINARY))
    with tempfile.TemporaryDirectory() as tmp:
        prefix = os.path.join(tmp, "prefix")
        proc = subprocess.run([CMAKE, "--install", build, "--prefix", prefix], capture_output=True, timeout=RUN_TIMEOUT)
        check(proc.returncode == 0, f"cmake --install: {proc.stderr!r}")
        installed = os.path.join(prefix, "bin", "mastermind")
        tree = os.path.join(prefix, "share", "mastermind", "trees", "p4c6r-d5.json")
        check(os.path.isfile(installed) and os.path.isfile(tree), "the program and the tree are installed")
        listing = expect_json("tree", "--shipped", "--json", binary=installed)
        check(len(listing) >= 1 and listing[0].get("path") == tree, f"found under the prefix: {listing}")
        status, out, _ = run("watch", "--all", binary=installed)
        check(status == 0 and watch_total(out) == ("optimal", 5626), f"installed: {out[:200]!r}")
        alone = os.path.join(tmp, "alone", "mastermind")
        os.makedirs(os.path.dirname(alone))
        shutil.copy(installed, alone)
        listing = expect_json("tree", "--shipped", "--json", binary=alone)
        check(listing and listing[0].get("path") is None, f"a lone program finds no tree: {listing}")
        status, out, _ = run("watch", "--all", binary=alone)
        check(status == 0 and watch_total(out) == ("entropy", 5722), f"and plays entropy: {out[:200]!r}")
        env = dict(os.environ, MASTERMIND_DATA_DIR=os.path.join(prefix, "share", "mastermind"))
        listing = expect_json("tree", "--shipped", "--json", binary=alone, env=env)
        check(listing and listing[0].get("path") == tree, f"MASTERMIND_DATA_DIR: {listing}")
    listing = expect_json("tree", "--shipped", "--json")
    check(listing and listing[0].get("path") == os.path.join(build, "share", "mastermind", "trees", "p4c6r-d5.json"),
          f"the build tree's program finds the copy beside it: {listing}")


GROUPS = {
    "tree_engine_commands": test_engine_commands,
    "tree_option_errors": test_errors,
    "tree_games": test_games,
    "default_opponent": test_default_opponent,
    "shipped_installed": test_installed,
}


def main():
    global BINARY, CMAKE
    BINARY, CMAKE, group = sys.argv[1], sys.argv[2], sys.argv[3]
    return run_groups(GROUPS, group, BINARY)


if __name__ == "__main__":
    sys.exit(main())
