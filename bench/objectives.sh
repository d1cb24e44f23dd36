#!/bin/sh
# The optimal search's objectives side by side: the worst case (--objective worst) against the
# average on the same board, in one hyperfine run per board (interleaved, so load hits both alike),
# with the median wall times, their ratio and the figures each proves.
#
#   bench/objectives.sh [path/to/mastermind] [RULES...]   (default: p4c6r p3c8r p4c5r p4c7r)
#
# Environment: RUNS (timed runs per command, default 3). One thread (-j 1), as docs/optimal.md's tables.
# Needs hyperfine and python3.
set -eu
bench=objectives.sh
. "$(dirname "$0")/lib.sh"

mm=$(realpath "${1:-build/mastermind}")
[ $# -gt 0 ] && shift
boards=${*:-p4c6r p3c8r p4c5r p4c7r}
runs=${RUNS:-3}
bench_needs hyperfine python3
bench_built "$mm"

bench_start
printf '%-7s %14s %14s %12s %12s %7s\n' board "average" "worst" "average s" "worst s" ratio
for board in $boards; do
  average="$mm evaluate --strategy optimal --rules $board -j 1 --json"
  worst="$mm evaluate --strategy optimal --objective worst --rules $board -j 1 --json"
  $average >"$tmp/average.json"
  $worst >"$tmp/worst.json"
  hyperfine -N --runs "$runs" --export-json "$tmp/run.json" "$average" "$worst" >/dev/null 2>&1
  python3 - "$tmp" "$board" <<'PY'
import json, sys
tmp, board = sys.argv[1:]
a, w = json.load(open(f"{tmp}/run.json"))["results"]
fa, fw = json.load(open(f"{tmp}/average.json")), json.load(open(f"{tmp}/worst.json"))
show = lambda f: f"{f['total']}:{f['max']}"
print(f"{board:<7} {show(fa):>14} {show(fw):>14} {a['median']:12.2f} {w['median']:12.2f} {w['median'] / a['median']:7.2f}")
PY
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
