#!/usr/bin/env python3
"""End-to-end tests of the engine side of the `mastermind` command line: the real binary run
through pipes, its output, exit status and stderr checked.

Usage: cli_test.py BINARY GROUP   (GROUP: one of the names in GROUPS below, or `all`)
Only the standard library: subprocess for the runs, pty for the progress line.
"""

import json
import os
import re
import subprocess
import sys
import tempfile

from groups import run_with_stderr_on_terminal

USAGE = 64
FAILURE = 1
# sysexits.h's EX_IOERR: an output channel could not be written.
OUTPUT_ERROR = 74
# A run slower than this shows a progress line on a terminal (see engine_support.cpp).
PROGRESS_DELAY = 1.0
RUN_TIMEOUT = 60
# The progress run is slow on purpose, and much slower under sanitizers.
PROGRESS_TIMEOUT = 600

BINARY = ""
failures = []


def run(*args, stdin=subprocess.DEVNULL):
    """Runs the binary with `args`; returns (status, stdout, stderr) as text."""
    proc = subprocess.run([BINARY, *args], stdin=stdin, capture_output=True, timeout=RUN_TIMEOUT)
    return (proc.returncode, proc.stdout.decode("utf-8", "replace"),
            proc.stderr.decode("utf-8", "replace"))


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f"FAIL: {what}")


def expect_output(args, pattern):
    """Status 0, nothing on stderr, stdout matching `pattern` (a regular expression)."""
    status, out, err = run(*args)
    ok = status == 0 and err == "" and re.search(pattern, out) is not None
    check(ok, f"{args!r}: expected /{pattern}/, got status {status}, out {out!r}, err {err!r}")
    return out


def expect_json(args):
    status, out, err = run(*args)
    check(status == 0 and err == "", f"{args!r}: status {status}, err {err!r}")
    try:
        return json.loads(out)
    except ValueError:
        check(False, f"{args!r}: not JSON: {out!r}")
        return {}


def expect_error(args, pattern, status_wanted=USAGE):
    """The wanted status, nothing on stdout, exactly one line on stderr that matches."""
    status, out, err = run(*args)
    lines = err.splitlines()
    ok = (status == status_wanted and out == "" and len(lines) == 1 and err.endswith("\n")
          and lines[0].startswith("mastermind: ") and re.search(pattern, lines[0]) is not None)
    check(ok, f"{args!r}: expected status {status_wanted} and one line /{pattern}/, "
              f"got status {status}, out {out!r}, err {err!r}")
    return err


def test_score():
    # The worked examples of the source documents.
    for secret, guess, answer in [("2532", "3523", "BWW."), ("3632", "1122", "B..."),
                                  ("3632", "1344", "W..."), ("3632", "3526", "BWW."),
                                  ("3632", "1462", "BW.."), ("3632", "3632", "BBBB")]:
        expect_output(["score", secret, guess], f"^{re.escape(answer)}\n$")
        expect_output(["score", guess, secret], f"^{re.escape(answer)}\n$")
    for secret, guess, boxes in [("2154", "1111", "[!][ ][ ][ ]"), ("2154", "1234", "[!][~][~][ ]"),
                                 ("2154", "4152", "[!][!][~][~]"), ("3736", "1311", "[~][ ][ ][ ]")]:
        expect_output(["-c", "8", "--style", "boxes", "score", secret, guess], f"^{re.escape(boxes)}\n$")
    for secret, guess, answer in [("1213", "1224", "BB.."), ("1213", "1112", "BBW."), ("4123", "4444", "B...")]:
        expect_output(["--preset", "dk", "score", secret, guess], f"^{re.escape(answer)}\n$")
    expect_output(["--preset", "bulls", "score", "1234", "1437"], r"^2 bulls, 1 cow\n$")
    expect_output(["--preset", "bulls", "score", "1234", "2437"], r"^1 bull, 2 cows\n$")
    check(expect_json(["score", "2532", "3523", "--json"]) == {"black": 1, "white": 2}, "score --json")
    check(expect_json(["--preset", "bulls", "score", "--json", "1234", "1437"]) == {"black": 2, "white": 1},
          "bulls score --json")
    expect_output(["score", "2532", "3523", "--style", "numbers"], r"^1 2\n$")
    expect_output(["--preset", "bulls", "--style", "pegs", "score", "1234", "1437"], r"^BBW\.\n$")
    # Options before the subcommand, between its arguments and after them mean the same.
    for args in (["-p", "3", "score", "123", "321"], ["score", "-p", "3", "123", "321"],
                 ["score", "123", "321", "--pegs", "3"], ["score", "123", "-p3", "321"]):
        expect_output(args, r"^BWW\n$")
    expect_output(["--rules", "p5c8r", "score", "12345", "54321"], r"^BWWWW\n$")
    expect_output(["--alphabet", "RGYPWB", "score", "R G Y B", "(b,y,g,r)"], r"^WWWW\n$")
    # Scoring works on boards far beyond the solver's.
    expect_output(["-p", "10", "-c", "20", "score", "ABCDEFGHIJ", "JIHGFEDCBA"], r"^WWWWWWWWWW\n$")


def test_usage_errors():
    expect_error(["--bogus"], r"--bogus")
    expect_error(["score", "1234", "1234", "--bogus"], r"--bogus")
    expect_error(["frobnicate"], r"frobnicate")
    expect_error(["-p", "0", "score", "1", "1"], r"-p/--pegs: expected a whole number from 1 to 10, got '0'")
    expect_error(["-c", "21", "score", "1111", "1111"], r"-c/--colors: expected a whole number from 2 to 20, got '21'")
    expect_error(["--no-repeats", "-c", "3", "-p", "4", "score", "123", "123"], r"colours")
    expect_error(["-g", "0", "score", "1111", "1111"], r"guesses")
    expect_error(["-p", "abc", "score", "1", "1"], r"pegs")
    expect_error(["--rules", "p4x6", "score", "1111", "1111"], r"p4x6")
    expect_error(["--preset", "chess", "score", "1111", "1111"], r"chess")
    expect_error(["--alphabet", "RGB", "score", "RGB", "RGB"], r"alphabet")
    expect_error(["--alphabet", "RGYPWR", "score", "RGYP", "RGYP"], r"alphabet")
    expect_error(["--alphabet", "RGYPWr", "score", "RGYP", "RGYP"], r"alphabet")
    expect_error(["--alphabet", "RG,PWB", "score", "RGPB", "RGPB"], r"alphabet")
    expect_error(["score", "123", "1234"], r"expected 4 pegs, got 3")
    expect_error(["score", "1234", "1237"], r"'7' is not a colour here: use 1-6")
    expect_error(["--preset", "bulls", "score", "1123", "1234"], r"repeat")
    expect_error(["score", "", "1234"], r"empty")
    expect_error(["score", "1234"], r"GUESS")
    expect_error(["score", "1234", "1234", "1234"], r"1234")
    expect_error(["--style", "stars", "score", "1234", "1234"], r"stars")
    expect_error(["--color", "sometimes", "score", "1234", "1234"], r"sometimes")
    expect_error(["--strategy", "psychic", "next"], r"psychic")
    # An empty value is a mistake, not a request for the default.
    expect_error(["--strategy", "", "next"], r"--strategy: '' is not a strategy")
    # An empty file name would send the games to a temporary database and lose them.
    for args in (["-f", "", "play"], ["play", "--scores-file", ""], ["-f", ""], ["scores", "-f", ""]):
        expect_error(args, r"--scores-file: expected a file name, got nothing")
    expect_error(["--seed", "-1", "next"], r"seed")
    expect_error(["--seed", "x", "next"], r"seed")
    expect_error(["-j", "-1", "evaluate"], r"threads")
    expect_error(["hardest", "-n", "many"], r"many")
    expect_error(["hardest", "-n", "0"], r"from 1 to")
    expect_error(["evaluate", "--sample", "0"], r"sample")
    # Larger than the solver takes, or too large to evaluate whole.
    expect_error(["-p", "6", "-c", "20", "--search", "exact", "next"], r"more than the exact search takes")
    expect_error(["-p", "6", "-c", "20", "evaluate"], r"more than the exact search takes")
    expect_error(["--rules", "p6c8r", "evaluate"], r"--sample")


def test_escaping():
    for args in (["score", "12\x1b[31m3", "1234"], ["score", "1234", "1234", "--bo\x07gus\x1b]0;x"],
                 ["--preset", "a\nb\rc\td", "score", "1", "1"], ["next", "1122=B\x1b[2J"],
                 ["--alphabet", "\x01\x02\x03\x04\x05\x06", "score", "1", "1"], ["score", "12\x9b3", "1234"]):
        err = expect_error(args, r"")
        check(not any(ord(c) < 0x20 for c in err[:-1]) and "\x1b" not in err and "\x7f" not in err,
              f"{args!r}: control characters in {err!r}")
        check("\\x" in err or "\\n" in err or "\\t" in err, f"{args!r}: no escape shown in {err!r}")


# Every numeric option: (arguments before the value, arguments after it, how the message names the
# option, smallest value, largest value). Only bad values are given, so nothing runs for long.
MAX_U64 = 2**64 - 1
SOLVER_CODES = 2**24
NUMERIC_OPTIONS = [
    ([], ["score", "1", "1"], "-p", "-p/--pegs", 1, 10),
    ([], ["score", "1", "1"], "--pegs", "-p/--pegs", 1, 10),
    ([], ["score", "1", "1"], "-c", "-c/--colors", 2, 20),
    ([], ["score", "1", "1"], "--colours", "-c/--colors", 2, 20),
    ([], ["score", "1", "1"], "-g", "-g/--guesses", 1, 50),
    ([], ["next"], "--seed", "--seed", 0, MAX_U64),
    ([], ["next"], "-j", "-j/--threads", 0, 1024),
    (["evaluate"], [], "--sample", "--sample", 1, SOLVER_CODES),
    (["hardest"], [], "-n", "-n/--count", 1, SOLVER_CODES),
    (["hardest"], [], "--sample", "--sample", 1, SOLVER_CODES),
    (["duel"], [], "--rounds", "--rounds", 1, 100),
    (["watch"], [], "--games", "--games", 1, SOLVER_CODES),
    (["scores"], [], "-n", "-n", 1, 1000000),
]
# Not decimal whole numbers, or too large for any 64-bit type.
NOT_NUMBERS = ["-1", "-5", "99999999999999999999", str(2**64), "0x10", "+5", " 5", "5 ", "1e3", "1.0",
               "\u0665", "5x", "many"]


def test_strict_numbers():
    """Every numeric option is read the same strict way: decimal, in range, else one short line
    with the range in words and status 64."""
    for before, after, option, label, low, high in NUMERIC_OPTIONS:
        bad = NOT_NUMBERS + [str(high + 1)] + ([str(low - 1)] if low > 0 else [])
        for value in bad:
            shown = re.escape(value.strip() and value[:20])
            expect_error([*before, option, value, *after],
                         rf"^mastermind: {re.escape(label)}: expected a whole number from {low} to {high}, "
                         rf"got '{shown}")
        expect_error([*before, option, "", *after], rf"{re.escape(label)}: expected .* got nothing$")
    # A leading zero is decimal: 010 is ten, not eight, and 09 is nine.
    expect_output(["-p", "010", "-c", "2", "score", "1" * 10, "1" * 10], r"^B{10}\n$")
    check(evaluation("-p", "2", "-c", "2", "-g", "012").get("max_guesses") == 12, "-g 012")
    check(evaluation("-p", "2", "-c", "2", "-g", "09").get("max_guesses") == 9, "-g 09")
    check(evaluation("-p", "1", "-c", "010").get("secrets") == 10, "-c 010")
    check(evaluation("--sample", "010", "--seed", "1").get("secrets") == 10, "--sample 010")
    check(without_seconds(evaluation("--sample", "20", "--seed", "007"))
          == without_seconds(evaluation("--sample", "20", "--seed", "7")), "--seed 007 is --seed 7")
    check(evaluation("-j", "01", "-p", "2", "-c", "3").get("secrets") == 9, "-j 01")
    check(len(logical_lines(expect_output(["hardest", "-n", "03"], r"the first 3\s+in code order"))) == 4, "hardest -n 03")
    # The ends of the ranges are accepted.
    expect_output(["--seed", str(MAX_U64), "next"], r"next guess")
    expect_output(["--seed", "0", "-j", "0", "next"], r"next guess")
    expect_output(["-p", "10", "-c", "20", "-g", "50", "score", "A" * 10, "A" * 10], r"^B{10}\n$")


def test_long_input():
    """A pasted megabyte is not echoed back: a message cuts what it quotes and stays one short line."""
    big = "7" * 100_000
    spaced = "1 " * 50_000
    for args in (["--strategy", big, "next"], ["-p", big, "next"], ["--seed", big, "next"],
                 ["hardest", "-n", big], ["score", big, "1234"], ["score", spaced, "1234"],
                 ["score", "1234", "1234", big], ["--" + big], [big], ["--color", big, "next"],
                 ["--preset", big, "next"], ["--rules", big, "next"], ["--alphabet", big, "next"],
                 ["--style", big, "next"], ["next", "1122=" + big], ["next", big],
                 ["score", "1", "1", *spaced.split()[:5000]]):
        err = expect_error(args, r"")
        check(len(err) < 300 and "\u2026" in err, f"{args[0][:20]!r}...: {len(err)} bytes: {err[:400]!r}")
    # What is cut keeps the reason that follows it.
    expect_error(["score", big, "1234"], r"^mastermind: secret '7{40}\u2026': '7' is not a colour here")


def test_version_help():
    expect_output(["--version"], r"^mastermind 0\.1\.0\n$")
    out = expect_output(["--help"], r"Usage: mastermind")
    for word in ("score", "evaluate", "hardest", "next", "bench", "--preset", "--rules", "--pegs",
                 "--colors", "--no-repeats", "--guesses", "--alphabet", "--style", "--color", "--no-color",
                 "--seed", "--strategy", "--threads", "--json"):
        check(word in out, f"--help lacks {word}")
    expect_output(["score", "--help"], r"SECRET")
    expect_output(["evaluate", "-h"], r"--sample")


def test_no_arguments():
    status, _, _ = run()
    check(status == 0, f"no arguments: status {status}")
    # A result that cannot be written is a failure, not a silent success.
    if not os.path.exists("/dev/full"):
        return
    with open("/dev/full", "wb") as full:
        proc = subprocess.run([BINARY, "score", "1111", "1111"], stdout=full, stderr=subprocess.PIPE,
                              timeout=RUN_TIMEOUT)
    check(proc.returncode == 74 and len(proc.stderr.splitlines()) == 1, f"stdout full: {proc.returncode}")


def run_channels(args, stdout, stderr):
    """Runs the binary with stdout and stderr each "pipe" (captured), "full" (/dev/full) or
    "closed"; returns (status, stdout, stderr), a channel not captured read as ""."""
    closed = [fd for fd, how in ((1, stdout), (2, stderr)) if how == "closed"]

    def close_channels():
        for fd in closed:
            os.close(fd)

    with open("/dev/full", "wb") as full:
        target = {"pipe": subprocess.PIPE, "full": full, "closed": subprocess.DEVNULL}
        proc = subprocess.run([BINARY, *args], stdin=subprocess.DEVNULL, stdout=target[stdout],
                              stderr=target[stderr], preexec_fn=close_channels, timeout=RUN_TIMEOUT)
    text = [(b or b"").decode("utf-8", "replace") for b in (proc.stdout, proc.stderr)]
    return proc.returncode, text[0], text[1]


def test_lost_output():
    """Output that cannot be written ends in status 74, never in a crash, whichever channel is gone
    and whether the run was a success, a usage error, the help or a game."""
    if not os.path.exists("/dev/full"):
        return
    cases = [
        # (arguments, stdout, stderr, what the one line on stderr says when it is captured)
        (["score", "1234"], "pipe", "full", None),  # a usage error, stderr full
        (["score", "1234", "1234"], "full", "full", None),  # the result and its error both lost
        (["--bogus"], "pipe", "closed", None),  # a usage error, stderr closed
        (["rules"], "closed", "closed", None),  # a game subcommand, both closed
        (["rules"], "closed", "pipe", r"cannot write"),  # stdout closed: told on stderr
        (["--help"], "full", "pipe", r"cannot write"),  # help that never arrived
        (["--version"], "full", "pipe", r"cannot write"),
        (["score", "--help"], "full", "pipe", r"cannot write"),
        (["--json", "evaluate"], "full", "full", None),
        # More than a buffer's worth: the write fails while the command still prints.
        (["hardest", "-n", "1296"], "full", "pipe", r"cannot write"),
        (["hardest", "-n", "1296"], "full", "closed", None),
        (["next", "1122=BBBB", "1111=B..."], "pipe", "full", None),  # the contradiction untold
        (["play", "--secret", "1234"], "full", "pipe", r"cannot write"),
        (["play", "--secret", "1234"], "closed", "closed", None),
        ([], "closed", "closed", None),  # the start menu
    ]
    for args, out, err, told in cases:
        status, _, text = run_channels(args, out, err)
        check(status == OUTPUT_ERROR, f"{args!r} stdout {out}, stderr {err}: status {status}, stderr {text!r}")
        if told is not None:
            lines = text.splitlines()
            check(len(lines) == 1 and re.search(told, lines[0]) is not None,
                  f"{args!r}: expected one line /{told}/ on stderr, got {text!r}")
    # Output written in full is not an error merely because stderr is gone.
    for err in ("closed", "full"):
        status, out, _ = run_channels(["score", "1234", "1234"], "pipe", err)
        check(status == 0 and out == "BBBB\n", f"stderr {err}, stdout fine: {status} {out!r}")


# With this set, the binary ends its run with `mastermind: threads used: N` on stderr: the threads
# that took part in parallel work, counted as they join (the run's executor, run/executor.hpp).
REPORT_THREADS = "MM_REPORT_THREADS"


def threads_used(args, stdin_text=""):
    proc = subprocess.run([BINARY, *args], input=stdin_text.encode(), capture_output=True, timeout=RUN_TIMEOUT,
                          env={**os.environ, REPORT_THREADS: "1"})
    err = proc.stderr.decode("utf-8", "replace")
    found = re.search(r"^mastermind: threads used: (\d+)$", err, re.MULTILINE)
    check(proc.returncode == 0 and found is not None, f"{args!r}: status {proc.returncode}, stderr {err!r}")
    return int(found.group(1)) if found else None


def test_threads():
    """-j caps the threads of every command that computes, counted by what ran, not by timing: the
    look-ahead strategies search guesses in parallel in next, hardest's replays, solve and hints."""
    with tempfile.TemporaryDirectory() as home:
        scores = ["-f", os.path.join(home, "scores.db"), "--player", "p"]
        commands = [
            (["--rules", "p6c9r", "next"], ""),
            (["--rules", "p6c9r", "next", "112233=B....."], ""),
            (["--rules", "p5c8r", "evaluate", "--sample", "300"], ""),
            (["--rules", "p5c8r", "hardest", "-n", "2", "--sample", "300"], ""),
            (["--rules", "p5c8r", "watch", "--games", "300", *scores], ""),
            (["--rules", "p5c8r", "watch", "--secret", "12345", *scores], ""),
            (["--rules", "p6c9r", "solve", "--secret", "123456", *scores], ""),
            (["--rules", "p6c9r", "play", "--secret", "123456", *scores], "112233\nhint\nquit\n"),
        ]
        for args, typed in commands:
            for threads in (1, 2):
                used = threads_used(["-j", str(threads), *args], typed)
                check(used is not None and 1 <= used <= threads, f"-j {threads} {args!r}: {used} threads used")


def test_next():
    expect_output(["next"], r"^next guess: 1122\nremaining: 1,296 codes\n$")
    expect_output(["next", "1122=B..."], r"^next guess: 1344\nremaining: 256 codes\n$")
    expect_output(["next", "1122=B...", "1344=W..."], r"remaining: 44 codes")
    # Feedback in any style; the same answer gives the same advice.
    texts = [expect_output(["next", f"1122={fb}"], r"next guess") for fb in ("BW..", "1 1", "1B1W", "[!][~][ ][ ]")]
    check(len(set(texts)) == 1, f"next with one answer in four styles: {texts!r}")
    data = expect_json(["next", "1122=2,1", "--json"])
    check(data.get("remaining") == 32 and data.get("guess") == "1223", f"next --json: {data!r}")
    expect_output(["next", "1122=BBBB"], r"^the code is 1122\n$")
    data = expect_json(["--json", "next", "1122=BB..", "1111=BBBB"])
    check(data.get("remaining") == 1 and data.get("guess") == "1111", f"next --json solved: {data!r}")
    expect_output(["--strategy", "consistent", "next", "1122=B..."], r"next guess: 1333")
    expect_output(["--preset", "bulls", "next", "1234=1 bull"], r"next guess")
    expect_output(["--alphabet", "RGYPWB", "next", "RRGG=BW.."], r"next guess: [RGYPWB]{4}")
    # Answers no code could give are typos, refused with the reason; contradictions exit 1.
    expect_error(["next", "1122=BBBW"], r"BBBW")
    expect_error(["next", "1122=BBBBB"], r"pegs")
    expect_error(["next", "1122"], r"GUESS=ANSWER")
    expect_error(["next", "1122=what"], r"what")
    expect_error(["next", "112=B..."], r"expected 4 pegs, got 3")
    expect_error(["next", "1122=BBBB", "1111=B..."], r"contradict", FAILURE)
    status, out, err = run("next", "--json", "1122=BBBB", "1111=B...")
    check(status == FAILURE and json.loads(out).get("remaining") == 0 and len(err.splitlines()) == 1,
          f"contradiction --json: {status} {out!r} {err!r}")


def evaluation(*args):
    data = expect_json(["evaluate", "--json", *args])
    for key in ("strategy", "rules", "secrets", "total", "average", "max", "histogram", "lost", "seconds"):
        check(key in data, f"evaluate --json {args!r} lacks {key}")
    return data


def without_seconds(data):
    return {k: v for k, v in data.items() if k != "seconds"}


def test_evaluate():
    # The golden figures of the literature.
    for strategy, total, worst in [("knuth", 5801, 5), ("most-parts", 5668, 6), ("irving", 5696, 6),
                                   ("consistent", 7471, 9)]:
        data = evaluation("--strategy", strategy)
        check((data.get("total"), data.get("max"), data.get("secrets")) == (total, worst, 1296),
              f"{strategy}: {data!r}")
    data = evaluation()
    check(data.get("strategy") == "knuth" and data.get("rules") == "p4c6r", f"defaults: {data!r}")
    check(data.get("histogram") == {"1": 1, "2": 6, "3": 62, "4": 533, "5": 694}, f"histogram: {data!r}")
    check(data.get("lost") == 0 and abs(data.get("average", 0) - 5801 / 1296) < 1e-9, f"figures: {data!r}")
    check(evaluation("-g", "4").get("lost") == 694, "lost under a limit of 4 guesses")
    out = expect_output(["evaluate"], r"total\s+5,801")
    for pattern in (r"average\s+4\.47", r"worst\s+5 guesses, for 694 secrets", r"lost\s+0", r"time\s+[0-9.]+ s",
                    r"\n\s*5 \|\s*694 #+\n"):
        check(re.search(pattern, out) is not None, f"evaluate text lacks /{pattern}/: {out!r}")

    # Any number of threads gives the same figures.
    for args in (["--preset", "bulls"], ["--strategy", "entropy"], ["--rules", "p4c8r", "--strategy", "random"]):
        one = evaluation("-j", "1", *args)
        two = evaluation("--threads", "2", *args)
        check(without_seconds(one) == without_seconds(two), f"-j 1 / -j 2 differ for {args!r}")
    texts = [run("evaluate", "--preset", "bulls", "-j", n)[1] for n in ("1", "2")]
    texts = [re.sub(r"time .*", "", t) for t in texts]
    check(texts[0] == texts[1] and texts[0] != "", "evaluate text differs between -j 1 and -j 2")

    # A sample is reproducible, and its size is what was asked for.
    first = evaluation("--sample", "50", "--seed", "3")
    second = evaluation("--seed", "3", "--sample", "50")
    check(first.get("secrets") == 50 and without_seconds(first) == without_seconds(second),
          f"sample: {first!r} {second!r}")
    big = evaluation("--rules", "p6c8r", "--sample", "20", "--seed", "1", "--strategy", "consistent")
    check(big.get("secrets") == 20 and big.get("rules") == "p6c8r", f"sample of a large board: {big!r}")


def logical_lines(text):
    """hardest's heading and games, each joined again from the lines it was wrapped into: every line
    but the first game's number ("3. ") goes on the one before."""
    lines = []
    for line in text.splitlines():
        if lines and not re.match(r"^ *\d+\. ", line):
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    return lines


def test_hardest():
    status, out, err = run("hardest", "-n", "3")
    lines = logical_lines(out)
    check(status == 0 and err == "" and len(lines) == 4, f"hardest -n 3: {status} {out!r} {err!r}")
    check(max(len(line) for line in out.splitlines()) <= 80, f"hardest fits 80 columns in a pipe: {out!r}")
    for line in lines[1:]:
        check(re.match(r"^\d\. \d{4}  5 guesses: 1122 ", line) is not None, f"hardest line {line!r}")
    data = expect_json(["--json", "hardest", "--strategy", "most-parts", "-n", "2"])
    hard = data.get("hardest", [])
    check(len(hard) == 2 and all(h["guesses"] == 6 == len(h["game"]) for h in hard), f"hardest --json: {data!r}")
    for h in hard:
        check(h["game"][-1]["guess"] == h["secret"] and h["game"][-1]["black"] == 4, f"game ends in a win: {h!r}")
    status, out, _ = run("hardest")
    check(status == 0 and len(logical_lines(out)) == 11, "hardest lists 10 by default")
    # Knuth's worst case on the classic board is shared by many secrets: the heading says how many
    # (evaluate's at_max, from the same strategy) and how the shown ones were picked.
    worst = expect_json(["--json", "evaluate"])
    ties = worst.get("at_max")
    status, out, _ = run("hardest", "-n", "5")
    head = logical_lines(out)[0] if out else ""
    check(status == 0 and "the first 5 in code order" in head and "need 5 guesses" in head, f"hardest -n 5: {head!r}")
    check(isinstance(ties, int) and head.startswith(f"{ties:,} of 1,296 secrets"),
          f"hardest -n 5 counts the ties ({ties}): {head!r}")
    codes = [line.split()[1] for line in logical_lines(out)[1:]]
    check(codes == sorted(codes), f"ties are shown in code order: {codes!r}")
    # One of a kind: no count where the singular says it all.
    status, out, _ = run("--rules", "p2c3r", "hardest", "-n", "1")
    head = logical_lines(out)[0] if out else ""
    check(status == 0 and ("the first in code order" in head or head.startswith("the hardest of")), f"hardest -n 1: {head!r}")


def test_help_and_unknown_subcommands():
    status, out, err = run("help")
    check(status == 0 and "Usage: mastermind [OPTIONS] [SUBCOMMAND]" in out and "solve" in out, f"help: {out!r}")
    status, out, err = run("help", "solve")
    check(status == 0 and "Usage: mastermind solve" in out, f"help solve: {out!r} {err!r}")
    expect_error(["help", "sovle"], r"'sovle' is not a subcommand \(did you mean 'solve'\?\); `mastermind --help`")
    expect_error(["foo"], r"^mastermind: 'foo' is not a subcommand; `mastermind --help` lists them$")
    expect_error(["plya"], r"did you mean 'play'\?")
    expect_error(["--preset", "bulls", "watc"], r"did you mean 'watch'\?")
    # Every help screen fits 80 columns, its descriptions wrapped at word boundaries.
    _, listing, _ = run("--help")
    subcommands = re.findall(r"^  ([a-z]+) {2,}", listing.split("Subcommands:")[-1], re.M)
    check(len(subcommands) >= 10, f"subcommands listed by help: {subcommands!r}")
    for args in ([], *([name] for name in subcommands)):
        status, text, _ = run(*args, "--help")
        wide = [line for line in text.splitlines() if len(line) > 80]
        check(status == 0 and not wide, f"{args} --help: lines over 80 columns: {wide!r}")
    _, text, _ = run("play", "--help")  # wrapped, not cut: the whole sentence is there
    check("game, to compare with whoever played it" in " ".join(text.split()), f"play --help: {text!r}")


def test_json_only_where_output_is_data():
    for args in (["rules"], ["play"], ["solve"], ["duel"], ["watch"], ["watch", "--secret", "1234"], []):
        expect_error(["--json", *args], r"^mastermind: --json gives data only for scores, watch --all")
    data = expect_json(["--json", "watch", "--all"])  # the default opponent: the shipped optimal tree
    check(data.get("secrets") == 1296 and data.get("sampled") is False and data.get("total") == 5626
          and data.get("max") == 5, f"watch --all: {data!r}")
    data = expect_json(["--json", "watch", "--all", "--strategy", "knuth"])
    check(data.get("total") == 5801 and data.get("max") == 5, f"watch --all --strategy knuth: {data!r}")
    check(sum(data["histogram"].values()) == 1296, f"histogram adds up: {data!r}")
    data = expect_json(["--json", "--seed", "3", "watch", "--games", "7"])
    check(data.get("secrets") == 7 and data.get("sampled") is True and data.get("seed") == 3, f"watch --games 7: {data!r}")
    check(list(data["histogram"]) == [str(g) for g in range(1, data["max"] + 1)],
          f"every number of guesses up to the worst, zeros too: {data['histogram']!r}")


def test_bench():
    signatures = []
    for _ in range(2):
        out = expect_output(["bench"], r"\nsignature: \d+\n")
        signatures.append(re.search(r"signature: (\d+)", out).group(1))
        check("p4c6r" in out and "knuth" in out and "5801:5" in out, f"bench rows: {out!r}")
    check(signatures[0] == signatures[1], f"bench signatures differ: {signatures!r}")
    data = expect_json(["bench", "--json", "-j", "1"])
    check(str(data.get("signature")) == signatures[0], f"bench --json -j 1: {data!r}")


def test_progress():
    """A long evaluation with stderr on a terminal shows a progress line and wipes it."""
    status, out, seen = run_with_stderr_on_terminal(["evaluate", "--rules", "p5c8r", "-j", "1", "--json"],
                                                     binary=BINARY, timeout=PROGRESS_TIMEOUT)
    data = json.loads(out)
    check(status == 0 and data.get("total") == 183966, f"p5c8r knuth: {data!r}")
    if data.get("seconds", 0) > PROGRESS_DELAY + 0.5:
        check(b"secrets (" in seen and b"\r" in seen, f"no progress line: {seen[-200:]!r}")
        check(seen.endswith(b"\r"), f"progress line not wiped: {seen[-80:]!r}")
    # Not a terminal: nothing on stderr at all.
    status, _, err = run("evaluate", "--preset", "bulls")
    check(status == 0 and err == "", f"progress on a pipe: {err!r}")


GROUPS = {
    "help_unknown": test_help_and_unknown_subcommands,
    "json_data": test_json_only_where_output_is_data,
    "score": test_score,
    "usage_errors": test_usage_errors,
    "escaping": test_escaping,
    "strict_numbers": test_strict_numbers,
    "long_input": test_long_input,
    "version_help": test_version_help,
    "no_arguments": test_no_arguments,
    "lost_output": test_lost_output,
    "next": test_next,
    "evaluate": test_evaluate,
    "hardest": test_hardest,
    "bench": test_bench,
    "threads": test_threads,
    "progress": test_progress,
}


def main():
    global BINARY
    if len(sys.argv) != 3 or (sys.argv[2] not in GROUPS and sys.argv[2] != "all"):
        print(f"usage: {sys.argv[0]} BINARY {{{','.join(GROUPS)},all}}", file=sys.stderr)
        return 2
    BINARY = sys.argv[1]
    for name, test in GROUPS.items():
        if sys.argv[2] in (name, "all"):
            test()
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
