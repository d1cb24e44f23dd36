"""Highscores: kept across runs with -f, both games recorded when two processes finish at once,
a corrupt or cut-short file left byte for byte as it was, with a clear message and the game still
playable; a game stored before its result is shown; one rule for names, typed or given."""

import json
import os
import shutil
import sqlite3
import subprocess

from mmtest import (BINARY, EXIT_INTERRUPTED, EXIT_USAGE, TIMEOUT, environment, finish, main, run_piped, send_eof,
                    send_interrupt, spawn, temp_dir)

EXIT_DATA = 65
DEFAULT_NAME = "tester"  # the login name the tests give the program (USER)
NAME_PROMPT = f"Your name for the highscores [{DEFAULT_NAME}]: "
# Debian's `nobody`: as root, the read-only directory test runs the program as this user, since
# permission bits do not bind root.
UNPRIVILEGED_ID = 65534
# The program's data files beside it in the build tree (include/mm/run/data_files.hpp).
DATA_SUBDIRECTORY = os.path.join("share", "mastermind")


def play_in_terminal(path, player, secret, guesses):
    """A ranked win: `player` breaks a secret typed by another player in a one-round duel (a
    `play --secret` game is recorded but never ranked)."""
    child = spawn("duel", "--rounds", "1", "--player", "maker", "-f", path)
    child.expect_exact("Player two, your name")
    child.sendline(player)
    for prompt in ("secret code> ", "the same again, to confirm> "):
        child.expect_exact(prompt)
        child.sendline(secret)
    for guess in guesses:
        child.expect(r"guess \d+/10> ")
        child.sendline(guess)
    child.expect_exact("You broke the code")
    finish(child)


def scores_json(path, *args):
    result = run_piped("scores", "--json", "-f", path, *args)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_highscores_persist_across_runs():
    with temp_dir() as d:
        path = os.path.join(d, "scores.db")
        play_in_terminal(path, "ann", "1234", ["1122", "1234"])
        play_in_terminal(path, "bob", "4321", ["4321"])
        table = run_piped("scores", "-f", path, "--player", "ann")
        text = table.stdout.decode()
        assert table.returncode == 0
        assert text.index("bob") < text.index("ann"), text  # fewest guesses first
        assert "ann: 1 game, 1 won, 2.00 guesses on average" in text, text
        data = scores_json(path)
        top = data["variants"][0]["top"]
        assert [(g["player"], g["guesses"]) for g in top] == [("bob", 1), ("ann", 2)], top


def test_concurrent_games_are_all_recorded():
    processes, games_each = 2, 3
    with temp_dir() as d:
        path = os.path.join(d, "scores.db")
        # Start every process first, then let them all finish at once.
        children = [subprocess.Popen([BINARY, "play", "--secret", "1234", "--player", f"p{i}", "-f", path],
                                     stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     env=environment())
                    for i in range(processes) for _ in range(games_each)]
        for child in children:
            child.stdin.write(b"1234\n")
        for child in children:
            child.stdin.close()
        for child in children:
            assert child.wait(timeout=TIMEOUT) == 0, child.stderr.read()
        for i in range(processes):
            stats = scores_json(path, "--player", f"p{i}")["player"]
            assert stats["games"] == games_each, stats


def test_corrupt_file_is_left_untouched():
    with temp_dir() as d:
        path = os.path.join(d, "scores.db")
        garbage = b"this is not a database\x00\xff" * 100
        with open(path, "wb") as f:
            f.write(garbage)
        child = spawn("play", "--secret", "1234", "--player", "p", "-f", path)
        child.expect_exact("Highscores are off")
        child.expect_exact("file is not a database")
        child.expect_exact("guess 1/10> ")
        child.sendline("1234")
        child.expect_exact("You broke the code 1234 in 1 guess")
        finish(child)
        result = run_piped("scores", "-f", path)
        assert result.returncode == EXIT_DATA, result
        assert b"Highscores are off" in result.stdout
        with open(path, "rb") as f:
            assert f.read() == garbage
        assert sorted(os.listdir(d)) == ["scores.db"], os.listdir(d)


def test_missing_file_is_not_created_by_reading():
    with temp_dir() as d:
        path = os.path.join(d, "none.db")
        result = run_piped("scores", "-f", path)
        assert result.returncode == 0 and b"No games recorded yet" in result.stdout, result
        assert not os.path.exists(path)


def stored_games(path):
    """(player, outcome) of every stored game, read with SQLite itself, oldest first."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        return db.execute("SELECT player, outcome FROM games ORDER BY id").fetchall()


def win_without_a_name(path):
    """A game won in one guess, without --player; returns the child after the result."""
    child = spawn("play", "--secret", "1234", "-f", path, env=environment(USER=DEFAULT_NAME))
    child.expect_exact("guess 1/10> ")
    child.sendline("1234")
    child.expect_exact("You broke the code 1234")
    return child


def test_game_is_stored_before_its_result_is_shown():
    with temp_dir() as d:
        path = os.path.join(d, "scores.db")
        child = win_without_a_name(path)
        child.close(force=True)  # the terminal closed on the result
        assert stored_games(path) == [(DEFAULT_NAME, "won")]


def test_end_of_input_at_the_name_prompt_keeps_the_default_name():
    with temp_dir() as d:
        path = os.path.join(d, "scores.db")
        child = win_without_a_name(path)
        child.expect_exact(NAME_PROMPT)
        send_eof(child)
        child.expect_exact("Goodbye!")
        finish(child)
        assert stored_games(path) == [(DEFAULT_NAME, "won")]


def test_ctrl_c_at_the_name_prompt_keeps_the_default_name():
    with temp_dir() as d:
        path = os.path.join(d, "scores.db")
        child = win_without_a_name(path)
        child.expect_exact(NAME_PROMPT)
        send_interrupt(child)
        finish(child, EXIT_INTERRUPTED)
        assert stored_games(path) == [(DEFAULT_NAME, "won")]


def test_name_typed_after_the_result_is_the_one_stored():
    with temp_dir() as d:
        path = os.path.join(d, "scores.db")
        child = win_without_a_name(path)
        child.expect_exact(NAME_PROMPT)
        child.sendline("zed")
        finish(child)
        assert stored_games(path) == [("zed", "won")]


def test_prompt_refuses_names_of_nul_bytes_or_escape_sequences():
    with temp_dir() as d:
        path = os.path.join(d, "scores.db")
        typed = b"1234\n\0\0\0\n\x1b[31m\x1b[0m\nzed\n"
        result = run_piped("play", "--secret", "1234", "-f", path, input_text=typed,
                           env=environment(USER=DEFAULT_NAME))
        assert result.returncode == 0, result
        assert result.stdout.count(b"A name cannot contain control characters") == 2, result.stdout
        assert stored_games(path) == [("zed", "won")]


def test_player_option_follows_the_name_rule():
    with temp_dir() as d:
        path = os.path.join(d, "scores.db")
        for name in ["", "   ", "a" * 100_000, "\x1b[31m\x1b[0m", " ann"]:
            result = run_piped("play", "--secret", "1234", "--player", name, "-f", path, input_text="1234\n")
            assert result.returncode == EXIT_USAGE, (len(name), result.returncode)
            assert b"--player" in result.stderr and len(result.stderr.splitlines()) == 1, result.stderr[:200]
            assert not os.path.exists(path)


def test_file_cut_short_is_left_untouched():
    with temp_dir() as d:
        good = os.path.join(d, "good.db")
        for player in ["ann", "bob", "cy"]:
            play_in_terminal(good, player, "1234", ["1234"])
        with open(good, "rb") as f:
            whole = f.read()
        for cut in [1, 100, 1000, 4000]:
            path = os.path.join(d, f"cut{cut}.db")
            with open(path, "wb") as f:
                f.write(whole[:-cut])
            result = run_piped("play", "--secret", "1234", "--player", "p", "-f", path, input_text="1234\n")
            assert result.returncode == 0, result
            assert b"Highscores are off" in result.stdout and b"damaged" in result.stdout, result.stdout
            assert b"You broke the code 1234" in result.stdout
            result = run_piped("scores", "-f", path)
            assert result.returncode == EXIT_DATA, result
            with open(path, "rb") as f:
                assert f.read() == whole[:-cut], cut
        assert sorted(os.listdir(d)) == ["cut1.db", "cut100.db", "cut1000.db", "cut4000.db", "good.db"], os.listdir(d)


def test_reading_scores_leaves_no_file_behind():
    with temp_dir() as d:
        path = os.path.join(d, "scores.db")
        play_in_terminal(path, "ann", "1234", ["1234"])
        assert os.listdir(d) == ["scores.db"]
        assert scores_json(path)["variants"][0]["top"][0]["player"] == "ann"
        assert os.listdir(d) == ["scores.db"], os.listdir(d)


def test_link_to_nothing_creates_nothing():
    with temp_dir() as d:
        target = os.path.join(d, "elsewhere", "scores.db")
        os.mkdir(os.path.dirname(target))
        link = os.path.join(d, "link.db")
        os.symlink(target, link)
        result = run_piped("play", "--secret", "1234", "--player", "p", "-f", link, input_text="1234\n")
        assert result.returncode == 0, result
        assert b"symbolic link" in result.stdout and b"You broke the code" in result.stdout, result.stdout
        result = run_piped("scores", "-f", link)
        assert result.returncode == 0 and b"No games recorded yet" in result.stdout, result
        assert not os.path.exists(target) and os.path.islink(link)


def data_directory():
    """Where the program takes its data files from, looked for as it does: $MASTERMIND_DATA_DIR, then
    share/mastermind above or beside it; None when there is none."""
    here = os.path.dirname(BINARY)
    for place in (os.environ.get("MASTERMIND_DATA_DIR"), os.path.join(here, os.pardir, DATA_SUBDIRECTORY),
                  os.path.join(here, DATA_SUBDIRECTORY)):
        if place and os.path.isdir(place):
            return place
    return None


def open_to_everyone(top):
    """Everyone may enter the directories under `top` and read the files; programs stay runnable."""
    for root, _, files in os.walk(top):
        os.chmod(root, 0o755)
        for name in files:
            path = os.path.join(root, name)
            os.chmod(path, 0o755 if os.access(path, os.X_OK) else 0o644)


class Unprivileged:
    """Runs the program where permission bits bind: as root, as an unprivileged user, from a copy of
    it and its data files in `place` (which the caller lets everyone enter), since the program itself
    may lie where that user cannot go, such as a checkout in root's home (mode 700)."""

    def __init__(self, place):
        self.binary, self.env, self.ids, self.cwd = BINARY, environment(), {}, None
        if os.geteuid() != 0:
            return
        program = os.path.join(place, "program")
        os.mkdir(program)
        self.binary = shutil.copy(BINARY, program)
        data = data_directory()
        if data:
            copied = shutil.copytree(data, os.path.join(program, DATA_SUBDIRECTORY))
            self.env = environment(MASTERMIND_DATA_DIR=copied)
        open_to_everyone(program)
        self.ids = {"user": UNPRIVILEGED_ID, "group": UNPRIVILEGED_ID, "extra_groups": []}
        self.cwd = program

    def run(self, *args, input_text=""):
        return subprocess.run([self.binary, *args], input=input_text.encode(), capture_output=True, timeout=TIMEOUT,
                              env=self.env, cwd=self.cwd, **self.ids)


def test_read_only_directory_is_read_but_not_recorded_in():
    with temp_dir() as d:
        place = os.path.join(d, "read-only")
        os.mkdir(place)
        path = os.path.join(place, "scores.db")
        play_in_terminal(path, "ann", "1234", ["1234"])
        if os.geteuid() == 0:
            os.chmod(d, 0o755)
            os.chown(place, UNPRIVILEGED_ID, UNPRIVILEGED_ID)
            os.chown(path, UNPRIVILEGED_ID, UNPRIVILEGED_ID)
        os.chmod(path, 0o644)  # the file stays writable; only the directory refuses new files
        os.chmod(place, 0o555)
        unprivileged = Unprivileged(d)
        with open(path, "rb") as f:
            before = f.read()
        try:
            result = unprivileged.run("scores", "-f", path)
            assert result.returncode == 0, result
            assert b"ann" in result.stdout, result.stdout
            result = unprivileged.run("play", "--secret", "1234", "--player", "bob", "-f", path, input_text="1234\n")
            assert result.returncode == 0, result
            out = result.stdout.decode()
            # Piped output is wrapped at 80 columns: the message may span lines.
            assert "games cannot be recorded here" in " ".join(out.split()) and "directory" in out, out
            assert "You broke the code 1234" in out, out
            # In the menu too, a store that could not be written is still read afterwards.
            result = unprivileged.run("--player", "bob", "-f", path, input_text="play\nquit\n\nhighscores\nquit\n")
            assert result.returncode == 0, result
            out = result.stdout.decode()
            assert "games cannot be recorded here" in " ".join(out.split()) and "  ann  " in out, out
        finally:
            os.chmod(place, 0o755)
        with open(path, "rb") as f:
            assert f.read() == before
        assert os.listdir(place) == ["scores.db"], os.listdir(place)


def test_statistics_per_variant_and_scores_variant():
    """A player's figures are kept per variant (hard mode and the adversary apart), and
    `scores --variant` shows one variant's table and figures; an abandoned game is a game not won."""
    with temp_dir() as d:
        path = os.path.join(d, "scores.db")
        play_in_terminal(path, "ann", "1234", ["1122", "1234"])
        # A seeded secret, so that the guess cannot win (one run in 32768 with a random one).
        run_piped("--rules", "p5c8r", "play", "--seed", "1", "--player", "ann", "-f", path, input_text="12345\n")
        text = run_piped("scores", "-f", path, "--player", "ann").stdout.decode()
        assert "ann: 2 games, 1 won" in text, text
        assert "By variant:" in text, text
        assert "(p4c6r, 10 guesses): 1 game, 1 won, 2.00 guesses" in text, text
        assert "p5c8r, 10 guesses: 1 game, none won yet." in text, text
        only = run_piped("scores", "--variant", "p5c8r", "-f", path, "--player", "ann")
        assert only.returncode == 0, only.stderr
        assert "ann: 1 game, none won yet." in only.stdout.decode(), only.stdout.decode()
        assert "p4c6r" not in only.stdout.decode()
        data = scores_json(path, "--player", "ann")
        assert [(v["rules"], v["games"], v["wins"]) for v in data["player"]["variants"]] == [("p4c6r", 1, 1),
                                                                                            ("p5c8r", 1, 0)], data
        bad = run_piped("scores", "--variant", "p99", "-f", path)
        assert bad.returncode == EXIT_USAGE and len(bad.stderr.decode().strip().splitlines()) == 1, bad


if __name__ == "__main__":
    main(dict(globals()))
