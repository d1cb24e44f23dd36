#!/usr/bin/env python3
"""End-to-end tests of the optimal strategy and of decision tree files on the command line: the
real binary run through pipes, output, exit status and stderr checked.

Usage: optimal_cli_test.py BINARY GROUP   (GROUP: one of the names in GROUPS below, or `all`)
"""

import fcntl
import json
import os
import re
import select
import shlex
import signal
import sqlite3
import stat
import subprocess
import sys
import tempfile

from groups import check, expect_error, expect_json, run, run_groups, run_with_stderr_on_terminal

USAGE = 64
FAILURE = 1
DATA = 65
CANT_CREATE = 73

BINARY = ""


def test_evaluate():
    e = expect_json("evaluate", "--strategy", "optimal", "--json")
    check(e.get("total") == 5625 and e.get("max") == 6 and e.get("proven") is True,
          f"classic optimal is 5625 with worst case 6 (Koyama and Lai): {e}")
    e = expect_json("evaluate", "--strategy", "optimal", "--max-depth", "5", "--json")
    check(e.get("total") == 5626 and e.get("max") == 5, f"classic within five guesses is 5626: {e}")
    expect_error(["evaluate", "--strategy", "optimal", "--max-depth", "4"], FAILURE, "within 4 guesses")
    expect_error(["evaluate", "--strategy", "knuth", "--max-depth", "5"], USAGE, "--max-depth")
    expect_error(["evaluate", "--max-depth", "5"], USAGE, "--max-depth")
    expect_error(["evaluate", "--strategy", "optimal", "--sample", "10"], USAGE, "--sample")
    expect_error(["evaluate", "--strategy", "optimal", "--max-depth", "0"], USAGE, "--max-depth")
    expect_error(["evaluate", "--strategy", "optimal", "--time-limit", "-1"], USAGE, "--time-limit")


def test_feasibility():
    # No list of boards known to finish: 3 x 9 (refused by such a list once) is searched and proven,
    # and the tree it writes plays every secret for the total it reports.
    e = expect_json("evaluate", "--strategy", "optimal", "--rules", "p3c9r", "--json")
    check(e.get("proven") is True and e.get("lower_bound") == e.get("total") and e.get("secrets") == 729,
          f"3 x 9 is searched and proven: {e}")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "p3c9r.json")
        status, _, err = run("tree", "--strategy", "optimal", "--rules", "p3c9r", "-o", path)
        check(status == 0 and err == "", f"tree -o on 3 x 9: {status} {err!r}")
        t = expect_json("evaluate", "--tree", path, "--rules", "p3c9r", "--json")
        check(t.get("total") == e.get("total"), f"the written tree re-evaluates to {e.get('total')}: {t}")
    # `next` plays what the written tree plays, at every child of the root.
    tree = expect_json("tree", "--strategy", "optimal")
    code = lambda colours: "".join(str(c + 1) for c in colours)
    first = code(tree["root"]["guess"])
    for branch in tree["root"]["answers"][:3]:
        answer = "B" * branch["black"] + "W" * branch["white"] + "." * (4 - branch["black"] - branch["white"])
        status, out, _ = run("next", "--strategy", "optimal", f"{first}={answer}")
        check(status == 0 and f"next guess: {code(branch['next']['guess'])}" in out,
              f"next after {first}={answer} plays the tree's guess: {out!r}")
    # 4 x 8 takes about 14 s: stopped at 0.2 s on any machine.
    e = expect_json("evaluate", "--strategy", "optimal", "--rules", "p4c8r", "--time-limit", "0.2", "--json")
    check(e.get("proven") is False and 0 < e.get("lower_bound", 0) <= e.get("total", 0) and e.get("secrets") == 4096,
          f"a stopped search reports the best strategy found and a lower bound: {e}")
    status, out, err = run("evaluate", "--strategy", "optimal", "--rules", "p4c8r", "--time-limit", "0.2")
    check(status == 0 and "not proven optimal" in out, f"the text output says it is not proven: {out!r}")


def test_threads():
    one = run("tree", "--strategy", "optimal", "--rules", "p3c5r", "-j", "1")
    two = run("tree", "--strategy", "optimal", "--rules", "p3c5r", "-j", "2")
    check(one[0] == 0 and one == two, "the optimal tree is the same on one and two threads")


def test_tree_files():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "t.json")
        status, out, err = run("tree", "--strategy", "optimal", "--rules", "p3c4r", "-o", path)
        check(status == 0 and out == "" and err == "", f"tree -o: {status} {out!r} {err!r}")
        with open(path, encoding="utf-8") as f:
            first = f.read()
        tree = json.loads(first)
        check(tree.get("schema") == "mastermind-decision-tree" and tree.get("version") == 1
              and tree.get("rules") == {"pegs": 3, "colors": 4, "repeats": True}
              and tree.get("strategy") == "optimal" and tree.get("total") == 206,
              f"the documented fields: {first[:300]!r}")
        expect_error(["tree", "--strategy", "knuth", "--rules", "p3c4r", "-o", path], CANT_CREATE, "--force")
        with open(path, encoding="utf-8") as f:
            check(f.read() == first, "an existing file is left alone without --force")
        # Before a search of hours, not after it: 4 x 11's proof would not end within the test's time.
        for target, why in ((path, "exists already"), (os.path.join(tmp, "none", "t.json"), "there is no folder")):
            status, out, err = run("tree", "--strategy", "optimal", "--rules", "p4c11r", "-o", target)
            check(status == CANT_CREATE and out == "" and why in err and "optimal on" not in err
                  and len(err.strip().splitlines()) == 1, f"a taken -o is refused first: {status} {err!r}")
        status, _, _ = run("tree", "--strategy", "knuth", "--rules", "p3c4r", "-o", path, "--force")
        with open(path, encoding="utf-8") as f:
            check(status == 0 and json.loads(f.read()).get("strategy") == "knuth", "--force replaces the file")
        check(os.listdir(tmp) == ["t.json"], f"no temporary file is left behind: {os.listdir(tmp)}")
        status, out, _ = run("tree", "--load", path, "--rules", "p3c4r")
        check(status == 0 and json.loads(out).get("strategy") == "knuth", "a written tree loads back")
        status, out, _ = run("tree", "--load", path, "--rules", "p3c4r", "--format", "text")
        check(status == 0 and out.startswith("123\n  "), f"text is indented by depth: {out[:40]!r}")
        status, out, _ = run("tree", "--load", path, "--rules", "p3c4r", "--format", "dot", "--cut-at", "2")
        check(status == 0 and out.startswith("digraph") and out.rstrip().endswith("}"), "DOT is a digraph")


def test_tree_to_a_pipe():
    # A target that is not a regular file is written in place: a temporary file renamed over it
    # would leave a regular file where the pipe (or /dev/null) was.
    for force in ([], ["--force"]):
        with tempfile.TemporaryDirectory() as tmp:
            fifo = os.path.join(tmp, "pipe")
            os.mkfifo(fifo)
            reader = subprocess.Popen(["cat", fifo], stdout=subprocess.PIPE)
            status, _, err = run("tree", "--strategy", "knuth", "--rules", "p3c4r", "-o", fifo, *force)
            still_fifo = stat.S_ISFIFO(os.stat(fifo).st_mode)
            if still_fifo:  # let the reader reach end of input even if nothing was written
                try:
                    os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
                except OSError:
                    pass  # the reader has gone already
            else:
                reader.kill()
            received = reader.communicate()[0].decode()
            check(status == 0 and err == "", f"tree -o to a pipe {force}: {status} {err!r}")
            check(still_fifo, f"the pipe is still a pipe {force}")
            check(received.startswith("{") and json.loads(received).get("strategy") == "knuth",
                  f"the tree went through the pipe {force}: {received[:60]!r}")
            check(sorted(os.listdir(tmp)) == ["pipe"], f"no temporary file is left behind: {os.listdir(tmp)}")


def test_tree_errors():
    with tempfile.TemporaryDirectory() as tmp:
        good = os.path.join(tmp, "good.json")
        run("tree", "--strategy", "knuth", "--rules", "p3c4r", "-o", good)
        with open(good, encoding="utf-8") as f:
            tree = json.load(f)

        def bad(name, content, fragment, rules="p3c4r"):
            path = os.path.join(tmp, name)
            with open(path, "w", encoding="utf-8") as f:
                f.write(content if isinstance(content, str) else json.dumps(content))
            expect_error(["tree", "--load", path, "--rules", rules], DATA, fragment)

        bad("empty.json", "", "not a JSON file")
        bad("truncated.json", json.dumps(tree)[:100], "not a JSON file")
        bad("other.json", {"schema": "something"}, "schema")
        bad("version.json", dict(tree, version=7), "version 7")
        bad("rules.json", tree, "not for p3c5r", rules="p3c5r")
        t = json.loads(json.dumps(tree))
        t["root"]["guess"] = [0, 1, 9]
        bad("guess.json", t, "colour")
        t = json.loads(json.dumps(tree))
        t["root"]["answers"][0]["black"], t["root"]["answers"][0]["white"] = 2, 1
        bad("answer.json", t, "impossible")
        t = json.loads(json.dumps(tree))
        del t["root"]["answers"][0]
        bad("unsolved.json", t, "never solved")
        bad("deep.json", "[" * 100000 + "]" * 100000, "nested")
        expect_error(["tree", "--load", os.path.join(tmp, "missing.json")], DATA, "cannot be read")
        # No folder is made for an output file; the message names the one missing.
        folder = os.path.join(tmp, "no-such-folder")
        expect_error(["tree", "--rules", "p3c5r", "-o", os.path.join(folder, "t.json")], CANT_CREATE,
                     f"there is no folder {folder}")
        check(not os.path.exists(folder), "tree -o made no folder")
    expect_error(["tree", "--format", "text", "--cut-at", "2"], USAGE, "--cut-at")
    expect_error(["tree", "--load", "x.json", "--strategy", "knuth"], USAGE, "--load")


def test_progress():
    """A search of more than a second with stderr on a terminal shows the progress line (elapsed,
    the first guess's classes settled until a total is known, then the best total, lower bound and
    gap; nodes per second) and wipes it; the time limit makes it long enough."""
    command = ["evaluate", "--strategy", "optimal", "--rules", "p3c15r", "--time-limit", "2", "-j", "1", "--json"]
    status, out, seen = run_with_stderr_on_terminal(command, columns=120)
    data = json.loads(out)
    check(status == 0 and data.get("proven") is False, f"p3c15r stopped by its time limit: {data!r}")
    check(b"lower bound" in seen and b"\r" in seen, f"no progress line: {seen[-200:]!r}")
    # On one core the first first guess of 3 x 15 takes more than 30 s: its classes are counted as
    # they settle, never more than the 8 answers it can get short of the win.
    counts = [(int(d), int(t)) for d, t in re.findall(rb"first guess (\d+)/(\d+) classes, lower bound", seen)]
    check(counts and all(d <= t <= 8 for d, t in counts) and counts == sorted(counts),
          f"no count of classes: {seen[-200:]!r}")
    # The node count grows from the start, before any first guess is settled.
    rates = [int(r.replace(b",", b"")) for r in re.findall(rb"([\d,]+) nodes/s", seen)]
    check(rates and max(rates) > 0, f"no nodes per second on a wide terminal: {seen[-200:]!r}")
    check(seen.endswith(b"\r"), f"progress line not wiped: {seen[-80:]!r}")
    # On 80 columns every line fits whole: without the nodes per second rather than cut short.
    status, _, seen = run_with_stderr_on_terminal(command)
    lines = [line.rstrip() for line in seen.split(b"\r") if line.strip()]
    whole = re.compile(rb".*(%|nodes/s|lower bound [\d,]+)$")
    check(status == 0 and lines and all(len(line.decode()) < 80 and whole.match(line) for line in lines),
          f"lines cut on 80 columns: {lines[-2:]!r}")
    status, _, err = run("evaluate", "--strategy", "optimal", "--rules", "p4c5r")
    check(status == 0 and err == "", f"progress on a pipe: {err!r}")


def test_memory_and_checkpoint():
    """--memory and --checkpoint: their errors (64 for options, 65 for a file of other options or a
    damaged one), a search stopped and resumed from its checkpoint ending where an unbroken one does,
    and a small budget that still proves the optimum."""
    for bad in ["", "12x", "100K", "0", "-1G", "1.5G", "99999999999T"]:
        expect_error(["evaluate", "--strategy", "optimal", "--memory", bad], USAGE, "--memory")
    expect_error(["evaluate", "--memory", "1G"], USAGE, "--memory")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "search.ck")
        expect_error(["evaluate", "--checkpoint", path], USAGE, "--checkpoint")
        check(not os.path.exists(path), "a refused --checkpoint makes no file")
        # 4 x 7 stopped after a fraction of its search, then resumed from the file: the optimum
        # the literature gives (Ville 2013), proven.
        whole = {"total": 11228}
        status, out, _ = run("evaluate", "--strategy", "optimal", "--rules", "p4c7r", "--time-limit", "0.3",
                             "--checkpoint", path, "--json")
        first = json.loads(out) if status == 0 else {}
        check(status == 0 and first.get("lower_bound", 0) <= first.get("upper_bound", -1), f"stopped run: {first}")
        check(os.path.getsize(path) > 0, "the checkpoint is written")
        resumed = expect_json("evaluate", "--strategy", "optimal", "--rules", "p4c7r", "--checkpoint", path, "--json")
        check(resumed.get("proven") is True and resumed.get("total") == whole.get("total"),
              f"resumed from the checkpoint, the same optimum: {resumed.get('total')} vs {whole.get('total')}")
        expect_error(["evaluate", "--strategy", "optimal", "--rules", "p4c6r", "--checkpoint", path], DATA,
                     "other options")
        expect_error(["evaluate", "--strategy", "optimal", "--rules", "p4c7r", "--max-depth", "6", "--checkpoint",
                      path], DATA, "other options")
        damaged = os.path.join(tmp, "damaged.ck")
        with open(damaged, "w", encoding="utf-8") as f:
            f.write("not a checkpoint\n" * 100)
        expect_error(["evaluate", "--strategy", "optimal", "--rules", "p4c7r", "--checkpoint", damaged], DATA,
                     "not a checkpoint")
    small = expect_json("evaluate", "--strategy", "optimal", "--rules", "p4c7r", "--memory", "64M", "--json")
    check(small.get("proven") is True and small.get("total") == whole.get("total"),
          f"64M of memory proves the same optimum: {small.get('total')} vs {whole.get('total')}")


def checkpoint_rows(path):
    """The facts a checkpoint holds so far, read beside the run that writes it (0 while its file
    or table is not there yet, or SQLite has it locked)."""
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=0.1)
        try:
            return db.execute("SELECT count(*) FROM tasks").fetchone()[0]
        finally:
            db.close()
    except sqlite3.Error:
        return 0


def test_checkpoint_killed():
    """A search killed with SIGKILL once its checkpoint holds facts (a state, not a time) leaves a
    file the same command goes on from, to the same proven optimum (4 x 8: 20471)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "killed.ck")
        command = [BINARY, "evaluate", "--strategy", "optimal", "--rules", "p4c8r", "--checkpoint", path, "--json"]
        proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        try:
            while proc.poll() is None and checkpoint_rows(path) == 0:
                select.select([], [], [], 0.02)
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
        finally:
            status = proc.wait()
        check(status == -signal.SIGKILL, f"killed mid-search (a search of seconds), not ended: status {status}")
        kept = checkpoint_rows(path)
        check(kept > 0, f"the killed run's facts are in its checkpoint: {kept}")
        status, out, _ = run(*command[1:])  # stderr: a notice of the search's length
        resumed = json.loads(out) if status == 0 else {}
        check(resumed.get("proven") is True and resumed.get("total") == 20471,
              f"resumed after kill -9, the same optimum: {resumed.get('total')} (proven {resumed.get('proven')})")
        check(checkpoint_rows(path) >= kept, "the resumed run keeps what the killed one wrote")


def test_checkpoint_refused():
    """A checkpoint cut short, damaged inside a page, changed behind SQLite's back, of a newer
    format, empty or in use by another run is refused with one line and status 65, and left as it
    was; one that cannot be created is status 73, and nothing is made."""
    search = ["evaluate", "--strategy", "optimal", "--rules", "p3c4r", "-j", "1"]
    with tempfile.TemporaryDirectory() as tmp:
        good = os.path.join(tmp, "good.ck")
        status, _, err = run(*search, "--checkpoint", good)
        check(status == 0 and err == "" and os.path.exists(good), f"a checkpoint of p3c4r: {status} {err!r}")
        if not os.path.exists(good):
            return
        with open(good, "rb") as f:
            whole = f.read()

        def refused(name, data, fragment, sql=None):
            path = os.path.join(tmp, name)
            with open(path, "wb") as f:
                f.write(data)
            if sql:
                db = sqlite3.connect(path)
                db.execute(sql)
                db.commit()
                db.close()  # the change copied from SQLite's log into the file
            with open(path, "rb") as f:
                before = f.read()
            expect_error([*search, "--checkpoint", path], DATA, fragment)
            with open(path, "rb") as f:
                check(f.read() == before, f"{name}: a refused checkpoint is left as it was")

        refused("cut.ck", whole[:len(whole) // 2], "damaged")
        # Cell pointers of the third page (a table's) overwritten: PRAGMA quick_check finds it.
        page = 4096
        refused("garbage.ck", whole[:2 * page + 8] + b"\xff" * 64 + whole[2 * page + 72:], "damaged (")
        refused("tampered.ck", whole, "does not match its checksum",
                "UPDATE tasks SET numbers = zeroblob(16) WHERE seq = (SELECT MIN(seq) FROM tasks)")
        refused("newer.ck", whole, "not a checkpoint of this version",
                "UPDATE header SET value = 'mastermind-mpi checkpoint 2' WHERE name = 'format'")
        refused("empty.ck", b"", "not a checkpoint")
        # A file another run has open (its lock held here, as that run holds it) is refused at once,
        # and taken once the lock is let go.
        with open(good, "rb") as held:
            fcntl.flock(held, fcntl.LOCK_EX)
            expect_error([*search, "--checkpoint", good], DATA, "in use by another run")
            with open(good, "rb") as f:
                check(f.read() == whole, "a checkpoint in use is left as it was")
            fcntl.flock(held, fcntl.LOCK_UN)
            status, _, err = run(*search, "--checkpoint", good)
            check(status == 0 and err == "", f"the checkpoint is taken once let go: {status} {err!r}")
        missing = os.path.join(tmp, "no-such-directory", "search.ck")
        expect_error([*search, "--checkpoint", missing], CANT_CREATE, "cannot be created")
        check(not os.path.exists(os.path.dirname(missing)), "nothing is made for a checkpoint that cannot be created")


def test_anytime():
    """A stopped search's strategy, written by tree -o, plays every secret for the total reported;
    Ctrl-C on an open board ends the search with its best strategy, exit 0."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "p4c8r.json")
        status, _, err = run("tree", "--strategy", "optimal", "--rules", "p4c8r", "--time-limit", "0.3", "-o", path)
        reported = re.search(r"best found (\d+), proven lower bound (\d+)", err)
        check(status == 0 and reported is not None, f"tree -o of a stopped search: {status} {err!r}")
        if reported:
            e = expect_json("evaluate", "--tree", path, "--rules", "p4c8r", "--json")
            check(e.get("total") == int(reported.group(1)) and int(reported.group(2)) <= e.get("total", 0),
                  f"the tree written plays for the total reported ({reported.group(1)}): {e.get('total')}")
    # 5 x 6: announced, then Ctrl-C once the progress line shows a lower bound (a proof with no
    # time limit begins with the exact search, which has a best total only once its first first
    # guess is costed, minutes in; Ctrl-C before that answers with a strategy made at once).
    status, out, seen = run_with_stderr_on_terminal(["evaluate", "--strategy", "optimal", "--rules", "p5c6r", "-j", "2",
                                                     "--json"], timeout=600, interrupt_at=rb"lower bound \d+")
    data = json.loads(out) if out else {}
    check(status == 0 and data.get("proven") is False and 0 < data.get("lower_bound", 0) <= data.get("total", 0)
          and data.get("upper_bound") == data.get("total") and data.get("secrets") == 7776,
          f"Ctrl-C gives the best strategy so far and both bounds: {status} {data}")
    check(b"7776 codes" in seen, f"the long search is announced with the board's size: {seen[:300]!r}")
    status, out, _ = run("evaluate", "--strategy", "optimal", "--rules", "p4c8r", "--time-limit", "0.2")
    check(status == 0 and "the time limit stopped the search" in out and "gap" in out, f"the text says why: {out!r}")
    # --progress: the same line on a pipe, for a log (Ctrl-C once it shows a lower bound).
    status, out, seen = run_with_stderr_on_terminal(["evaluate", "--strategy", "optimal", "--rules", "p5c6r", "-j", "2",
                                                     "--json", "--progress"], timeout=600,
                                                    interrupt_at=rb"lower bound \d+", terminal=False)
    data = json.loads(out) if out else {}
    # Before its first total the line counts the first guess's classes; after it, the gap.
    shown = re.search(rb"optimal on p5c6r: .*(first guess \d+/\d+ classes|gap [\d.]+%)", seen)
    check(status == 0 and data.get("proven") is False and shown is not None,
          f"--progress shows the line on a pipe: {status} {data} {seen[-200:]!r}")
    # A log is no terminal: its lines are whole, however long, nodes per second and all.
    check(re.search(rb"optimal on p5c6r: [^\r]*, [\d,]+ nodes/s", seen) is not None,
          f"--progress on a pipe writes the whole line: {seen[-200:]!r}")
    # next with no turn played searches the whole board: announced, with its progress line, and
    # Ctrl-C answers with the best guess so far.
    status, out, seen = run_with_stderr_on_terminal(["next", "--strategy", "optimal", "--rules", "p4c10r"],
                                                    timeout=600, interrupt_at=rb"best total \d+")
    check(status == 0 and b"10000 codes" in seen and "next guess:" in out.decode(),
          f"next's long search is announced and stopped by Ctrl-C: {status} {out!r} {seen[:300]!r}")
    # After a turn the search is of part of the board: the board's estimate is not announced.
    status, out, err = run("next", "--strategy", "optimal", "--rules", "p4c10r", "0123=BBB.", "--time-limit", "30")
    check(status == 0 and "next guess:" in out and "codes;" not in err, f"next after a turn: {out!r} {err!r}")
    # next on an open board: the position's own search, stopped by its time limit, still answers.
    status, out, err = run("next", "--strategy", "optimal", "--rules", "p5c6r", "--time-limit", "0.5")
    check(status == 0 and "next guess:" in out and "not proven optimal" in err, f"next, stopped: {out!r} {err!r}")
    n = json.loads(run("next", "--strategy", "optimal", "--rules", "p5c6r", "--time-limit", "0.5",
                       "--json")[1] or "{}")
    check(n.get("proven") is False and n.get("lower_bound", 0) <= n.get("upper_bound", -1) and len(n.get("guess", "")) == 5,
          f"next --json, stopped: {n}")
    expect_error(["next", "--time-limit", "1"], USAGE, "--time-limit")


def test_settled_board_points_to_its_tree():
    """Before a long search of a board this program settled, a notice names the optimum, wrapped
    to 80 columns (stderr is no terminal), and then the command that plays the shipped tree on a
    line of its own, whole however deep the tree's folder; that command gives the optimum named."""
    status, _, err = run("evaluate", "--strategy", "optimal", "--rules", "p5c6r", "--time-limit", "0.2")
    notice = re.search(r"^mastermind: p5c6r: the optimum, (\d+) guesses, is proven, .*?in a second:\n"
                       r"  mastermind (evaluate --rules p5c6r --tree [^\n]+)$", err, re.M | re.S)
    check(status == 0 and notice is not None, f"the search of 5 x 6 points to its tree: {status} {err!r}")
    if notice:
        prose = notice.group(0).splitlines()[:-1]
        check(all(len(l) <= 80 for l in prose) and "…" not in notice.group(0),
              f"the notice wrapped to 80 columns, nothing cut: {notice.group(0)!r}")
        e = expect_json(*shlex.split(notice.group(2)), "--json")
        check(e.get("total") == int(notice.group(1)) and e.get("secrets") == 7776,
              f"the command named plays the optimum named ({notice.group(1)}): {e}")
    # Another question than the one the tree answers, or a board with no tree: no such line.
    for args in (["--rules", "p5c6r", "-g", "6"], ["--rules", "p5c6r", "--hard"], ["--rules", "p4c11r"],
                 ["--rules", "p5c6r", "--objective", "worst"], ["--rules", "p5c6rb"]):
        # (The worst case's search may end here before it has a strategy: exit 1, said so.)
        status, _, err = run("evaluate", "--strategy", "optimal", *args, "--time-limit", "0.2")
        check(status in (0, 1) and "is proven" not in err, f"no tree is named for {args}: {status} {err!r}")


def test_objective():
    # Knuth's five guesses at worst on the classic board, and the least total within them.
    e = expect_json("evaluate", "--strategy", "optimal", "--objective", "worst", "--json")
    check(e.get("max") == 5 and e.get("total") == 5626 and e.get("objective") == "worst" and e.get("proven") is True,
          f"the classic worst case is 5, 5626 in all: {e}")
    a = expect_json("evaluate", "--strategy", "optimal", "--json")
    check(a.get("objective") == "average", f"the average objective is the default: {a}")
    # Super Mastermind's depth six is open: the progress line says which depth the search seeks a
    # strategy within (five is refuted at once by the counting bound, so six by the end), and the
    # stopped search how many guesses it proved needed.
    status, _, err = run("evaluate", "--strategy", "optimal", "--objective", "worst", "--rules", "p5c8r", "-j", "1",
                         "--time-limit", "3", "--progress")
    depths = [int(d) for d in re.findall(r"seeking a strategy within (\d+) guesses", err)]
    check(status == 1 and depths and depths == sorted(depths) and set(depths) <= {5, 6} and
          "(at least 6)" in err,
          f"the worst case's progress names its depth: {status} {err[-300:]!r}")
    status, out, err = run("evaluate", "--strategy", "optimal", "--objective", "worst", "--rules", "p3c5r")
    check(status == 0 and re.search(r"^objective worst$", out, re.M) and re.search(r"^worst +5 guesses", out, re.M),
          f"f(3, 5) = 5 in the text: {status} {out!r} {err!r}")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "worst.json")
        status, _, err = run("tree", "--strategy", "optimal", "--objective", "worst", "-o", path)
        check(status == 0, f"tree --objective worst -o: {status} {err!r}")
        t = expect_json("evaluate", "--tree", path, "--json")
        check(t.get("max") == 5 and t.get("total") == 5626, f"the written tree plays 5626, five at worst: {t}")
        with open(path, encoding="utf-8") as f:
            root = "".join(str(c + 1) for c in json.load(f)["root"]["guess"])
        n = expect_json("next", "--strategy", "optimal", "--objective", "worst", "--json")
        check(n.get("guess") == root, f"next plays the tree's first guess {root}: {n}")
        # The computer player: every secret within five.
        scores = os.path.join(tmp, "s.db")
        w = expect_json("--json", "--strategy", "optimal", "--objective", "worst", "watch", "--all", "-f", scores,
                        "--player", "t")
        check(w.get("max") == 5 and w.get("total") == 5626, f"watch --all plays the worst-case tree: {w}")
        # Bad input: one line, exit 64, nothing written.
        out_file = os.path.join(tmp, "never.json")
        expect_error(["tree", "--strategy", "knuth", "--objective", "worst", "-o", out_file], USAGE, "--objective")
        expect_error(["tree", "--objective", "worst", "-o", out_file], USAGE, "--objective")
        expect_error(["tree", "--strategy", "optimal", "--objective", "best", "-o", out_file], USAGE, "--objective")
        expect_error(["evaluate", "--tree", path, "--objective", "worst"], USAGE, "--objective")
        check(not os.path.exists(out_file), "no file is written for a refused --objective")
        # A checkpoint keeps the depth search's facts beside the second search's; a run going on
        # from it gives the same answer, and a file of the average objective is refused.
        checkpoint = os.path.join(tmp, "worst.ck")
        worst = ["evaluate", "--strategy", "optimal", "--objective", "worst", "--checkpoint", checkpoint, "--json"]
        first = expect_json(*worst)
        db = sqlite3.connect(checkpoint)
        keys = [row[0] for row in db.execute("SELECT key FROM tasks")]
        db.close()
        check(any(k.startswith("d ") for k in keys) and any(k.startswith("v ") for k in keys),
              f"both searches' records in the checkpoint: {keys[:5]}")
        again = expect_json(*worst)
        check(first.get("max") == again.get("max") == 5 and first.get("total") == again.get("total") == 5626,
              f"the same answer from the checkpoint: {first} {again}")
        expect_error(["evaluate", "--strategy", "optimal", "--checkpoint", checkpoint], DATA, "other options")
    expect_error(["evaluate", "--strategy", "optimal", "--objective", "worst", "--max-depth", "4"], FAILURE,
                 "within 4 guesses")
    # Stopped before the fewest guesses are settled (Super Mastermind: five are refuted in a
    # fiftieth of a second, whether six suffice is not settled in 800 s), with no depth asked for:
    # the line says how many at least (it said "within 50 guesses", the program's largest guess
    # limit, then "lower bound 0").
    status, out, err = run("evaluate", "--strategy", "optimal", "--objective", "worst", "--rules", "p5c8r",
                           "--time-limit", "0.5")
    check(status == FAILURE and out == "" and err.count("\n") == 1 and "before it settled the fewest" in err
          and re.search(r"\(at least [56]\)", err) is not None and "50" not in err,
          f"a worst case stopped early says how many guesses at least: {status} {err!r}")


def test_guess_limit():
    # Classic with -g 5: the optimum within five loses nothing; the average optimum lost one.
    e = expect_json("evaluate", "--strategy", "optimal", "-g", "5", "--json")
    check(e.get("lost") == 0 and e.get("total") == 5626 and e.get("max") == 5, f"classic -g 5: {e}")
    with tempfile.TemporaryDirectory() as tmp:
        scores = os.path.join(tmp, "s.db")
        w = expect_json("--json", "--strategy", "optimal", "-g", "5", "watch", "--all", "-f", scores, "--player", "t")
        check(w.get("lost") == 0, f"the computer player loses nothing with -g 5: {w}")
        # 2 x 20 with -g 10: no strategy stays within ten; the search saves games the average
        # optimum's tree, played under the same limit, loses.
        plain = os.path.join(tmp, "plain.json")
        status, _, err = run("tree", "--strategy", "optimal", "--rules", "p2c20r", "-g", "50", "-o", plain)
        check(status == 0, f"tree of 2 x 20: {status} {err!r}")
        status, out, err = run("evaluate", "--tree", plain, "--rules", "p2c20r", "-g", "10", "--json")
        check(status == 0 and "10" in err, f"the tree deeper than -g 10 is played with a warning: {status} {err!r}")
        p = json.loads(out) if status == 0 else {}
        e = expect_json("evaluate", "--strategy", "optimal", "--rules", "p2c20r", "-g", "10", "--json")
        check(0 < e.get("lost", 0) < p.get("lost", 0), f"2 x 20 -g 10 loses fewer games than {p.get('lost')}: {e}")
        status, out, _ = run("evaluate", "--strategy", "optimal", "--rules", "p2c20r", "-g", "10")
        check(status == 0 and re.search(rf"^lost +{e.get('lost')} ", out, re.M), f"lost in the text: {out!r}")


def score(secret, guess):
    """The answer to `guess` for `secret`, codes as strings of digits: (black, white)."""
    black = sum(s == g for s, g in zip(secret, guess))
    common = sum(min(secret.count(c), guess.count(c)) for c in set(guess))
    return black, common - black


def consistent_games(games):
    """Whether every guess of every game fits the answers before it (hard mode's rule)."""
    for game in games:
        turns = game.get("game", [])
        for k, turn in enumerate(turns):
            if any(score(turn["guess"], t["guess"]) != (t["black"], t["white"]) for t in turns[:k]):
                return False
    return True


def test_hard():
    # The hard-mode optimum: never below the optimum with any guess, said in JSON and text.
    free = expect_json("evaluate", "--strategy", "optimal", "--rules", "p3c4r", "--json")
    hard = expect_json("evaluate", "--strategy", "optimal", "--rules", "p3c4r", "--hard", "--json")
    check(hard.get("hard") is True and hard.get("proven") is True and hard.get("total", 0) >= free.get("total", 1),
          f"p3c4r --hard: {hard} against {free}")
    check("hard" not in free, f"no \"hard\" key without --hard: {free}")
    status, out, err = run("evaluate", "--strategy", "optimal", "--rules", "p3c4r", "--hard")
    check(status == 0 and "hard mode" in out.splitlines()[0] and f"total     {hard.get('total')} " in out,
          f"the text says hard mode: {status} {out!r} {err!r}")
    worst = expect_json("evaluate", "--strategy", "optimal", "--objective", "worst", "--rules", "p3c4r", "--hard",
                        "--json")
    check(worst.get("hard") is True and worst.get("max", 99) <= hard.get("max", 0), f"--hard --objective worst: {worst}")
    # Every strategy's games fit the answers so far (the hardest games, listed with their turns).
    for strategy in ["knuth", "entropy", "optimal"]:
        h = expect_json("hardest", "--strategy", strategy, "--hard", "-n", "20", "--json")
        check(h.get("hard") is True and consistent_games(h.get("hardest", [])), f"hardest --hard {strategy}: {h}")
    with tempfile.TemporaryDirectory() as tmp:
        # A hard-mode tree records it, plays for the same figures, and only with --hard.
        path = os.path.join(tmp, "hard.json")
        status, _, err = run("tree", "--strategy", "optimal", "--rules", "p3c4r", "--hard", "-o", path)
        check(status == 0, f"tree --hard -o: {status} {err!r}")
        with open(path, encoding="utf-8") as f:
            check(json.load(f).get("hard") is True, "the tree file says \"hard\": true")
        t = expect_json("evaluate", "--tree", path, "--rules", "p3c4r", "--hard", "--json")
        check(t.get("total") == hard.get("total") and t.get("hard") is True, f"the hard tree plays {hard}: {t}")
        expect_error(["evaluate", "--tree", path, "--rules", "p3c4r"], DATA, "hard")
        expect_error(["tree", "--load", path, "--rules", "p3c4r"], DATA, "hard")
        plain = os.path.join(tmp, "plain.json")
        status, _, err = run("tree", "--strategy", "optimal", "--rules", "p3c4r", "-o", plain)
        check(status == 0, f"tree -o: {status} {err!r}")
        expect_error(["evaluate", "--tree", plain, "--rules", "p3c4r", "--hard"], DATA, "hard")
        expect_error(["next", "--tree", plain, "--rules", "p3c4r", "--hard"], DATA, "hard")
        # The computer's games: watch, every secret.
        scores = os.path.join(tmp, "s.db")
        w = expect_json("--json", "--strategy", "knuth", "--rules", "p3c4r", "watch", "--all", "--hard", "-f", scores,
                        "--player", "t")
        k = expect_json("evaluate", "--strategy", "knuth", "--rules", "p3c4r", "--hard", "--json")
        check(w.get("hard") is True and w.get("total") == k.get("total") and consistent_games(w.get("hardest", [])),
              f"watch --all --hard plays hard knuth {k}: {w}")
        # A checkpoint belongs to its mode.
        checkpoint = os.path.join(tmp, "c.db")
        status, _, err = run("evaluate", "--strategy", "optimal", "--rules", "p3c4r", "--hard", "--checkpoint",
                             checkpoint)
        check(status == 0, f"--hard --checkpoint: {status} {err!r}")
        expect_error(["evaluate", "--strategy", "optimal", "--rules", "p3c4r", "--checkpoint", checkpoint], DATA,
                     checkpoint)
    # next: a guess that fits every answer so far.
    history = ["1122=B...", "1344=BW.."]
    n = expect_json("next", "--strategy", "optimal", "--hard", *history, "--json")
    answers = [(h.split("=")[0], (h.split("=")[1].count("B"), h.split("=")[1].count("W"))) for h in history]
    check(n.get("hard") is True and all(score(n.get("guess", "0000"), g) == a for g, a in answers),
          f"next --hard fits the answers: {n}")
    status, out, _ = run("next", "--hard", *history)
    check(status == 0 and "hard mode" in out, f"next --hard says so: {out!r}")
    # Bad input: one line, exit 64.
    expect_error(["evaluate", "--hard", "--search", "sampled", "--sample", "10"], USAGE, "--hard")


GROUPS = {
    "optimal_hard": test_hard,
    "optimal_objective": test_objective,
    "optimal_guess_limit": test_guess_limit,
    "optimal_evaluate": test_evaluate,
    "optimal_feasibility": test_feasibility,
    "optimal_threads": test_threads,
    "tree_files": test_tree_files,
    "tree_to_a_pipe": test_tree_to_a_pipe,
    "tree_errors": test_tree_errors,
    "optimal_progress": test_progress,
    "optimal_memory_checkpoint": test_memory_and_checkpoint,
    "optimal_checkpoint_refused": test_checkpoint_refused,
    "optimal_checkpoint_killed": test_checkpoint_killed,
    "optimal_anytime": test_anytime,
    "optimal_settled_board": test_settled_board_points_to_its_tree,
}


def main():
    global BINARY
    BINARY, group = sys.argv[1], sys.argv[2]
    return run_groups(GROUPS, group, BINARY)


if __name__ == "__main__":
    sys.exit(main())
