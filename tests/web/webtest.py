"""Helpers for the tests of `mastermind serve`: the real binary on a free port of 127.0.0.1,
waited for by the address it prints (never by sleeping), and requests to it with urllib. Each test
script takes the binary's path as its first argument and runs its functions named test_* in order;
it exits 0 when all pass, 1 otherwise."""

import itertools
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.request

BINARY = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else "mastermind"
# Generous for a busy machine; nothing waits this long when all goes well.
TIMEOUT = 30
URL = re.compile(r"http://127\.0\.0\.1:(\d+)/")


class Server:
    """`mastermind serve --port 0` with its own scores file, stopped by SIGTERM at the end."""

    def __init__(self, *args, scores=None, env=None):
        self.directory = tempfile.TemporaryDirectory()
        self.scores = scores or os.path.join(self.directory.name, "scores.db")
        self.process = subprocess.Popen([BINARY, "serve", "--port", "0", "-f", self.scores, *args],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        self.first_line = self.process.stdout.readline()
        match = URL.search(self.first_line)
        if not match:
            self.process.kill()
            raise AssertionError(f"no address printed: {self.first_line!r} {self.process.stderr.read()!r}")
        self.base = match.group(0).rstrip("/")

    def request(self, method, path, body=None, raw=None, headers=None):
        """(status, JSON answer or text, headers) of one request."""
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers or {})
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                status, text, heads = response.status, response.read().decode(), response.headers
        except urllib.error.HTTPError as error:
            status, text, heads = error.code, error.read().decode(), error.headers
        try:
            return status, json.loads(text), heads
        except ValueError:
            return status, text, heads

    def post(self, path, body=None, **kwargs):
        return self.request("POST", path, body, **kwargs)

    def get(self, path, **kwargs):
        return self.request("GET", path, **kwargs)

    def stop(self, signal_number=signal.SIGTERM):
        """Sends the signal; returns (exit status, the rest of stdout)."""
        self.process.send_signal(signal_number)
        out, _ = self.process.communicate(timeout=TIMEOUT)
        return self.process.returncode, out

    def close(self):
        if self.process.poll() is None:
            self.stop()
        self.directory.cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def assisted(server, token, action):
    """POST a `hint` or `left` (worked out on the server's engine thread: 202, `thinking`), then the
    game once it has done, asking again until it has; the answer is its `event`."""
    status, game, headers = server.post(f"/api/games/{token}/{action}")
    assert status == 202 and game["thinking"] is True and "event" not in game, (status, game)
    deadline = time.monotonic() + TIMEOUT
    while game["thinking"]:
        assert time.monotonic() < deadline, f"still thinking: {game}"
        time.sleep(0.05)  # polling for the state, not waiting for it to happen
        status, game, headers = server.get(f"/api/games/{token}")
        assert status == 200, (status, game)
    return game, headers


def score(secret, guess):
    black = sum(s == g for s, g in zip(secret, guess))
    common = sum(min(secret.count(c), guess.count(c)) for c in set(guess))
    return black, common - black


def codes(alphabet, pegs):
    return ["".join(c) for c in itertools.product(alphabet, repeat=pegs)]


def consistent(candidates, board):
    return [c for c in candidates if all(score(c, t["guess"]) == (t["black"], t["white"]) for t in board)]


def scores_json(scores_file, player):
    out = subprocess.run([BINARY, "scores", "-f", scores_file, "--player", player, "--json"],
                         capture_output=True, text=True, timeout=TIMEOUT, check=True).stdout
    return json.loads(out)


def run_tests(namespace, only=None):
    failed = 0
    if only is None:  # a part of the names of the tests to run
        only = sys.argv[2] if len(sys.argv) > 2 else ""
    for name, test in sorted((n, f) for n, f in namespace.items() if n.startswith("test_") and callable(f)):
        if only not in name:
            continue
        try:
            test()
            print(f"ok   {name}")
        except Exception:  # a test that fails says where, and the others still run
            failed += 1
            print(f"FAIL {name}")
            traceback.print_exc()
    sys.exit(1 if failed else 0)
