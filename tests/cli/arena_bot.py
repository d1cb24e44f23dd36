#!/usr/bin/env python3
"""A codebreaker for the arena's tests that misbehaves on purpose, one way per MODE.

Usage: arena_bot.py MODE TAG [FILE]
It plays honestly (the first code consistent with every answer) until its fault, which it commits
at the first `game` line. TAG is only there for the test to find its processes; FILE is where the
modes that report something write it (their process ids, what they were sent), or a FIFO for
`stall`.

Modes: honest, malformed, invalid, timeout, crash, segv, flood, exit, close_stdin, stubborn,
stall (plays 3 games, then writes "stalled" to FILE and hangs), snoop (honest, writes every line
it is sent and its arguments and environment to FILE). As a scorer (told `hello 1 scorer`) it
scores rightly, and the modes malformed, timeout and crash strike at its fifth request.
"""

import itertools
import os
import signal
import subprocess
import sys
import time


def score(secret, guess):
    black = sum(s == g for s, g in zip(secret, guess))
    common = sum(min(secret.count(c), guess.count(c)) for c in set(guess))
    return black, common - black


def send(*words):
    print(*words, flush=True)


def hang():
    while True:
        signal.pause()


def fault(mode, game, out_file):
    if mode == "malformed":
        send("gess", game, "1234")
    elif mode == "invalid":
        send("guess", game, "1239")
    elif mode == "timeout":
        return  # reads on, never answers
    elif mode == "crash":
        print("arena_bot: out of cheese", file=sys.stderr, flush=True)
        sys.exit(3)
    elif mode == "segv":
        os.kill(os.getpid(), signal.SIGSEGV)
    elif mode == "flood":
        chunk = "1" * 65536
        for _ in range(48):  # 3 MiB on one line, never ended
            sys.stdout.write(chunk)
        sys.stdout.flush()
        hang()
    elif mode == "exit":
        sys.exit(0)
    elif mode == "close_stdin":
        os.close(0)
        send("guess", game, "1122")
        hang()
    elif mode == "stubborn":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        inside = subprocess.Popen(["sleep", "1000"])
        outside = subprocess.Popen(["sleep", "1000"], start_new_session=True)
        with open(out_file, "a", encoding="ascii") as f:
            f.write(f"{os.getpid()} {inside.pid} {outside.pid}\n")
        send("gess", game)
        hang()


def scorer(mode):
    send("ready")
    requests = 0
    for line in sys.stdin:
        words = line.split()
        if words[0] == "score":
            requests += 1
            if requests == 5 and mode == "malformed":
                send("answer", words[1], "two", "0")
                continue
            if requests == 5 and mode == "timeout":
                continue
            if requests == 5 and mode == "crash":
                print("arena_bot: scorer down", file=sys.stderr, flush=True)
                sys.exit(3)
            send("answer", words[1], *score(words[2], words[3]))
        elif words[0] == "quit":
            return


def main():
    mode, out_file = sys.argv[1], sys.argv[3] if len(sys.argv) > 3 else None
    if mode == "snoop":
        with open(out_file, "a", encoding="utf-8") as f:
            f.write(f"argv {' '.join(sys.argv)}\n")
            for key, value in os.environ.items():
                f.write(f"env {key}={value}\n")
    games, ended = {}, 0
    for line in sys.stdin:
        if mode == "snoop":
            with open(out_file, "a", encoding="utf-8") as f:
                f.write(f"line {line}")
        words = line.split()
        if words[0] == "hello" and words[2] == "scorer":
            return scorer(mode)
        if words[0] == "hello":
            send("ready")
        elif words[0] == "game":
            game = words[1]
            if mode == "stall" and ended == 3:
                with open(out_file, "w", encoding="ascii") as f:
                    f.write("stalled\n")
                hang()
            if mode not in ("honest", "snoop", "stall"):
                fault(mode, game, out_file)
                continue
            board = dict(zip(words[2::2], words[3::2]))
            symbols, pegs = board["symbols"], int(board["pegs"])
            made = (itertools.product(symbols, repeat=pegs) if board["repeats"] == "yes"
                    else itertools.permutations(symbols, pegs))
            games[game] = ["".join(c) for c in made]
            send("guess", game, games[game][0])
        elif words[0] == "answer":
            game, answer = words[1], (int(words[2]), int(words[3]))
            last = games[game][0]
            games[game] = [c for c in games[game] if score(c, last) == answer]
            send("guess", game, games[game][0])
        elif words[0] == "end":
            games.pop(words[1], None)
            ended += 1
        elif words[0] == "quit":
            return


if __name__ == "__main__":
    main()
