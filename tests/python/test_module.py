#!/usr/bin/env python3
"""The Python module `mastermind` against the seed examples, the figures of the literature and the
command line's own JSON. Usage: test_module.py MASTERMIND_BINARY TREE_FILE (PYTHONPATH holds the
module)."""

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import unittest

import mastermind

BINARY = ""
TREE = ""


def cli_json(*args):
    out = subprocess.run([BINARY, *args, "--json"], capture_output=True, check=True, timeout=300).stdout
    return json.loads(out)


def without_time(answer):
    return {k: v for k, v in answer.items() if k != "seconds"}


@contextlib.contextmanager
def ctrl_c_pressed():
    """Ctrl-C pressed every 20 ms for as long as the block runs. Python's own handler is replaced by
    one that does nothing, so a KeyboardInterrupt can only come from the module."""
    previous = signal.signal(signal.SIGINT, lambda number, frame: None)
    done = threading.Event()

    def press():
        while not done.wait(0.02):
            os.kill(os.getpid(), signal.SIGINT)

    presser = threading.Thread(target=press)
    presser.start()
    try:
        yield
    finally:
        done.set()
        presser.join()
        signal.signal(signal.SIGINT, previous)


def pegs(answer, n=4):
    """The Programming Praxis spelling: B per black, W per white, dots to the number of pegs."""
    text = "B" * answer["black"] + "W" * answer["white"]
    return text + "." * (n - len(text))


class SeedExamples(unittest.TestCase):
    """The worked examples of the source documents (seed-examples.md), through the module."""

    def test_danish_course(self):
        for secret, guess, black, white in [("1213", "1224", 2, 0), ("1213", "1112", 2, 1), ("4123", "4444", 1, 0)]:
            self.assertEqual(mastermind.score(secret, guess, rules="p4c6r"), {"black": black, "white": white})

    def test_v1_digits_1_to_8(self):
        for secret, guess, black, white in [("2154", "1111", 1, 0), ("2154", "1234", 1, 2), ("2154", "4152", 2, 2),
                                            ("3736", "1311", 0, 1)]:
            self.assertEqual(mastermind.score(secret, guess, rules="p4c8r"), {"black": black, "white": white})

    def test_programming_praxis(self):
        cases = [("2532", "3523", "BWW."), ("3632", "1122", "B..."), ("3632", "1344", "W..."),
                 ("3632", "3526", "BWW."), ("3632", "1462", "BW.."), ("3632", "3632", "BBBB")]
        for secret, guess, expected in cases:
            self.assertEqual(pegs(mastermind.score(secret, guess, rules="p4c6r")), expected)
        # 14 possible answers with four pegs and six colours, BBBW never among them.
        answers = {pegs(mastermind.score("1234", code)) for code in mastermind.codes(rules="p4c6r")}
        answers |= {pegs(mastermind.score("1122", code)) for code in mastermind.codes(rules="p4c6r")}
        self.assertEqual(len(answers), 14)
        self.assertNotIn("BBBW", answers)

    def test_bulls_and_cows(self):
        self.assertEqual(mastermind.score("1234", "1437", preset="bulls"), {"black": 2, "white": 1})
        self.assertEqual(mastermind.score("1234", "2437", preset="bulls"), {"black": 1, "white": 2})

    def test_symmetric(self):
        rng = random.Random(7)
        codes = mastermind.codes(rules="p4c6r")
        for _ in range(200):
            a, b = rng.choice(codes), rng.choice(codes)
            self.assertEqual(mastermind.score(a, b), mastermind.score(b, a))


class Literature(unittest.TestCase):
    """Published totals over all 1296 secrets of the classic board, by the module."""

    def test_knuth_5801(self):
        answer = mastermind.evaluate("knuth", rules="p4c6r")
        self.assertEqual((answer["total"], answer["max"], answer["secrets"]), (5801, 5, 1296))

    def test_optimal_5625(self):
        answer = mastermind.evaluate("optimal", rules="p4c6r")
        self.assertEqual((answer["total"], answer["max"], answer["proven"]), (5625, 6, True))

    def test_kooi_most_parts_5668(self):
        self.assertEqual(mastermind.evaluate("most-parts")["total"], 5668)

    def test_shipped_tree_5626(self):
        self.assertEqual(mastermind.evaluate(tree=TREE)["total"], 5626)
        tree = mastermind.load_tree(TREE)
        self.assertEqual((tree["total"], tree["worst"]), (5626, 5))


class SameAsTheCommandLine(unittest.TestCase):
    """The module's dicts hold what the command line's --json writes."""

    def test_evaluate(self):
        for strategy, rules in [("knuth", "p4c6r"), ("entropy", "p3c5n"), ("irving", "p4c5r")]:
            self.assertEqual(without_time(mastermind.evaluate(strategy, rules=rules)),
                             without_time(cli_json("evaluate", "--strategy", strategy, "--rules", rules)))
        self.assertEqual(without_time(mastermind.evaluate("knuth", preset="bulls", sample=100, seed=3)),
                         without_time(cli_json("evaluate", "--preset", "bulls", "--sample", "100", "--seed", "3")))

    def test_evaluate_tree(self):
        self.assertEqual(without_time(mastermind.evaluate(tree=TREE)), without_time(cli_json("evaluate", "--tree", TREE)))

    def test_score(self):
        self.assertEqual(mastermind.score("2532", "3523"), cli_json("score", "2532", "3523"))

    def test_next_guess(self):
        history = ["1122=B...", "1344=W..."]
        self.assertEqual(mastermind.next_guess(history), cli_json("next", *history))
        self.assertEqual(mastermind.next_guess([("1122", "1 0"), ("1344", "0 1")]), cli_json("next", *history))
        self.assertEqual(mastermind.next_guess(history, strategy="entropy"),
                         cli_json("next", "--strategy", "entropy", *history))
        self.assertEqual(mastermind.next_guess(), cli_json("next"))

    def test_contradiction(self):
        answer = mastermind.next_guess(["1122=BBBB", "1122=...."])
        self.assertEqual(answer["remaining"], 0)
        self.assertIn("turn 2", answer["contradiction"])

    def test_hardest(self):
        answer = mastermind.hardest("knuth", count=3)
        expected = cli_json("hardest", "--strategy", "knuth", "-n", "3")
        self.assertEqual(without_time(answer), without_time(expected))

    def test_candidates(self):
        remaining = cli_json("next", "1122=B...", "1344=W...")
        listed = mastermind.candidates(["1122=B...", "1344=W..."])
        self.assertEqual(len(listed), remaining["remaining"])
        self.assertEqual(listed, sorted(listed))
        for code in listed:
            self.assertEqual(pegs(mastermind.score(code, "1122")), "B...")
            self.assertEqual(pegs(mastermind.score(code, "1344")), "W...")
        self.assertEqual(len(mastermind.candidates(["1122=B..."], limit=5)), 5)
        self.assertEqual(len(mastermind.codes()), 1296)
        self.assertEqual(len(mastermind.codes(preset="bulls")), 5040)


class BadInput(unittest.TestCase):
    """Wrong rules, codes, answers and names raise ValueError in the program's words."""

    def cli_error(self, *args):
        proc = subprocess.run([BINARY, *args], capture_output=True, timeout=60)
        self.assertEqual(proc.returncode, 64)
        return proc.stderr.decode().strip().removeprefix("mastermind: ")

    def assert_value_error(self, call, message):
        with self.assertRaises(ValueError) as caught:
            call()
        self.assertEqual(str(caught.exception), message)

    def test_same_words_as_the_command_line(self):
        self.assert_value_error(lambda: mastermind.score("123", "1234"), self.cli_error("score", "123", "1234"))
        self.assert_value_error(lambda: mastermind.score("1234", "1294"), self.cli_error("score", "1234", "1294"))
        self.assert_value_error(lambda: mastermind.score("1122", "1234", preset="bulls"),
                                self.cli_error("--preset", "bulls", "score", "1122", "1234"))
        self.assert_value_error(lambda: mastermind.score("1234", "1234", rules="p4c99r"),
                                self.cli_error("--rules", "p4c99r", "score", "1234", "1234"))
        self.assert_value_error(lambda: mastermind.evaluate("knut"), self.cli_error("evaluate", "--strategy", "knut"))
        self.assert_value_error(lambda: mastermind.score("1", "1", preset="nope"),
                                self.cli_error("--preset", "nope", "score", "1", "1"))
        self.assert_value_error(lambda: mastermind.next_guess(["1122=BBBW"]), self.cli_error("next", "1122=BBBW"))
        self.assert_value_error(lambda: mastermind.next_guess(["1122"]), self.cli_error("next", "1122"))
        self.assert_value_error(lambda: mastermind.next_guess(["1122=Q"]), self.cli_error("next", "1122=Q"))
        self.assert_value_error(lambda: mastermind.next_guess([("1122", "Q")]), self.cli_error("next", "1122=Q"))
        # The CLI names its option -j/--threads and quotes what was typed; the module's argument is an int.
        for threads in (-1, 1025):
            words = self.cli_error("evaluate", "-j", str(threads)).replace(f"'{threads}'", str(threads))
            self.assert_value_error(lambda: mastermind.evaluate("knuth", threads=threads),
                                    words.replace("-j/--threads: ", "threads: "))
            self.assert_value_error(lambda: mastermind.hardest("knuth", threads=threads),
                                    words.replace("-j/--threads: ", "threads: "))

    def test_other_refusals(self):
        for call in [lambda: mastermind.evaluate("knuth", rules="p8c8r"), lambda: mastermind.codes(rules="p10c20r"),
                     lambda: mastermind.evaluate(tree="/nonexistent/tree.json"),
                     lambda: mastermind.evaluate("knuth", tree=TREE), lambda: mastermind.evaluate(search="fast"),
                     lambda: mastermind.evaluate("knuth", max_depth=4), lambda: mastermind.load_tree(TREE, preset="bulls"),
                     lambda: mastermind.candidates([], rules="p10c20r", limit=10**9)]:
            with self.assertRaises(ValueError) as caught:
                call()
            self.assertTrue(str(caught.exception) and "\n" not in str(caught.exception), str(caught.exception))

    def test_wrong_types(self):
        with self.assertRaises(TypeError):
            mastermind.score(1234, "1234")
        with self.assertRaises(TypeError):
            mastermind.next_guess([("1122",)])
        with self.assertRaises(TypeError):
            mastermind.next_guess([42])

    def test_hostile_strings_never_crash(self):
        rng = random.Random(11)
        alphabet = "0123456789abcdefBWSH.=-[]!~ \x00\x1b\u00e6\u2603"
        for _ in range(2000):
            text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 14)))
            other = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 6)))
            for call in [lambda: mastermind.score(text, "1234"), lambda: mastermind.score("1234", text, rules=other),
                         lambda: mastermind.next_guess([text]), lambda: mastermind.candidates([f"1122={text}"]),
                         lambda: mastermind.evaluate(text or None, rules="p2c3r")]:
                try:
                    call()
                except ValueError as e:
                    self.assertNotIn("\n", str(e))


class Threads(unittest.TestCase):
    def test_gil_released_during_evaluate(self):
        """While evaluate runs in a thread, this thread runs Python code: the GIL is free. Held,
        nothing here could run between the two moments the worker records around the call."""
        span = {}

        def work():
            span["start"] = time.monotonic()
            span["answer"] = mastermind.evaluate("entropy", rules="p5c6r", threads=1)
            span["end"] = time.monotonic()

        worker = threading.Thread(target=work)
        ticks = []
        worker.start()
        while worker.is_alive():
            ticks.append(time.monotonic())
        worker.join()
        self.assertGreater(span["answer"]["total"], 0)
        # The middle half of the call: a thread switch just before or after the call (which may
        # happen with the GIL held in it) cannot reach there.
        quarter = (span["end"] - span["start"]) / 4
        inside = [t for t in ticks if span["start"] + quarter < t < span["end"] - quarter]
        self.assertGreater(len(inside), 0, f"no tick in the middle of {4 * quarter:.3f} s of evaluate")

    def test_ctrl_c_stops_a_long_call(self):
        """SIGINT during evaluate stops the engine: KeyboardInterrupt with the engine's words, soon,
        and the next call works."""
        start = time.monotonic()
        with ctrl_c_pressed():
            # Entropy on 6 x 6, one thread: over ten seconds of work uninterrupted.
            with self.assertRaises(KeyboardInterrupt) as caught:
                mastermind.evaluate("entropy", rules="p6c6r", threads=1)
        self.assertEqual(str(caught.exception), "the computation was cancelled")
        self.assertLess(time.monotonic() - start, 5)
        self.assertEqual(mastermind.evaluate("knuth")["total"], 5801)

    def test_ctrl_c_stops_only_the_main_threads_call(self):
        """Each call is a run of its own: Ctrl-C stops the main thread's call, and a call in another
        thread, running meanwhile, goes on to the total the command line gives. (With one stop for
        the process, both stopped.)"""
        started = threading.Event()
        result = {}

        def beside():
            started.set()
            try:
                result["answer"] = mastermind.evaluate("knuth", rules="p5c8r", threads=1)
            except BaseException as e:  # noqa: B036 -- a KeyboardInterrupt here is the failure
                result["error"] = e

        worker = threading.Thread(target=beside)
        worker.start()
        started.wait()
        try:
            with ctrl_c_pressed(), self.assertRaises(KeyboardInterrupt):
                mastermind.evaluate("entropy", rules="p6c6r", threads=1)
            # Knuth on 5 x 8 takes seconds on one thread; this call was stopped within a press or two.
            overlapped = worker.is_alive()
        finally:
            worker.join()
        self.assertTrue(overlapped, "the other thread's call ran while this one was stopped")
        self.assertNotIn("error", result)
        self.assertEqual(without_time(result["answer"]),
                         without_time(cli_json("evaluate", "--strategy", "knuth", "--rules", "p5c8r")))

    def test_two_optimal_searches_each_in_its_own_budget(self):
        """Two optimal searches side by side, one within a tiny memory budget (its memo forgets and
        works things out again), the other within the default: both prove the same optimum."""
        answers = {}

        def search(name, memory):
            answers[name] = mastermind.evaluate("optimal", rules="p4c5r", memory=memory, threads=1)

        small = threading.Thread(target=search, args=("small", 96 << 10))
        small.start()
        search("default", None)
        small.join()
        self.assertTrue(answers["small"]["proven"] and answers["default"]["proven"])
        self.assertEqual(answers["small"]["total"], answers["default"]["total"])
        self.assertEqual(answers["default"]["total"],
                         cli_json("evaluate", "--strategy", "optimal", "--rules", "p4c5r")["total"])
        with self.assertRaises(ValueError):
            mastermind.evaluate("knuth", memory=1 << 30)

    def test_version(self):
        with open(__file__.rsplit("/tests/", 1)[0] + "/CMakeLists.txt") as f:
            text = f.read()
        self.assertEqual(mastermind.__version__, text.split("project(mastermind VERSION ", 1)[1].split()[0])
        self.assertEqual(subprocess.run([BINARY, "--version"], capture_output=True).stdout.decode().split(),
                         ["mastermind", mastermind.__version__])


if __name__ == "__main__":
    BINARY, TREE = sys.argv[1], sys.argv[2]
    unittest.main(argv=sys.argv[:1], verbosity=2)
