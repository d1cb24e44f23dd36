#!/usr/bin/env python3
"""`mastermind records`: the table of results (src/engine/records.cpp). Its figures agree with
themselves, every shipped tree of a settled board is valid and evaluates to the record's total
(`evaluate --tree`), the worst-case search run again on the boards where it takes under a second
proves the fewest guesses the table holds (the published figure, where there is one), and the
manual's tables (docs/records.md) say what the command says, row for row.

Usage: records_test.py MASTERMIND PAGE GROUP   (PAGE: docs/records.md; GROUP: a name in GROUPS, or `all`)"""

import os
import re
import shlex
import sys

from groups import check, expect_json, run, run_groups

PAGE = ""
# The worst-case searches the tests run again: those the table says take under a second.
QUICK_SECONDS = 1


def listing():
    records = expect_json("records", "--json")
    check(isinstance(records, list) and len(records) >= 1, f"records --json lists boards: {records!r}")
    return records if isinstance(records, list) else []


def test_records():
    """Each record's own figures agree; the text names every board and its check."""
    records = listing()
    for r in records:
        rules = r.get("rules", "?")
        check(r["lower_bound"] <= r["upper_bound"] == r["total"], f"{rules}: bounds in order: {r}")
        check(r["proven"] == (r["lower_bound"] == r["upper_bound"]), f"{rules}: proven when the bounds meet: {r}")
        check(r["proven"] or (r["worst"] is None and r["published"] is not None),
              f"{rules}: an open board says the best published strategy: {r}")
        check(r["source"] != "this program" or r["version"], f"{rules}: this program's figures say its version: {r}")
        check(f"--rules {rules}" in r["search"] and r["search"].startswith("mastermind evaluate --strategy optimal"),
              f"{rules}: the search that found it: {r['search']!r}")
        # A proof of several runs names the checkpoint each run goes on from.
        check(isinstance(r["runs"], int) and r["runs"] >= 1
              and (r["runs"] == 1) == ("--checkpoint" not in r["search"]),
              f"{rules}: its runs and their checkpoint: {r['runs']} {r['search']!r}")
        f = r["floor"]
        # An open board's floor proven by a search of its own, resumed from its checkpoint.
        check(f is None or (not r["proven"] and isinstance(f["runs"], int) and f["runs"] >= 1 and f["seconds"] > 0
                            and f["search"].startswith(f"mastermind evaluate --strategy optimal --rules {rules} -j ")
                            and f["search"].endswith(f" --checkpoint {rules}.checkpoint")),
              f"{rules}: the search that proved its floor: {f}")
        if r["tree"] is not None:
            check(os.path.isfile(r["tree"]) and r["tree"] in r["check"], f"{rules}: the tree checks it: {r}")
        else:
            check(r["check"] == r["search"], f"{rules}: without a tree, the search checks it: {r}")
    for r in records:
        check_worst_case(r)
    status, out, err = run("records")
    check(status == 0 and err == "", f"records: status {status}, {err!r}")
    flat = re.sub(r"\s+", " ", out)
    for r in records:
        check(f"{r['rules']} (" in out and re.sub(r"\s+", " ", r["check"]) in flat,
              f"records: {r['rules']} and its check in the text: {out[:300]!r}")
        check(r["runs"] == 1 or f" in {r['runs']} runs, by the command: {r['search']}" in flat,
              f"records: {r['rules']}'s runs in the text: {out[:300]!r}")
        f = r["floor"]
        check(f is None or re.search(rf"floor .* in {f['runs']} runs?, by the command: {re.escape(f['search'])}", flat),
              f"records: {r['rules']}'s floor and its search in the text: {out[:300]!r}")
        w = r["worst_case"]
        if w is not None:
            check(f"worst {w['guesses']} guesses always suffice, {w['guesses'] - 1} do not; proven" in flat
                  and re.sub(r"\s+", " ", w["search"]) in flat,
                  f"records: {r['rules']}'s worst case and its search in the text: {out[:300]!r}")
    unsettled = sum(r["worst_case"] is None for r in records)
    check(flat.count("worst not settled") == unsettled, f"records: {unsettled} worst cases not settled: {out!r}")
    # The boards this program settled ship their trees.
    settled = [r for r in records if r["proven"] and r["source"] == "this program" and r["rules"] != "p3c9r"]
    check(len(settled) >= 3 and all(r["tree"] for r in settled), f"the settled boards' trees ship: {settled}")


def check_worst_case(r):
    """A record's worst case agrees with itself and with the average optimum's strategy, which
    always finishes within its own worst case, so within no fewer than the fewest that suffice."""
    rules, w = r.get("rules", "?"), r["worst_case"]
    if w is None:
        return
    check(isinstance(w["guesses"], int) and w["guesses"] >= 1, f"{rules}: a number of guesses: {w}")
    check(re.fullmatch(rf"mastermind evaluate --strategy optimal --objective worst --rules {rules}"
                       r"( --time-limit [1-9][0-9]*)? -j [12]",
                       w["search"]) is not None and w["check"] == w["search"], f"{rules}: the worst case's search: {w}")
    check(w["source"] != "this program" or w["version"], f"{rules}: this program's worst case says its version: {w}")
    if r["worst"] is not None:
        check(w["guesses"] <= r["worst"], f"{rules}: {w['guesses']} always suffice, yet the average optimum's "
              f"strategy needs only {r['worst']}")


def test_worst_case():
    """The worst-case search, run again by the record's own command on the boards where it is
    quick, proves the fewest guesses the table holds; the published ones among them too."""
    quick = [r for r in listing() if r["worst_case"] is not None and r["worst_case"]["seconds"] < QUICK_SECONDS]
    check(len(quick) >= 2 and any(r["worst_case"]["source"] != "this program" for r in quick),
          f"quick worst cases to run, a published one among them: {[r['rules'] for r in quick]}")
    for r in quick:
        w = r["worst_case"]
        command = shlex.split(w["check"])
        check(command[0] == "mastermind", f"{r['rules']}: a command of ours: {w['check']!r}")
        e = expect_json(*command[1:], "--json")
        check(e.get("objective") == "worst" and e.get("proven") is True and e.get("max") == w["guesses"]
              and e.get("lost") == 0 and e.get("secrets") == r["codes"],
              f"{r['rules']}: the search proves {e.get('max')} guesses (proven {e.get('proven')}); the record "
              f"says {w['guesses']} ({w['source']})")


def test_shipped_trees():
    """Every shipped tree of a record is valid for its board and plays every secret for the total
    (an open board's for its upper bound: the best strategy found)."""
    trees = [r for r in listing() if r["tree"] is not None]
    check(len(trees) >= 4, f"trees ship for the settled boards and Bulls and Cows: {[r['rules'] for r in trees]}")
    for r in trees:
        e = expect_json("evaluate", "--rules", r["rules"], "--tree", r["tree"], "--json")
        worst_agrees = e.get("max") == r["worst"] or (not r["proven"] and r["worst"] is None)
        check(e.get("total") == r["total"] == r["upper_bound"] and worst_agrees and e.get("lost") == 0
              and e.get("secrets") == r["codes"],
              f"{r['rules']}: the tree plays {e.get('total')}, worst {e.get('max')}; the record says "
              f"{r['total']}, {r['worst']}")


def seconds_text(seconds, runs=1):
    return f"{seconds:g} s" if runs == 1 else f"{seconds:g} s in {runs} runs"


def page_row(r):
    """The page's row of a record."""
    if r["proven"]:
        figures = str(r["total"])
    else:
        figures = f"{r['lower_bound']} to {r['upper_bound']} (gap {100 * r['gap']:.2f} %)"
    source = f"this program ({r['version']})" if r["source"] == "this program" else f"{r['source']}; reproduced"
    if r["published"] is not None:
        source += f"; best published {r['published']}"
    if r["tree"] is not None:
        source += "; tree shipped"
    worst = "–" if r["worst"] is None else str(r["worst"])
    fewest = "–" if r["worst_case"] is None else str(r["worst_case"]["guesses"])
    time, command = seconds_text(r["seconds"], r["runs"]), f"`{r['search']}`"
    if r["floor"] is not None:
        # The search of the strategy, then that of the floor.
        time += f"; floor {seconds_text(r['floor']['seconds'], r['floor']['runs'])}"
        command += f"; floor `{r['floor']['search']}`"
    return (f"| {r['rules']} | {r['codes']} | {figures} | {worst} | {fewest} | {'yes' if r['proven'] else 'no'} | "
            f"{source} | {time} | {command} |")


def worst_case_row(r):
    """The page's row of a record's worst case."""
    w = r["worst_case"]
    source = f"this program ({w['version']})" if w["source"] == "this program" else f"{w['source']}; reproduced"
    return f"| {r['rules']} | {w['guesses']} | {source} | {seconds_text(w['seconds'])} | `{w['search']}` |"


def board_rows(section):
    return [line for line in section.splitlines() if re.match(r"^\| p\d+c\d+[rn] \|", line)]


def check_rows(rows, expected, what):
    for row in expected:
        check(row in rows, f"{PAGE}: {what}: the row {row!r}")
    check(len(rows) == len(expected), f"{PAGE}: {what}: {len(rows)} rows for {len(expected)} records")


def test_page():
    """The manual's tables hold exactly the records, row for row: the table of results before the
    first section, the worst cases in theirs."""
    with open(PAGE, encoding="utf-8") as f:
        text = f.read()
    check(text.startswith("# The table of results\n"), f"{PAGE}: the page of the table of results")
    sections = re.split(r"^## ", text, flags=re.M)
    worst_section = next((s for s in sections if s.startswith("The worst case\n")), "")
    check(worst_section != "", f"{PAGE}: a section \"The worst case\"")
    records = listing()
    check_rows(board_rows(sections[0]), [page_row(r) for r in records], "the table of results")
    check_rows(board_rows(worst_section), [worst_case_row(r) for r in records if r["worst_case"] is not None],
               "the worst cases")
    other = [row for s in sections[1:] if s is not worst_section for row in board_rows(s)]
    check(not other, f"{PAGE}: rows of boards outside the two tables: {other}")


GROUPS = {
    "records": test_records,
    "records_trees": test_shipped_trees,
    "records_worst_case": test_worst_case,
    "records_page": test_page,
}


def main():
    global PAGE
    PAGE = sys.argv[2]
    return run_groups(GROUPS, sys.argv[3], sys.argv[1])


if __name__ == "__main__":
    sys.exit(main())
