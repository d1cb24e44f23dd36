#!/usr/bin/env python3
"""The web server under load: GAMES concurrent classic games over loopback (one client thread
each, a new connection per request), GUESSES guesses each, ROUNDS rounds against one server.
Prints per round the throughput, p50/p99/max latency of a guess and the server's resident memory
after the round (VmRSS from /proc), then the same over all rounds.

    bench/web_load.py [path/to/mastermind] [GAMES] [GUESSES] [ROUNDS]

Defaults: build/mastermind, 200 games, 6 guesses, 3 rounds. The client is Python on the same
machine: on two cores it competes with the server for them, so the figures are an upper bound of
what the server alone takes."""

import http.client
import itertools
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time

BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "build/mastermind")
GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 200
GUESSES = int(sys.argv[3]) if len(sys.argv) > 3 else 6
ROUNDS = int(sys.argv[4]) if len(sys.argv) > 4 else 3
CODES = ["".join(c) for c in itertools.product("123456", repeat=4)]


def call(port, method, path, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request(method, path, json.dumps(body) if body is not None else None,
                           {"Content-Type": "application/json", "Connection": "close"})
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def one_game(port, seed, latencies, errors, start):
    start.wait()
    try:
        play(port, seed, latencies, errors)
    except OSError as error:  # a connection refused or reset is an error of the round
        errors.append(type(error).__name__)


def play(port, seed, latencies, errors):
    rng = random.Random(seed)
    status, game = call(port, "POST", "/api/games", {"preset": "classic", "player": "Load"})
    if status != 201:
        errors.append(status)
        return
    for _ in range(GUESSES):
        if game["state"] != "playing":
            break
        played = {t["guess"] for t in game["board"]}
        code = rng.choice([c for c in CODES if c not in played])
        began = time.perf_counter()
        status, game = call(port, "POST", f"/api/games/{game['token']}/guess", {"code": code})
        latencies.append(time.perf_counter() - began)
        if status != 200:
            errors.append(status)
            return
    if game["state"] == "playing":
        call(port, "POST", f"/api/games/{game['token']}/quit")


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main():
    with tempfile.TemporaryDirectory() as directory:
        server = subprocess.Popen([BINARY, "serve", "--port", "0", "-f", os.path.join(directory, "scores.db")],
                                  stdout=subprocess.PIPE, text=True)
        port = int(re.search(r":(\d+)/", server.stdout.readline()).group(1))
        print(f"{GAMES} concurrent classic games, {GUESSES} guesses each, {ROUNDS} rounds; "
              f"server memory at start {resident_kib(server.pid)} KiB")
        everything = []
        for round_number in range(1, ROUNDS + 1):
            latencies, errors, start = [], [], threading.Event()
            threads = [threading.Thread(target=one_game, args=(port, round_number * 100000 + i, latencies, errors, start))
                       for i in range(GAMES)]
            for thread in threads:
                thread.start()
            began = time.perf_counter()
            start.set()
            for thread in threads:
                thread.join()
            seconds = time.perf_counter() - began
            everything += latencies
            print(f"round {round_number}: {len(latencies)} guesses in {seconds:.2f} s "
                  f"({len(latencies) / seconds:.0f}/s), p50 {statistics.median(latencies) * 1000:.1f} ms, "
                  f"p99 {percentile(latencies, 99) * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms, "
                  f"errors {len(errors)}, server memory {resident_kib(server.pid)} KiB")
        print(f"all: p50 {statistics.median(everything) * 1000:.1f} ms, p99 {percentile(everything, 99) * 1000:.1f} ms")
        server.terminate()
        server.wait(timeout=60)


if __name__ == "__main__":
    main()
