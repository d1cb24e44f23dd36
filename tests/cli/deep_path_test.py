#!/usr/bin/env python3
"""The program and its tests where the folder they sit in is deep (a clone's path over 100
characters): a copy of the binary, its data folder and the test scripts under such a folder, and
there the tests that show a path of theirs: the notice naming the shipped tree's command (which
was cut with "…", so the command shown could not be run) and the arena's --versus report (whose
program paths no line of 80 columns holds).

The binary is copied, not linked, as it finds its data beside where it runs (/proc/self/exe, which
a symbolic link does not hide); the data folder and the scripts are linked, being found by the
path they are reached through.

Usage: deep_path_test.py BINARY EXAMPLE_BREAKER DATA_DIR"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# The folder's length: these tests first failed in a clone about 60 characters deep.
DEPTH = 120
# mm/run/data_files.hpp: where the binary looks for its data, below the folder above its own.
DATA_SUBDIR = os.path.join("share", "mastermind")
RUN_TIMEOUT = 300


def main():
    if len(sys.argv) != 4:
        print(__doc__.splitlines()[-1], file=sys.stderr)
        return 2
    binary, example_breaker, data_dir = sys.argv[1:]
    failures = []
    with tempfile.TemporaryDirectory(prefix="mm-deep-") as tmp:
        top = os.path.join(tmp, "d" * max(1, DEPTH - len(tmp)))
        os.makedirs(os.path.join(top, "bin"))
        os.makedirs(os.path.join(top, "tests"))
        os.makedirs(os.path.dirname(os.path.join(top, DATA_SUBDIR)))
        deep_binary = os.path.join(top, "bin", "mastermind")
        shutil.copy2(binary, deep_binary)
        os.symlink(os.path.abspath(data_dir), os.path.join(top, DATA_SUBDIR))
        os.symlink(HERE, os.path.join(top, "tests", "cli"))
        os.symlink(os.path.join(ROOT, "examples"), os.path.join(top, "examples"))
        # The data where the copy runs, not where another setting points.
        env = {k: v for k, v in os.environ.items() if k != "MASTERMIND_DATA_DIR"}

        # The premise: the copy plays its trees from the deep folder.
        records = subprocess.run([deep_binary, "records", "--json"], capture_output=True, text=True, env=env,
                                 timeout=RUN_TIMEOUT)
        tree = next((r.get("tree") for r in json.loads(records.stdout or "[]") if r.get("rules") == "p5c6r"), None)
        if len(top) < DEPTH or not (tree or "").startswith(top + os.sep):
            failures.append(f"the copy under a folder of {len(top)} characters finds 5 x 6's tree there: {tree!r}")

        for script, *args in (("optimal_cli_test.py", deep_binary, "optimal_settled_board"),
                              ("arena_test.py", deep_binary, example_breaker, "versus")):
            proc = subprocess.run([sys.executable, os.path.join(top, "tests", "cli", script), *args],
                                  capture_output=True, text=True, env=env, timeout=RUN_TIMEOUT)
            print(proc.stdout + proc.stderr, end="")
            if proc.returncode != 0:
                failures.append(f"{script} {args[-1]} under the deep folder: status {proc.returncode}")
    for failure in failures:
        print(f"FAIL: {failure}")
    print(f"{len(failures)} check(s) failed" if failures else "ok: the deep folder's tests pass")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
