#!/usr/bin/env python3
"""End-to-end tests of `mastermind arena` and `mastermind engine` (docs/protocol.md): the real
binary refereeing real programs through pipes. The programs are our own engine, the examples in
examples/ and arena_bot.py, which misbehaves in one way per mode. Every run waits for its result,
never for a time; a test that needs the arena mid-run waits for the bot to say so on a FIFO.

Usage: arena_test.py BINARY EXAMPLE_BREAKER GROUP   (GROUP: one of GROUPS below, or `all`)
"""

import json
import os
import re
import select
import signal
import subprocess
import sys
import tempfile
import uuid

import groups
from groups import check, expect_error, expect_json, run

USAGE, UNAVAILABLE, DATA, INTERRUPTED = 64, 69, 65, 130
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BOT = os.path.join(HERE, "arena_bot.py")
PY_BREAKER = os.path.join(ROOT, "examples", "breaker.py")
PY_BUGGY_SCORER = os.path.join(ROOT, "examples", "buggy_scorer.py")
PYTHON = sys.executable
# A token in every bot's command line, so that the end of the test finds any bot left behind.
TAG = "arena-test-" + uuid.uuid4().hex
CLASSIC_GUESSES = 10
# The time for a move where a bot is meant to run out of it: long enough for Python to start on a
# busy machine (a slow start would be a fault of another kind), short enough to keep the test quick.
SHORT_MOVE_TIME = 3
EXAMPLE_BREAKER = ""


def binary():
    return groups.BINARY


def bot(mode, *more):
    return " ".join([PYTHON, BOT, mode, TAG, *more])


def figures(result):
    return {k: result.get(k) for k in ("secrets", "total", "max", "at_max", "lost", "histogram")}


def alive(pid):
    """Whether `pid` is a process that has not ended (a zombie has ended)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):  # gone between the listing and the read: ENOENT, or ESRCH mid-read
        return False


def bots_left():
    """Processes whose command line holds this run's TAG."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and alive(entry):
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    if TAG.encode() in f.read():
                        found.append(entry)
            except OSError:
                pass
    return found


def test_self_check():
    """Our engine behind the protocol gives exactly evaluate's figures; our scorer agrees on
    every pair."""
    engine = f"{binary()} engine --strategy knuth"
    for board in (["--rules", "p4c6r"], ["--preset", "bulls"]):
        ours = expect_json("evaluate", "--strategy", "knuth", *board, "--json")
        for jobs in ("1", "2"):
            arena = expect_json("arena", "--breaker", engine, *board, "--jobs", jobs, "--json")
            check(figures(arena) == figures(ours) and arena.get("faults", {}).get("total") == 0,
                  f"arena {board} --jobs {jobs}: {figures(arena)} is not evaluate's {figures(ours)}")
    check(figures(ours)["total"] == 27139, f"knuth on Bulls and Cows needs 27139 guesses in all: {figures(ours)}")
    scorer = expect_json("arena", "--scorer", f"{binary()} engine --scorer", "--json")
    check(scorer.get("pairs") == 1296 * 1296 and scorer.get("agreed") == 1296 * 1296 and scorer.get("agree") is True
          and len(scorer.get("examples", [])) == 12, f"our scorer against ours, every classic pair: {scorer}")
    scorer = expect_json("arena", "--scorer", f"{binary()} engine --scorer", "--preset", "bulls", "--games", "20000",
                         "--json")
    check(scorer.get("agreed") == 20000 and scorer.get("agree") is True and len(scorer.get("examples", [])) == 4
          and [e["source"] for e in scorer["examples"]].count("the Swedish Bulls and Cows text") == 2,
          f"our scorer on Bulls and Cows, 20000 random pairs and the examples without a repeat: {scorer}")


def test_examples():
    """The examples end to end: the Python and C++ codebreakers win every game; the buggy scorer
    is caught on a worked example of the course texts."""
    r = expect_json("arena", "--breaker", f"{PYTHON} {PY_BREAKER}", "--games", "40", "--seed", "2", "--json")
    check(r.get("secrets") == 40 and r.get("lost") == 0 and r.get("faults", {}).get("total") == 0
          and r.get("max", 99) <= 8, f"the Python example on 40 classic secrets: {r}")
    r = expect_json("arena", "--breaker", f"{PYTHON} {PY_BREAKER}", "--preset", "bulls", "--games", "10", "--json")
    check(r.get("secrets") == 10 and r.get("lost") == 0, f"the Python example on Bulls and Cows: {r}")
    r = expect_json("arena", "--breaker", EXAMPLE_BREAKER, "--jobs", "2", "--json")
    check(r.get("secrets") == 1296 and r.get("lost") == 0 and r.get("faults", {}).get("total") == 0
          and r.get("programs_started") == 2, f"the C++ example on every classic secret, two copies: {r}")
    status, out, err = run("arena", "--scorer", f"{PYTHON} {PY_BUGGY_SCORER}", "--games", "2000", "--json")
    r = json.loads(out) if status == 1 else {}
    danish = [e for e in r.get("examples", []) if (e["secret"], e["guess"]) == ("1213", "1224")]
    check(status == 1 and err == "" and r.get("agree") is False and len(danish) == 1
          and danish[0]["got"] == {"black": 2, "white": 1} and danish[0]["expected"] == {"black": 2, "white": 0}
          and r.get("agreed") < r.get("checked") == 2000,
          f"the buggy scorer fails the Danish text's 1213 against 1224 (status {status}, err {err!r}): {out[:300]}")
    # The first codebreaker of docs/protocol.md, as a newcomer would copy it out.
    with open(os.path.join(ROOT, "docs", "protocol.md"), encoding="utf-8") as f:
        first_bot = f.read().split("```python\n", 1)[1].split("```", 1)[0]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "first.py")
        with open(path, "w", encoding="utf-8") as f:
            f.write(first_bot)
        for board in (["--rules", "p4c6r"], ["--preset", "bulls"]):
            r = expect_json("arena", "--breaker", f"{PYTHON} {path}", *board, "--games", "20", "--json")
            check(r.get("secrets") == 20 and r.get("lost") == 0 and r.get("faults", {}).get("total") == 0,
                  f"the document's first bot {board}: {r}")
    status, out, _ = run("arena", "--scorer", f"{PYTHON} {PY_BUGGY_SCORER}", "--games", "100")
    check(status == 1 and "the Danish course text, 1213 against 1224" in out
          and "expected 2 black and 0 white, got 2 black and 1 white" in out and "does not agree" in out,
          f"the text report names the example: {out}")


# Each fault, how its first line reads (detail, offending line), and its bot's options.
FAULTS = [
    ("malformed", "malformed", "'gess' is not a message of the protocol", "gess 1 1234"),
    ("invalid", "invalid_guess", "'1239' is not a code", "guess 1 1239"),
    ("crash", "crash", "it exited with status 3", "arena_bot: out of cheese"),
    ("segv", "crash", "killed by signal 11", ""),
    ("flood", "flood", "a line longer than 1024 bytes", "1" * 80 + "…"),
    ("exit", "early_exit", "it exited", ""),
    ("close_stdin", "early_exit", "it closed its input", ""),
    ("timeout", "timeout", f"no guess within {SHORT_MOVE_TIME} s", ""),
]


def test_faults():
    """Each kind of fault from a bot that commits it: every game a fault, counted as lost, the
    first shown with its game, turn and line; the run goes on with a fresh copy each time."""
    for mode, kind, detail, line in FAULTS:
        games = 2 if mode == "timeout" else 3
        extra = ["--move-time", str(SHORT_MOVE_TIME)] if mode == "timeout" else []
        r = expect_json("arena", "--breaker", bot(mode), "--games", str(games), "--seed", "1", *extra, "--json")
        faults, first = r.get("faults", {}), (r.get("first_faults") or [{}])[0]
        check(faults.get(kind) == games and faults.get("total") == games and r.get("lost") == games
              and r.get("total") == games * (CLASSIC_GUESSES + 1) and r.get("programs_started") == games,
              f"{mode}: {games} games, each a {kind} fault counted as lost: {r}")
        check(first.get("kind") == kind and detail in first.get("detail", "") and first.get("line") == line
              and first.get("id") == 1 and len(first.get("secret", "")) == 4,
              f"{mode}: the first fault shown as it happened: {first}")
    # A bot that ignores SIGTERM and starts children, one of them outside its process group.
    with tempfile.TemporaryDirectory() as tmp:
        pids_file = os.path.join(tmp, "pids")
        r = expect_json("arena", "--breaker", bot("stubborn", pids_file), "--games", "2", "--json")
        check(r.get("faults", {}).get("malformed") == 2, f"stubborn: two faults: {r}")
        with open(pids_file, encoding="ascii") as f:
            pids = f.read().split()
        check(len(pids) == 6 and not [p for p in pids if alive(p)],
              f"stubborn: no bot or child of one outlives the arena: {[p for p in pids if alive(p)]} of {pids}")
    # A scorer's faults end the request they happened in (its fifth, a worked example); the check
    # goes on with a fresh copy and never calls the scorer right.
    for mode, kind, detail, line in [("malformed", "malformed", "expected 'answer ID B W'", "answer 5 two 0"),
                                     ("timeout", "timeout", f"no answer within {SHORT_MOVE_TIME} s", ""),
                                     ("crash", "crash", "it exited with status 3", "arena_bot: scorer down")]:
        extra = ["--move-time", str(SHORT_MOVE_TIME)] if mode == "timeout" else []
        status, out, err = run("arena", "--scorer", bot(mode), "--games", "30", *extra, "--json")
        r = json.loads(out) if status == 1 else {}
        first = (r.get("first_faults") or [{}])[0]
        check(status == 1 and r.get("agree") is False and r.get("faults", {}).get(kind, 0) >= 1
              and r.get("faults", {}).get("total") == r["faults"][kind] and r.get("checked") == r.get("agreed"),
              f"scorer {mode}: faults counted, no mismatch, not agreeing (status {status}, err {err!r}): {out[:400]}")
        check(first.get("kind") == kind and first.get("id") == 5 and detail in first.get("detail", "")
              and first.get("line") == line and first.get("guess"), f"scorer {mode}: the first fault: {first}")
    # Text: the counts and the first of the kind, readable.
    status, out, _ = run("arena", "--breaker", bot("invalid"), "--games", "2")
    check(status == 0 and "invalid guess: 2; the first in game 1, guess 1" in out and "line: guess 1 1239" in out
          and "faults    2 games, counted as lost" in out, f"the faults in text: {out}")


def test_interrupt():
    """Ctrl-C in the middle of a run stops the bot and reports what finished, exit 130."""
    with tempfile.TemporaryDirectory() as tmp:
        fifo = os.path.join(tmp, "said")
        os.mkfifo(fifo)
        # Opened for reading and writing, so that it never reads as ended before the bot opens it.
        said = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)
        proc = subprocess.Popen([binary(), "arena", "--breaker", bot("stall", fifo), "--games", "10", "--move-time",
                                 "600"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        ready, _, _ = select.select([said], [], [], groups.RUN_TIMEOUT)
        check(ready and os.read(said, 100) == b"stalled\n", "the bot stalls after three games")
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=groups.RUN_TIMEOUT)
        os.close(said)
        out = out.decode()
        check(proc.returncode == INTERRUPTED and "interrupted: 3 of 10 games finished" in out
              and "secrets   3" in out, f"Ctrl-C: status {proc.returncode}, out {out!r}, err {err!r}")


def test_usage():
    """Bad options exit 64, programs that cannot run 69, each with one line."""
    expect_error(["arena"], USAGE, "either --breaker COMMAND or --scorer COMMAND")
    expect_error(["arena", "--breaker", "  "], USAGE, "--breaker: the command is empty")
    expect_error(["arena", "--breaker", "bot | tee log"], USAGE, "put pipes and redirections in a script")
    expect_error(["arena", "--breaker", "bot 'open"], USAGE, "quotes do not match")
    expect_error(["arena", "--breaker", "bot", "--scorer", "s"], USAGE, "either --breaker")
    expect_error(["arena", "--breaker", "bot", "--move-time", "0"], USAGE, "--move-time")
    expect_error(["arena", "--breaker", "bot", "--jobs", "0"], USAGE, "--jobs")
    expect_error(["arena", "--scorer", "bot", "--jobs", "2"], USAGE, "--jobs goes with --breaker")
    expect_error(["arena", "--breaker", "bot", "--versus", "b", "--strategy", "knuth"], USAGE, "do not go together")
    expect_error(["arena", "--breaker", "bot", "--rules", "p8c9r"], USAGE, "--games N")
    expect_error(["arena", "--breaker", "no-such-program-here"], UNAVAILABLE, "there is no program")
    expect_error(["arena", "--breaker", "false"], UNAVAILABLE, "ended before it said 'ready'")
    expect_error(["arena", "--scorer", "/etc/passwd"], UNAVAILABLE, "cannot run")
    with open("/dev/full", "wb") as full:
        proc = subprocess.run([binary(), "arena", "--breaker", bot("honest"), "--games", "2"], stdout=full,
                              stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, timeout=groups.RUN_TIMEOUT)
    check(proc.returncode == 74 and proc.stderr.decode().count("\n") == 1, f"a lost output: {proc}")
    status, out, err = run("arena", "--breaker", bot("honest"), "--games", "2", "--versus", "no-such-program-here")
    check(status == UNAVAILABLE and out == "" and err.count("\n") == 1, f"an unrunnable --versus: {status} {err!r}")


def commands_heading(text):
    """The commands a --versus report names, A's and B's: each starts after its label and goes on
    over the lines indented under it."""
    commands = []
    for line in text.splitlines():
        if line.startswith(("A: ", "B: ")):
            commands.append(line[3:])
        elif line.startswith("   ") and commands:
            commands[-1] += " " + line[3:]
        else:
            break
    return commands


def test_versus_and_per_secret():
    engine = f"{binary()} engine --strategy knuth"
    r = expect_json("arena", "--breaker", bot("honest"), "--versus", engine, "--games", "30", "--seed", "4",
                    "--per-secret", "--json")
    a, b = r.get("a", {}), r.get("b", {})
    check(a.get("secrets") == b.get("secrets") == 30 and len(a.get("per_secret", [])) == 30
          and {s["secret"] for s in a["per_secret"]} == {s["secret"] for s in b.get("per_secret", [])},
          f"--versus: both on the same 30 secrets: {r}")
    need = {s["secret"]: s["guesses"] for s in a.get("per_secret", [])}
    theirs = {s["secret"]: s["guesses"] for s in b.get("per_secret", [])}
    gaps = sorted((abs(need[s] - theirs[s]) for s in need if need[s] != theirs[s]), reverse=True)
    shown = r.get("differ_most", [])
    check([abs(d["a"] - d["b"]) for d in shown] == gaps[:5] and all(need[d["secret"]] == d["a"] for d in shown),
          f"--versus: the secrets where they differ most, largest gap first: {shown} against {gaps}")
    ours = expect_json("evaluate", "--strategy", "knuth", "--sample", "30", "--seed", "4", "--json", "--per-secret")
    r = expect_json("arena", "--breaker", engine, "--strategy", "knuth", "--games", "30", "--seed", "4", "--json")
    check(figures(r.get("a", {})) == figures(r.get("b", {})) == figures(ours) and r.get("differ_most") == [],
          f"--strategy: ours beside our engine, the same secrets as evaluate --sample: {r}")
    check([s["secret"] for s in ours.get("per_secret", [])] == sorted(need),
          f"evaluate --per-secret lists the sample's secrets in code order: {ours.get('per_secret')}")
    status, out, _ = run("arena", "--breaker", bot("honest"), "--versus", engine, "--games", "30", "--seed", "4")
    check(status == 0 and "where they differ most" in out and commands_heading(out) == [bot("honest"), engine],
          f"--versus in text names both commands whole: {out}")
    # Within 80 columns but for a word no line can hold: a label or the indent, then one of the
    # commands' words (a path deep in the folders), alone.
    words = set(bot("honest").split() + engine.split())
    wide = [l for l in out.splitlines() if len(l) > 80]
    check(all(l[:3] in ("A: ", "B: ", "   ") and l[3:] in words for l in wide),
          f"--versus in text, within 80 columns but for a path: {wide} in {out}")


def test_engine_protocol():
    """`mastermind engine` on its own: the messages of docs/protocol.md."""
    nxt = expect_json("next", "--strategy", "knuth", "1122=....", "--json")
    status, out, err = run("engine", "--strategy", "knuth", input_text="hello 1 breaker\n"
                           "game 5 pegs 4 colors 6 repeats yes guesses 10 symbols 123456\n"
                           "answer 5 0 0\nend 5 lost 2\nquit\n")
    lines = out.splitlines()
    check(status == 0 and err == "" and lines[0].startswith("ready") and len(lines) == 3
          and lines[1] == "guess 5 1122" and lines[2] == f"guess 5 {nxt.get('guess')}",
          f"engine: knuth opens 1122, then guesses as `next` does: {out!r} {err!r}")
    status, out, err = run("engine", "--scorer", input_text="hello 1 scorer\nrules pegs 4 colors 6 repeats yes "
                           "symbols 123456\nscore 1 1213 1224\nscore 2 2154 1111\nscore 3 1213 12x4\nquit\n")
    check(status == 0 and out == "ready\nanswer 1 2 0\nanswer 2 1 0\n" and "line 5" in err,
          f"engine --scorer answers, and names a line it cannot read: {out!r} {err!r}")
    status, out, err = run("engine", input_text="hello 2 breaker\n")
    check(status == DATA and out == "" and "version 2" in err and err.count("\n") == 1,
          f"engine: another version of the protocol: {status} {out!r} {err!r}")
    status, out, err = run("engine", "--scorer", input_text="hello 1 breaker\n")
    check(status == DATA and "wants a breaker" in err, f"engine --scorer told to break: {status} {err!r}")


def test_secret_hidden():
    """The codebreaker never sees a secret: every line it is sent is one of the referee's
    messages, none of which holds a code; its arguments and environment are the arena's own."""
    with tempfile.TemporaryDirectory() as tmp:
        seen_file = os.path.join(tmp, "seen")
        r = expect_json("arena", "--breaker", bot("snoop", seen_file), "--games", "20", "--seed", "5", "--per-secret",
                        "--json")
        with open(seen_file, encoding="utf-8") as f:
            seen = f.read().splitlines()
        secrets = {s["secret"] for s in r.get("per_secret", [])}
        lines = [s[5:] for s in seen if s.startswith("line ")]
        forms = ("hello ", "game ", "answer ", "end ", "quit")
        check(len(secrets) == 20 and lines and all(l.startswith(forms) for l in lines),
              f"snoop: only the referee's messages: {lines[:5]}")
        check(not [l for l in lines if l.startswith("game ") and not l.endswith("symbols 123456")],
              f"snoop: a game line says the board, nothing more: {lines[:3]}")
        others = [s for s in seen if not s.startswith("line ")]
        check(not [s for s in others for code in secrets if code in s.split("=", 1)[-1].split()],
              "snoop: no secret among its arguments or environment")
        check(all(len(l.split()) == 4 for l in lines if l.startswith("answer ")),
              f"snoop: an answer line is its game and two numbers: {lines[:5]}")


def test_solve():
    """`solve --breaker`: a program guesses the player's code; our cheat detection still guards
    the answers."""
    with tempfile.TemporaryDirectory() as tmp:
        game = ["solve", "--player", "tester", "-f", os.path.join(tmp, "scores.db")]
        status, out, err = run(*game, "--breaker", f"{PYTHON} {PY_BREAKER}", "--secret", "3632")
        check(status == 0 and err == "" and re.search(r"I found your code in \d+ guesses", out),
              f"solve --breaker --secret: the example finds 3632: {status} {out[-300:]!r} {err!r}")
        # The bot guesses the first code that fits: 1111, 2222, ..., 6666; every answer "nothing"
        # contradicts the others at the sixth, undo is refused, the secret shows the wrong rows.
        status, out, err = run(*game, "--breaker", bot("honest"), input_text="0\n" * 6 + "undo\n1234\n")
        guesses = re.findall(r"My guess \d+: (\d) (\d) (\d) (\d)", out)
        check(status == 0 and ["".join(g) for g in guesses] == [str(d) * 4 for d in range(1, 7)]
              and "no code fits all of these answers" in out and "cannot take an answer back" in out
              and "4 rows were answered wrongly" in out, f"solve --breaker, a lie caught: {status} {out!r} {err!r}")
        # Nothing offers the undo the protocol cannot carry: the intro, the contradiction, the help.
        said = " ".join(out.split())
        check("An answer cannot be taken back" in said and "takes back your last answer" not in said
              and "to take back the last answer" not in said and "will guess it" in said,
              f"solve --breaker says undo is not there: {said!r}")
        _, out, _ = run(*game, "--breaker", bot("honest"), input_text="help\n")
        check("undo" not in out and "quit" in out, f"solve --breaker's help lists no undo: {out!r}")
        # A faulty program ends the game with one line (the board drawn so far stays on stdout).
        status, out, err = run(*game, "--breaker", bot("invalid"), input_text="0\n")
        check(status == UNAVAILABLE and err.count("\n") == 1 and "'1239' is not a code" in err,
              f"solve --breaker with a faulty program: {status} {err!r}")
        expect_error([*game, "--breaker", "no-such-program-here"], UNAVAILABLE, "there is no program")
        expect_error([*game, "--breaker", bot("honest"), "--strategy", "knuth"], USAGE, "--breaker plays another")


GROUPS = {
    "self_check": test_self_check,
    "examples": test_examples,
    "faults": test_faults,
    "interrupt": test_interrupt,
    "usage": test_usage,
    "versus": test_versus_and_per_secret,
    "engine_protocol": test_engine_protocol,
    "secret_hidden": test_secret_hidden,
    "solve": test_solve,
}


def main():
    global EXAMPLE_BREAKER
    if len(sys.argv) != 4 or (sys.argv[3] not in GROUPS and sys.argv[3] != "all"):
        print(f"usage: {sys.argv[0]} BINARY EXAMPLE_BREAKER {{{','.join(GROUPS)},all}}", file=sys.stderr)
        return 2
    EXAMPLE_BREAKER = sys.argv[2]
    status = groups.run_groups(GROUPS, sys.argv[3], sys.argv[1])
    left = bots_left()
    check(not left, f"no bot is left running after the tests: {left}")
    if left:
        for pid in left:
            os.kill(int(pid), signal.SIGKILL)
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
