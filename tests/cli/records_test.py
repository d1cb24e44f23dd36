#!/usr/bin/env python3
"""`mastermind records`: the table of results (src/engine/records.cpp). Its figures agree with
themselves, every shipped tree of a settled board is valid and evaluates to the record's total
(`evaluate --tree`), and the manual's table (docs/records.md) says what the command says, row for row.

Usage: records_test.py MASTERMIND PAGE GROUP   (PAGE: docs/records.md; GROUP: a name in GROUPS, or `all`)"""

import os
import re
import sys

from groups import check, expect_json, run, run_groups

PAGE = ""


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
        if r["tree"] is not None:
            check(os.path.isfile(r["tree"]) and r["tree"] in r["check"], f"{rules}: the tree checks it: {r}")
        else:
            check(r["check"] == r["search"], f"{rules}: without a tree, the search checks it: {r}")
    status, out, err = run("records")
    check(status == 0 and err == "", f"records: status {status}, {err!r}")
    flat = re.sub(r"\s+", " ", out)
    for r in records:
        check(f"{r['rules']} (" in out and re.sub(r"\s+", " ", r["check"]) in flat,
              f"records: {r['rules']} and its check in the text: {out[:300]!r}")
    # The boards this program settled ship their trees.
    settled = [r for r in records if r["proven"] and r["source"] == "this program" and r["rules"] != "p3c9r"]
    check(len(settled) >= 3 and all(r["tree"] for r in settled), f"the settled boards' trees ship: {settled}")


def test_shipped_trees():
    """Every shipped tree of a record is valid for its board and plays every secret for the total."""
    trees = [r for r in listing() if r["tree"] is not None]
    check(len(trees) >= 4, f"trees ship for the settled boards and Bulls and Cows: {[r['rules'] for r in trees]}")
    for r in trees:
        e = expect_json("evaluate", "--rules", r["rules"], "--tree", r["tree"], "--json")
        check(e.get("total") == r["total"] and e.get("max") == r["worst"] and e.get("lost") == 0
              and e.get("secrets") == r["codes"],
              f"{r['rules']}: the tree plays {e.get('total')}, worst {e.get('max')}; the record says "
              f"{r['total']}, {r['worst']}")


def seconds_text(seconds):
    return f"{seconds:g} s"


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
    return (f"| {r['rules']} | {r['codes']} | {figures} | {worst} | {'yes' if r['proven'] else 'no'} | {source} | "
            f"{seconds_text(r['seconds'])} | `{r['search']}` |")


def test_page():
    """The manual's table of results holds exactly the records, row for row."""
    with open(PAGE, encoding="utf-8") as f:
        text = f.read()
    check(text.startswith("# The table of results\n"), f"{PAGE}: the page of the table of results")
    rows = [line for line in text.splitlines() if re.match(r"^\| p\d+c\d+[rn] \|", line)]
    records = listing()
    expected = [page_row(r) for r in records]
    for row in expected:
        check(row in rows, f"{PAGE}: the row {row!r}")
    check(len(rows) == len(expected), f"{PAGE}: {len(rows)} rows for {len(expected)} records")


GROUPS = {
    "records": test_records,
    "records_trees": test_shipped_trees,
    "records_page": test_page,
}


def main():
    global PAGE
    PAGE = sys.argv[2]
    return run_groups(GROUPS, sys.argv[3], sys.argv[1])


if __name__ == "__main__":
    sys.exit(main())
