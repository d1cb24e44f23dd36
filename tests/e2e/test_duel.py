"""`duel` in a pseudo-terminal: the codemaker's secret is never echoed (nor kept in the line
history), a mistyped confirmation starts over, the screen is cleared for the codebreaker, and
several rounds keep a tally. Two rounds by default, so that each player breaks a code; the verdict
compares guesses per round, so an odd number of rounds is fair; a round helped by hint, left or
check is shown as assisted in the tally and the verdict and never ranked. Ctrl-C while the secret
is typed leaves echo on."""

import io
import json
import os

from mmtest import EXIT_INTERRUPTED, finish, main, run_piped, send_interrupt, spawn, spawn_shell, temp_dir

CLEAR = "\x1b[H\x1b[2J"


def enter_secret(child, secret, transcript):
    child.expect_exact("secret code> ")
    start = len(transcript.getvalue())
    child.sendline(secret)
    child.expect_exact("the same again, to confirm> ")
    child.sendline(secret)
    child.expect_exact(CLEAR)
    typed = transcript.getvalue()[start:]
    assert secret not in typed, f"the secret was echoed: {typed!r}"


def test_secret_not_echoed_and_round_won():
    with temp_dir() as d:
        child = spawn("duel", "--rounds", "1", "-f", os.path.join(d, "s.db"))
        child.logfile_read = transcript = io.StringIO()
        child.expect_exact("Player one, your name")
        child.sendline("alice")
        child.expect_exact("Player two, your name")
        child.sendline("alice")
        child.expect_exact("different names")
        child.expect_exact("Player two, your name")
        child.sendline("bob")
        child.expect_exact("bob, look away! alice, type your secret code")
        child.expect_exact("secret code> ")
        child.sendline("1239")  # invalid, with a specific message
        child.expect_exact("'9' is not a colour")
        child.expect_exact("secret code> ")
        child.sendline("6543")
        child.expect_exact("the same again, to confirm> ")
        child.sendline("6544")  # mistyped: start over
        enter_secret(child, "6543", transcript)
        child.expect_exact("bob, break alice's code!")
        child.expect_exact("guess 1/10> ")
        child.sendline("\x1b[A")  # arrow up: the history holds no secret to bring back
        child.expect_exact("guess 1/10> ")
        child.sendline("6543")
        child.expect_exact("You broke the code 6543 in 1 guess")
        finish(child)


def test_two_rounds_keep_a_tally():
    with temp_dir() as d:
        child = spawn("duel", "--rounds", "2", "--player", "ann", "-f", os.path.join(d, "s.db"))
        child.logfile_read = transcript = io.StringIO()
        child.expect_exact("Player two, your name")
        child.sendline("ben")
        child.expect_exact("Round 1 of 2: ann makes the code, ben breaks it.")
        enter_secret(child, "1111", transcript)
        child.expect_exact("guess 1/10> ")
        child.sendline("1122")
        child.expect_exact("guess 2/10> ")
        child.sendline("1111")
        child.expect_exact("in 2 guesses")
        child.expect_exact("Press Enter for round 2")
        child.sendline("")
        child.expect_exact("Round 2 of 2: ben makes the code, ann breaks it.")
        enter_secret(child, "2222", transcript)
        child.expect_exact("guess 1/10> ")
        child.sendline("2222")
        child.expect_exact("in 1 guess")
        child.expect(r"ann\s+1 guess in 1 round \(1\.0 per round\), 1 broken")
        child.expect(r"ben\s+2 guesses in 1 round \(2\.0 per round\), 1 broken")
        child.expect_exact("ann wins the match: 1.00 guesses per round against 2.00!")
        finish(child)


def play_round(child, transcript, number, rounds, secret, guesses):
    child.expect_exact(f"Round {number} of {rounds}:")
    enter_secret(child, secret, transcript)
    for guess in guesses:
        child.expect(r"guess \d+/10> ")
        child.sendline(guess)
    child.expect_exact("You broke the code")
    if number < rounds:
        child.expect_exact(f"Press Enter for round {number + 1}")
        child.sendline("")


def test_two_rounds_by_default_so_that_each_player_breaks_a_code():
    with temp_dir() as d:
        child = spawn("duel", "--player", "ann", "-f", os.path.join(d, "s.db"))
        child.logfile_read = transcript = io.StringIO()
        child.expect_exact("Player two, your name")
        child.sendline("ben")
        play_round(child, transcript, 1, 2, "1111", ["1111"])
        play_round(child, transcript, 2, 2, "2222", ["1111", "2222"])
        child.expect(r"ann\s+2 guesses in 1 round")
        child.expect(r"ben\s+1 guess in 1 round")
        child.expect_exact("ben wins the match")
        finish(child)


def test_odd_rounds_compare_guesses_per_round_as_the_help_says():
    helped = run_piped("duel", "--help")
    text = " ".join(helped.stdout.decode().split())
    assert helped.returncode == 0 and "guesses per round" in text and "default 2)" in text, text
    with temp_dir() as d:
        child = spawn("duel", "--rounds", "3", "--player", "ann", "-f", os.path.join(d, "s.db"))
        child.logfile_read = transcript = io.StringIO()
        child.expect_exact("Player two, your name")
        child.sendline("ben")
        play_round(child, transcript, 1, 3, "1234", ["1111", "1234"])  # ben: 2
        play_round(child, transcript, 2, 3, "4321", ["1111", "2222", "4321"])  # ann: 3
        play_round(child, transcript, 3, 3, "5566", ["1111", "5566"])  # ben: 2, 4 in total
        # Fewer guesses in total (3 against 4), but more per round: ann loses.
        child.expect(r"ann\s+3 guesses in 1 round \(3\.0 per round\)")
        child.expect(r"ben\s+4 guesses in 2 rounds \(2\.0 per round\)")
        child.expect_exact("ben wins the match: 2.00 guesses per round against 3.00!")
        finish(child)


def test_an_assisted_round_shows_in_the_tally_and_verdict_and_is_not_ranked():
    with temp_dir() as d:
        path = os.path.join(d, "s.db")
        child = spawn("duel", "--player", "ann", "-f", path)
        child.logfile_read = transcript = io.StringIO()
        child.expect_exact("Player two, your name")
        child.sendline("ben")
        child.expect_exact("Round 1 of 2:")
        enter_secret(child, "1234", transcript)
        child.expect_exact("guess 1/10> ")
        child.sendline("check 1234")
        child.expect_exact("This game now counts as assisted.")
        child.expect_exact("guess 1/10> ")
        child.sendline("1234")
        child.expect_exact("assisted (hint, left, check or undo): not ranked")
        child.expect_exact("(Helped by hint, left, check or undo")
        child.expect(r"ben\s+1 guess in 1 round \(1\.0 per round\), 1 broken, 1 assisted")
        child.expect_exact("Press Enter for round 2")
        child.sendline("")
        play_round(child, transcript, 2, 2, "6655", ["1111", "6655"])
        child.expect_exact("ben wins the match")
        child.expect_exact("ben had help (hint, left or check) in 1 round.")
        finish(child)
        scores = json.loads(run_piped("scores", "--json", "-f", path, "--player", "ben").stdout)
        ranked = [game["player"] for variant in scores["variants"] for game in variant["top"]]
        assert ranked == ["ann"], scores  # both rounds recorded, only ann's ranked
        assert (scores["player"]["games"], scores["player"]["wins"]) == (1, 1), scores


def test_ctrl_c_during_the_secret_restores_echo():
    with temp_dir() as d:
        child = spawn_shell(f'"$0" duel --player a -f {d}/s.db; echo "status=$?"; stty -a')
        child.expect_exact("Player two, your name")
        child.sendline("b")
        child.expect_exact("secret code> ")
        send_interrupt(child)
        child.expect_exact(f"status={EXIT_INTERRUPTED}")
        child.expect(r"[^-]echo ")
        finish(child)


if __name__ == "__main__":
    main(dict(globals()))
