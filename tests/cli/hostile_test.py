#!/usr/bin/env python3
"""Hostile command lines: every subcommand with options and values drawn from a list of
troublemakers (negative, huge, octal-looking, empty, 100 KB, control characters, unknown
names), combined at random from a fixed seed. Whatever the combination, the program must end
by itself with a status it documents (0, 1, 64, 65, 73 or 74), never by a signal; a usage error
is exactly one line on stderr; nothing is written to the user's files (HOME is a temporary
directory). Input is empty, so the game subcommands meet end of input at once.

Usage: hostile_test.py BINARY [COUNT]
"""

import os
import random
import subprocess
import sys
import tempfile

DOCUMENTED = {0, 1, 64, 65, 73, 74}
USAGE = 64
RUN_TIMEOUT = 60
# The fixed seed makes every run try the same command lines.
SEED = 20261122
MAX_ERROR_LINE = 300

SUBCOMMANDS = ["", "score", "evaluate", "hardest", "next", "bench", "play", "solve", "duel", "watch", "scores", "rules",
               "help", "foo"]
OPTIONS = ["-p", "-c", "-g", "--pegs", "--colors", "--guesses", "--rules", "--preset", "--alphabet", "--style",
           "--strategy", "--seed", "-j", "--sample", "-n", "--games", "--rounds", "--secret", "--player", "-f",
           "--color", "--json", "--all", "--repeats", "--no-repeats", "--no-color", "--version", "--help"]
VALUES = ["-1", "0", "1", "2", "4", "010", "09", "0x10", "1e3", "1.5", "+3", " 3", "", "   ",
          "99999999999999999999", "18446744073709551616", "4294967297", "p4c6r", "p10c20r", "p0c0r", "P5C8N-G12",
          "classic", "bulls", "super", "nope", "RGYPWB", "ÄÖÜßéè", "knuth", "optimal", "entropy", "1234", "1122",
          "0123", "BBW.", "1122=B...", "1122=", "=B", "\x1b[2J", "a\tb", "x" * 100_000, "-", "--", "always", "never"]
SLOW_BOARDS = ("p10c20r", "99999999999999999999", "18446744073709551616", "4294967297", "x" * 100_000)


def command_line(rng):
    args = [rng.choice(SUBCOMMANDS)]
    for _ in range(rng.randint(0, 4)):
        option = rng.choice(OPTIONS)
        args.append(option)
        if rng.random() < 0.8:
            args.append(rng.choice(VALUES))
    if args[0] in ("score", "next") and rng.random() < 0.7:
        args += rng.sample(VALUES, 2)
    # Whole evaluations of big boards are slow by nature, not hostile: keep them small.
    if args[0] in ("evaluate", "hardest", "watch", "bench") and not any(a in SLOW_BOARDS for a in args):
        args += ["--rules", "p3c3r"]
    return [a for a in args if a != ""] if rng.random() < 0.5 else args


def main():
    binary = os.path.abspath(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    rng = random.Random(SEED)
    failures = []
    with tempfile.TemporaryDirectory(prefix="mm-hostile-") as home:
        env = dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, "data"), NO_COLOR="1")
        for _ in range(count):
            args = [a for a in command_line(rng)]
            if args and args[0] == "":
                args = args[1:]
            shown = " ".join(a if len(a) < 40 else a[:20] + "…" for a in args)
            try:
                # In the temporary home: a relative file name among the hostile values (-f ' 3')
                # lands there, never in the directory the test was started from.
                proc = subprocess.run([binary, *args], stdin=subprocess.DEVNULL, capture_output=True, env=env,
                                      cwd=home, timeout=RUN_TIMEOUT)
            except subprocess.TimeoutExpired:
                failures.append(f"{shown!r}: no end within {RUN_TIMEOUT} s")
                continue
            status = proc.returncode
            err = proc.stderr.decode("utf-8", "replace")
            if status < 0 or status not in DOCUMENTED:
                failures.append(f"{shown!r}: status {status}, stderr {err[:200]!r}")
            elif status == USAGE and (err.count("\n") != 1 or len(err) > MAX_ERROR_LINE):
                failures.append(f"{shown!r}: usage error not one short line: {err[:300]!r}")
    for f in failures:
        print("FAIL:", f)
    print(f"{count - len(failures)} passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
