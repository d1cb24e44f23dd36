"""Helpers for the end-to-end tests: the real `mastermind` binary in a pseudo-terminal (pexpect)
or behind pipes. Each test script takes the binary's path as its only argument and runs the
functions named test_* in order; it exits 0 when all pass, 1 otherwise, 77 (skipped) without
pexpect."""

import itertools
import os
import re
import subprocess
import sys
import tempfile
import termios
import time
import traceback

try:
    import pexpect
except ImportError:  # the set-up script installs python3-pexpect; without it, skip
    print("python3-pexpect is not installed: skipping")
    sys.exit(77)

BINARY = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else "mastermind"
# Generous for a slow, busy CI machine; nothing waits this long when all goes well.
TIMEOUT = 20
# A whole run of a program on pipes: the biggest boards' games (watch p10c20r, a dozen sampled
# searches) took 30 s of wall time on two busy cores at a load of 12, over the 20 s above.
RUN_TIMEOUT = 180
ROWS, COLUMNS = 40, 120
CLASSIC_SYMBOLS = "123456"
EXIT_INTERRUPTED = 130
EXIT_USAGE = 64
GOODBYE = "Goodbye!"


def environment(**changes):
    env = dict(os.environ)
    env.setdefault("TERM", "xterm")
    env.setdefault("NO_COLOR", "1")
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def environment_without_language(**changes):
    """environment() without the tests' pin to English (LANGUAGE=en LC_ALL=C.UTF-8) or any other
    language variable, for tests that choose the language themselves."""
    return environment(**{"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None, **changes})


def spawn(*args, env=None):
    """The binary in a pseudo-terminal, output decoded leniently (invalid bytes never crash)."""
    return pexpect.spawn(BINARY, list(args), encoding="utf-8", codec_errors="replace", timeout=TIMEOUT,
                         dimensions=(ROWS, COLUMNS), env=env or environment())


def spawn_shell(script, env=None):
    """A bash script in a pseudo-terminal with "$0" the binary, e.g. to check the terminal after."""
    return pexpect.spawn("bash", ["-c", script, BINARY], encoding="utf-8", codec_errors="replace",
                         timeout=TIMEOUT, dimensions=(ROWS, COLUMNS), env=env or environment())


# How often the terminal's mode is looked at while waiting for the program to take over its input.
MODE_POLL_SECONDS = 0.002


def wait_until_reading(child):
    """Waits until the program has put its terminal in the mode it reads its next input in.

    Seeing a prompt is not enough: libedit prints it, but the terminal may still be in canonical
    mode for a moment, and a Ctrl-D typed then is turned by the line discipline into a byte that
    libedit later ignores. The program is ready once it left the cooked mode it starts in: libedit
    clears ICANON, a secret prompt clears ECHO (before printing the prompt). The pty master reports
    the slave's settings, so this reads the state itself; it polls because no event announces a
    mode change, and gives up with a failure after TIMEOUT."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        lflag = termios.tcgetattr(child.child_fd)[3]
        if not (lflag & termios.ICANON and lflag & termios.ECHO):
            return
        assert time.monotonic() < deadline, "the program never took over its terminal's input"
        time.sleep(MODE_POLL_SECONDS)


def send_eof(child):
    """Ctrl-D at the prompt the program is waiting at (after its terminal mode is in place)."""
    wait_until_reading(child)
    child.sendeof()


def send_interrupt(child):
    """Ctrl-C at the prompt the program is waiting at (after its terminal mode is in place)."""
    wait_until_reading(child)
    child.sendintr()


def finish(child, status=0):
    """Waits for the end and checks the exit status."""
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus is None, f"killed by signal {child.signalstatus}"
    assert child.exitstatus == status, f"exit status {child.exitstatus}, expected {status}"


def run_piped(*args, input_text="", env=None):
    """The binary with its standard streams on pipes."""
    return subprocess.run([BINARY, *args], input=input_text.encode() if isinstance(input_text, str) else input_text,
                          capture_output=True, timeout=RUN_TIMEOUT, env=env or environment())


def score(secret, guess):
    """Black and white pegs, by the rule itself."""
    black = sum(s == g for s, g in zip(secret, guess))
    common = sum(min(secret.count(c), guess.count(c)) for c in set(guess))
    return black, common - black


def all_codes(symbols=CLASSIC_SYMBOLS, pegs=4):
    return ["".join(p) for p in itertools.product(symbols, repeat=pegs)]


def temp_dir():
    return tempfile.TemporaryDirectory(prefix="mm-e2e-")


def strip_ansi(text):
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)


def main(namespace):
    tests = [(name, fn) for name, fn in namespace.items() if name.startswith("test_") and callable(fn)]
    failed = 0
    for name, fn in tests:
        try:
            fn()
            print(f"PASS {name}")
        except Exception:  # report every failure, then go on with the next test
            failed += 1
            print(f"FAIL {name}")
            traceback.print_exc()
    print(f"{len(tests) - failed}/{len(tests)} passed")
    sys.exit(1 if failed else 0)
