#!/usr/bin/env python3
"""End-to-end tests of `mastermind-mpi` under mpirun: the same tree as `mastermind` byte for byte
for any number of ranks, a job stopped part way and resumed from its checkpoint, a rank that dies,
checkpoints refused, usage errors. Jobs are waited for (never a sleep); test hooks in the
environment stop a job after a given number of tasks, so nothing depends on timing.

Usage: mpi_test.py MPIRUN MASTERMIND_MPI MASTERMIND GROUP   (GROUP: a name in GROUPS, or `all`)
"""

import atexit
import json
import os
import re
import shutil
import sqlite3
import stat
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli"))
from groups import check, run_groups  # noqa: E402

USAGE = 64
DATA = 65
CANT_CREATE = 73
HOOK_EXIT = 75
JOB_TIMEOUT = 300

MPIRUN = ""
MPI_BINARY = ""
SINGLE = ""

# Open MPI refuses to run as root unless told, and -np 3 needs more slots than a 2-core machine
# has: both are allowed here, whoever runs the tests.
# Each test (one process of this script) keeps Open MPI's session files in a folder of its own:
# jobs of tests run side by side share /tmp/ompi.HOST.UID otherwise, and one ending can remove
# it under another starting ("orte_session_dir failed", seen once in a full run).
SESSION_DIR = tempfile.mkdtemp(prefix="mm-mpi-test-")
atexit.register(shutil.rmtree, SESSION_DIR, ignore_errors=True)
MPI_ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1", OMPI_MCA_orte_tmpdir_base=SESSION_DIR)


def job(ranks, *args, env=None):
    """(status, stdout, stderr) of mpirun -np RANKS mastermind-mpi ARGS, one thread per rank."""
    command = [MPIRUN, "--oversubscribe", "-np", str(ranks), MPI_BINARY, *args, "-j", "1"]
    proc = subprocess.run(command, capture_output=True, timeout=JOB_TIMEOUT, env=dict(MPI_ENV, **(env or {})),
                          stdin=subprocess.DEVNULL)
    return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


def alone(*args):
    """mastermind-mpi started without mpirun (a job of one rank, or no job at all)."""
    proc = subprocess.run([MPI_BINARY, *args], capture_output=True, timeout=JOB_TIMEOUT, env=MPI_ENV,
                          stdin=subprocess.DEVNULL)
    return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


def single(*args):
    proc = subprocess.run([SINGLE, *args], capture_output=True, timeout=JOB_TIMEOUT, stdin=subprocess.DEVNULL)
    check(proc.returncode == 0, f"mastermind {args}: status {proc.returncode}, {proc.stderr[:200]!r}")
    return proc.stdout.decode("utf-8", "replace")


def records(path):
    with sqlite3.connect(path) as db:
        return db.execute("SELECT COUNT(*) FROM tasks").fetchone()[0]


def journal_mode(path):
    with sqlite3.connect(path) as db:
        return db.execute("PRAGMA journal_mode").fetchone()[0]


def stats(err):
    """(tasks run, tasks from the checkpoint) from the --stats line."""
    m = re.search(r"tasks (\d+) run, (\d+) from the checkpoint", err)
    check(m is not None, f"a stats line on stderr: {err[-300:]!r}")
    return (int(m.group(1)), int(m.group(2))) if m else (-1, -1)


BOARDS = [["--rules", "p4c6r"], ["--rules", "p3c4r"], ["--rules", "p4c4n"], ["--rules", "p3c5r"],
          ["--rules", "p5c3r"], ["--rules", "p4c6r", "--max-depth", "5"]]


def test_same_tree():
    for board in BOARDS:
        expected = single("tree", "--strategy", "optimal", *board, "-j", "1")
        for ranks in (1, 2, 3):
            status, out, err = job(ranks, "tree", *board)
            check(status == 0 and out == expected,
                  f"{board} on {ranks} ranks: the tree of mastermind, byte for byte (status {status}, {err[-300:]!r})")
    expected = single("tree", "--strategy", "optimal", "--rules", "p3c4r", "--format", "text")
    status, out, _ = job(2, "tree", "--rules", "p3c4r", "--format", "text")
    check(status == 0 and out == expected, "the text format too")
    e = json.loads(single("evaluate", "--strategy", "optimal", "--json"))
    status, out, err = job(3, "evaluate", "--json")
    got = json.loads(out) if status == 0 else {}
    check(all(got.get(k) == e[k] for k in ("total", "max", "at_max", "histogram", "secrets")) and got["total"] == 5625,
          f"evaluate gives the figures of mastermind evaluate: {got} against {e}")
    check(list(got) == list(e), f"and mastermind's keys, in its order: {list(got)} against {list(e)}")
    status, _, err = job(3, "evaluate", "--stats")
    m = re.search(r"busy: (.*)$", err, re.M)
    per_rank = [int(t) for t in re.findall(r"\((\d+) tasks\)", m.group(1))] if m else []
    check(status == 0 and len(per_rank) == 3 and sum(per_rank) == stats(err)[0],
          f"--stats: the tasks of every rank add up: {err[-300:]!r}")
    status, _, err = job(2, "evaluate", "--rules", "p4c6r", "--max-depth", "4")
    check(status == 1 and "within 4 guesses" in err, f"no strategy within 4 guesses: {status}, {err[-200:]!r}")


def timeless_text(text):
    """An evaluation's text with its figures of time (the only line two runs may differ in) made
    alike: `time      0.012 s` and `time      1.3 s` both read `time      # s`."""
    return [re.sub(r"\d+([.,]\d+)?", "#", line) if re.search(r"\d+([.,]\d+)? (s|ms|min)\b", line) else line
            for line in text.splitlines()]


def timeless_json(text):
    return re.sub(r'"seconds":[0-9.e+-]+', '"seconds":0', text)


def test_same_output():
    """For the same options, stdout is mastermind's byte for byte (the time taken aside): evaluate
    in text and JSON, tree in each format, in English, Danish and Swedish."""
    for board in (["--rules", "p3c4r"], ["--rules", "p4c4n"], ["--rules", "p4c5r", "--max-depth", "5"]):
        for lang in ("en", "da", "sv") if board[1] == "p3c4r" else ("en",):
            options = [*board, "--lang", lang]
            expected = single("evaluate", "--strategy", "optimal", *options, "-j", "1")
            status, out, err = job(2, "evaluate", *options)
            check(status == 0 and timeless_text(out) == timeless_text(expected),
                  f"evaluate {options}: mastermind's text ({status}, {err[-200:]!r}):\n{out}\n{expected}")
            differ = [(a, b) for a, b in zip(out.splitlines(), expected.splitlines()) if a != b]
            check(len(differ) <= 1, f"evaluate {options}: only the time may differ: {differ}")
        expected = single("evaluate", "--strategy", "optimal", *board, "--json", "-j", "1")
        status, out, err = job(2, "evaluate", *board, "--json")
        check(status == 0 and timeless_json(out) == timeless_json(expected) and '"seconds":' in out,
              f"evaluate {board} --json: mastermind's line ({status}, {err[-200:]!r}):\n{out}\n{expected}")
        for form in ("json", "text", "dot") if board[1] == "p3c4r" else ("json",):
            expected = single("tree", "--strategy", "optimal", *board, "--format", form, "--lang", "da", "-j", "1")
            status, out, err = job(2, "tree", *board, "--format", form, "--lang", "da")
            check(status == 0 and out == expected, f"tree {board} --format {form}: byte for byte ({err[-200:]!r})")


def test_resume():
    expected = single("tree", "--strategy", "optimal", "-j", "1")
    with tempfile.TemporaryDirectory(prefix="mm-mpi-") as d:
        path = os.path.join(d, "classic.ckpt")
        stop_after = 7
        status, out, err = job(2, "tree", "--checkpoint", path, env={"MM_MPI_TEST_STOP_AFTER": str(stop_after)})
        check(status != 0 and out == "" and f"ends after {stop_after} recorded tasks" in err,
              f"the job stopped by the hook: {status}, {out[:100]!r}, {err[-300:]!r}")
        check(records(path) == stop_after, f"the checkpoint holds the {stop_after} tasks: {records(path)}")
        # Records go to SQLite's write-ahead log, synced every few seconds: a rollback journal
        # synced per record made a job wait on the disk four times per task.
        check(journal_mode(path) == "wal", f"a write-ahead log: {journal_mode(path)}")
        status, out, err = job(3, "tree", "--checkpoint", path, "--stats")
        ran, restored = stats(err)
        check(status == 0 and out == expected, f"resumed on 3 ranks: the same tree ({status}, {err[-300:]!r})")
        check(restored == stop_after, f"every recorded task taken from the checkpoint: {restored}")
        # Each task run is recorded once more; one run again would replace its record, not add one.
        check(records(path) == stop_after + ran, f"no finished task run again: {records(path)} = {stop_after} + {ran}")
        status, out, err = job(2, "tree", "--checkpoint", path, "--stats")
        check(status == 0 and out == expected and stats(err)[0] == 0,
              f"a finished checkpoint: the tree again with no task run ({err[-200:]!r})")


def test_rank_dies():
    with tempfile.TemporaryDirectory(prefix="mm-mpi-") as d:
        path = os.path.join(d, "classic.ckpt")
        # Rank 1 dies when handed its first task, which every rank gets before any result comes
        # back: the job cannot end without it, whatever the load.
        status, out, err = job(2, "tree", "--checkpoint", path, env={"MM_MPI_TEST_RANK_EXIT": "1:0"})
        check(status != 0 and out == "", f"the job fails when a rank dies: {status}, {out[:100]!r}")
        check("rank 1 leaves the job after 0 tasks" in err, f"the rank says so: {err[-400:]!r}")
        check("the job ended before the search did" in err and "same --checkpoint" in err,
              f"rank 0 says the job ended and how to go on: {err[-400:]!r}")
        expected = single("tree", "--strategy", "optimal", "-j", "1")
        status, out, _ = job(2, "tree", "--checkpoint", path)
        check(status == 0 and out == expected, "and the same checkpoint then finishes the tree")


def expect_refused(args, fragment, ranks=None):
    status, out, err = job(ranks, *args) if ranks else alone(*args)
    ours = [line for line in err.splitlines() if line.startswith("mastermind-mpi:")]
    check(status == DATA and out == "" and len(ours) == 1 and fragment in ours[0],
          f"{args}: refused with status 65 and one line with {fragment!r}: {status}, {err[-300:]!r}")


def test_checkpoint_refused():
    with tempfile.TemporaryDirectory(prefix="mm-mpi-") as d:
        small = os.path.join(d, "p3c4r.ckpt")
        status, _, _ = job(2, "tree", "--rules", "p3c4r", "--checkpoint", small)
        check(status == 0 and records(small) > 0, "a finished checkpoint of p3c4r")
        before = open(small, "rb").read()
        expect_refused(["tree", "--rules", "p4c4n", "--checkpoint", small], "other options")
        expect_refused(["tree", "--rules", "p3c4r", "--max-depth", "3", "--checkpoint", small], "other options", 2)
        check(open(small, "rb").read() == before, "a refused checkpoint is left as it was")
        cut = os.path.join(d, "cut.ckpt")
        with open(cut, "wb") as f:
            f.write(before[: len(before) // 2])
        expect_refused(["tree", "--rules", "p3c4r", "--checkpoint", cut], "damaged")
        text = os.path.join(d, "notes.txt")
        with open(text, "w") as f:
            f.write("not a checkpoint\n" * 100)
        expect_refused(["tree", "--rules", "p3c4r", "--checkpoint", text], "not a checkpoint")
        empty = os.path.join(d, "empty")
        open(empty, "w").close()
        expect_refused(["tree", "--rules", "p3c4r", "--checkpoint", empty], "not a checkpoint")
        # A record changed behind SQLite's back: its checksum no longer matches.
        tampered = os.path.join(d, "tampered.ckpt")
        with open(tampered, "wb") as f:
            f.write(before)
        with sqlite3.connect(tampered) as db:
            db.execute("UPDATE tasks SET numbers = zeroblob(16) WHERE seq = (SELECT MIN(seq) FROM tasks "
                       "WHERE key LIKE 'v %')")
        expect_refused(["tree", "--rules", "p3c4r", "--checkpoint", tampered], "checksum", 2)


def test_usage():
    for args, fragment in [(["tree", "--max-depth", "0"], "--max-depth"), (["tree", "--strategy", "knuth"], "optimal"),
                           (["evaluate", "--rules", "p4c99r"], "colours"), (["plya"], "plya"),
                           (["tree", "--format", "svg"], "--format"), ([], "subcommand is required")]:
        status, out, err = alone(*args)
        check(status == USAGE and out == "" and err.count("\n") == 1 and err.startswith("mastermind-mpi:")
              and fragment in err, f"{args}: status 64 and one line with {fragment!r}: {status}, {err!r}")
    status, out, err = job(2, "tree", "--max-depth", "0")
    ours = [line for line in err.splitlines() if line.startswith("mastermind-mpi:")]
    check(status == USAGE and len(ours) == 1, f"under mpirun: status 64 and one line for the job: {status}, {err!r}")
    status, out, _ = alone("--version")
    check(status == 0 and out.startswith("mastermind-mpi "), f"--version: {out!r}")
    status, out, _ = alone("tree", "--help")
    check(status == 0 and "--checkpoint" in out and "--max-depth" in out and "--format" in out,
          f"tree --help lists the options: {out[:300]!r}")
    status, out, _ = alone("--help")
    check(status == 0 and "--rules" in out and "evaluate" in out and "tree" in out,
          f"--help lists the variant options and the subcommands: {out[:300]!r}")
    names = re.findall(r"^\s+((?:-\w, )?--[\w-]+)", out, re.M)
    check("--search" not in out and "--seed" not in out and "--rules" in names and "--lang" in names,
          f"--help lists only the options it takes (no --search, no --seed): {names}")
    status, out, _ = alone("--help", "--lang", "sv")
    check(status == 0 and "Regler i ett ord" in out, f"--lang sv: the help in Swedish: {out[:300]!r}")
    status, out, err = alone("evaluate", "--search", "exact")
    check(status == USAGE and "--search" in err, f"--search is not an option of mastermind-mpi: {status}, {err!r}")


def test_output():
    board = ["--rules", "p3c4r"]
    expected = single("tree", "--strategy", "optimal", *board, "-j", "1")
    with tempfile.TemporaryDirectory(prefix="mm-mpi-") as d:
        path = os.path.join(d, "tree.json")
        status, out, err = job(2, "tree", *board, "-o", path)
        check(status == 0 and out == "" and open(path).read() == expected,
              f"-o writes the tree of mastermind to the file, nothing on stdout: {status}, {err[-200:]!r}")
        check(os.listdir(d) == ["tree.json"], f"no temporary file left beside it: {os.listdir(d)}")
        with open(path, "w") as f:
            f.write("kept\n")
        for ranks in (None, 2):  # started alone and under mpirun, refused before the search
            args = ["tree", *board, "-o", path]
            status, out, err = job(ranks, *args) if ranks else alone(*args)
            ours = [line for line in err.splitlines() if line.startswith("mastermind-mpi:")]
            check(status == CANT_CREATE and out == "" and len(ours) == 1 and "--force" in ours[0],
                  f"an existing file without --force: status 73, one line naming --force: {status}, {err[-300:]!r}")
            check(open(path).read() == "kept\n", "and the file is left as it was")
        status, out, err = job(2, "tree", *board, "--format", "text", "-o", path, "--force")
        expected_text = single("tree", "--strategy", "optimal", *board, "--format", "text")
        check(status == 0 and open(path).read() == expected_text, f"--force replaces it: {status}, {err[-200:]!r}")
        # A file the user names goes where they said or nowhere: no directory is made for it.
        missing = os.path.join(d, "missing", "deeper")
        for args in (["tree", *board, "-o", os.path.join(missing, "t.json")],
                     ["tree", *board, "--checkpoint", os.path.join(missing, "t.ckpt")]):
            status, out, err = job(2, *args)
            ours = [line for line in err.splitlines() if line.startswith("mastermind-mpi:")]
            check(status == CANT_CREATE and out == "" and len(ours) == 1,
                  f"{args}: status 73 and one line: {status}, {err[-300:]!r}")
            check(not os.path.exists(os.path.join(d, "missing")), f"{args}: no directory made")
        status, out, err = alone("tree", *board, "--force")
        check(status == USAGE and "-o" in err, f"--force without -o is a usage error: {status}, {err!r}")
        # A pipe is written in place (a rename would put a regular file where it was).
        fifo = os.path.join(d, "fifo")
        os.mkfifo(fifo)
        command = [MPIRUN, "--oversubscribe", "-np", "2", MPI_BINARY, "tree", *board, "-o", fifo, "-j", "1"]
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=MPI_ENV,
                                stdin=subprocess.DEVNULL)
        got = []
        reader = threading.Thread(target=lambda: got.append(open(fifo).read()))
        reader.start()
        out, err = proc.communicate(timeout=JOB_TIMEOUT)
        # A job that never opened the FIFO leaves the reader waiting for a writer: be one, briefly
        # (opening fails until the reader has the FIFO open).
        while reader.is_alive():
            try:
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass
            reader.join(timeout=1)
        got = got[0] if got else None
        err = err.decode("utf-8", "replace")
        check(proc.returncode == 0 and got == expected, f"-o FIFO gets the tree: {proc.returncode}, {err[-200:]!r}")
        check(stat.S_ISFIFO(os.stat(fifo).st_mode), "and stays a FIFO")


def test_time_limit():
    """--time-limit and --memory per rank. On a board the job settles within the limit, the answer
    is mastermind's; on an open board the job ends at the limit with a strategy that is not proven,
    both bounds, and a tree that plays every secret to the reported total. Nothing depends on how
    fast the machine is: 5 x 6 is far from proven in seconds, 3 x 4 is proven in milliseconds."""
    board = ["--rules", "p3c4r"]
    for ranks in (1, 2, 3):
        expected = single("evaluate", "--strategy", "optimal", *board, "--time-limit", "600", "--json", "-j", "1")
        status, out, err = job(ranks, "evaluate", *board, "--time-limit", "600", "--json")
        check(status == 0 and timeless_json(out) == timeless_json(expected),
              f"{ranks} ranks, a board settled in time: mastermind's line ({status}, {err[-300:]!r}):\n{out}\n{expected}")
        expected = single("tree", "--strategy", "optimal", *board, "--time-limit", "600", "-j", "1")
        status, out, err = job(ranks, "tree", *board, "--time-limit", "600")
        check(status == 0 and out == expected, f"{ranks} ranks: and its tree, byte for byte ({err[-300:]!r})")
    status, out, err = job(2, "evaluate", "--rules", "p4c6r", "--memory", "4M", "--json")
    got = json.loads(out) if status == 0 else {}
    check(got.get("total") == 5625 and got.get("proven") is True,
          f"--memory 4M per rank: the classic optimum all the same ({status}, {err[-300:]!r})")
    open_board = ["--rules", "p5c6r", "--time-limit", "2"]
    for ranks in (1, 2):
        status, out, err = job(ranks, "evaluate", *open_board, "--memory", "64M", "--json")
        got = json.loads(out) if status == 0 else {}
        check(got.get("proven") is False and 0 < got.get("lower_bound", 0) < got.get("total", 0)
              and got.get("gap", 0) > 0 and got.get("secrets") == 7776 and sum(got.get("histogram", {}).values()) == 7776,
              f"{ranks} ranks, 5 x 6 at 2 s: a strategy for every secret, not proven, both bounds: {status}, "
              f"{out[:300]!r}, {err[-300:]!r}")
    with tempfile.TemporaryDirectory(prefix="mm-mpi-") as d:
        path = os.path.join(d, "tree.json")
        status, out, err = job(2, "tree", *open_board, "-o", path)
        m = re.search(r"not proven optimal: .*; best found (\d+), proven lower bound (\d+)", err)
        check(status == 0 and m is not None, f"tree at the time limit: the note on stderr ({status}, {err[-300:]!r})")
        played = json.loads(single("evaluate", "--rules", "p5c6r", "--tree", path, "--json"))
        check(m is not None and played["total"] == int(m.group(1)) and played["secrets"] == 7776,
              f"the tree written plays every secret to the total reported: {played.get('total')}, {err[-200:]!r}")
    status, out, _ = alone("evaluate", "--help")
    check(status == 0 and "--time-limit" in out and "--memory" in out, f"evaluate --help lists both: {out[:400]!r}")
    status, out, err = alone("evaluate", "--time-limit", "0")
    check(status == USAGE and err.count("\n") == 1 and "--time-limit" in err, f"--time-limit 0: {status}, {err!r}")


GROUPS = {
    "time_limit": test_time_limit,
    "same_tree": test_same_tree,
    "same_output": test_same_output,
    "resume": test_resume,
    "rank_dies": test_rank_dies,
    "checkpoint_refused": test_checkpoint_refused,
    "usage": test_usage,
    "output": test_output,
}

if __name__ == "__main__":
    MPIRUN, MPI_BINARY, SINGLE = sys.argv[1], sys.argv[2], sys.argv[3]
    sys.exit(run_groups(GROUPS, sys.argv[4], MPI_BINARY))
