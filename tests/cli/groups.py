"""What the command-line test scripts share: running the binary through pipes, checks that are
counted rather than raised (so one run reports every failure), and running named groups of tests
(ctest runs each group as its own test)."""

import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import subprocess
import termios
import time

RUN_TIMEOUT = 300

BINARY = ""  # set by run_groups from the command line
failures = []


def run(*args, binary=None, input_text=None, env=None):
    """(status, stdout, stderr) of the binary, stdin given or empty."""
    proc = subprocess.run([binary or BINARY, *args], input=(input_text or "").encode(), capture_output=True,
                          timeout=RUN_TIMEOUT, env=env)
    return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


def run_with_stderr_on_terminal(args, binary=None, timeout=RUN_TIMEOUT, interrupt_at=None, terminal=True,
                                columns=None):
    """(status, stdout, what stderr showed) with stderr on a pseudo-terminal (progress lines are
    drawn only there, unless --progress), stdout a pipe; bytes, as a terminal gets them. With
    `interrupt_at` (a regular expression over bytes), SIGINT is sent once stderr shows it (a state,
    not a time); a child that ends without showing it is killed, as a test that waited for it would
    be. `terminal=False`: stderr is a pipe instead, read the same way. `columns`: the terminal's
    width (else the pseudo-terminal's own, which the program reads as 80)."""
    master, slave = pty.openpty() if terminal else os.pipe()
    if terminal and columns is not None:
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    proc = subprocess.Popen([binary or BINARY, *args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=slave)
    os.close(slave)
    seen, sent = b"", False
    deadline = time.monotonic() + timeout
    # Read until the child has exited and the terminal has nothing left (EIO or end of file).
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.1)
        if not ready:
            if proc.poll() is not None:
                break
            continue
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
        if interrupt_at is not None and not sent and re.search(interrupt_at, seen):
            proc.send_signal(signal.SIGINT)
            sent = True
    if interrupt_at is not None and not sent:
        proc.kill()
    out, _ = proc.communicate(timeout=timeout)
    os.close(master)
    return proc.returncode, out, seen


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f"FAIL: {what}")


def expect_json(*args, binary=None, env=None):
    status, out, err = run(*args, binary=binary, env=env)
    check(status == 0 and err == "", f"{args!r}: status {status}, err {err!r}")
    try:
        return json.loads(out)
    except ValueError:
        check(False, f"{args!r}: not JSON: {out[:200]!r}")
        return {}


def expect_error(args, status, fragment):
    """Exit `status`, nothing on stdout, one line on stderr that contains `fragment`."""
    got, out, err = run(*args)
    check(got == status and out == "" and err.count("\n") == 1 and fragment in err,
          f"{args!r}: expected status {status} and one line with {fragment!r}, got {got}, {out[:100]!r}, {err!r}")


def run_groups(groups, group, program):
    """Runs the group named `group` (or all of them) against `program`; the exit status."""
    global BINARY
    BINARY = program
    for name, test in groups.items():
        if group in (name, "all"):
            test()
    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    return 0
