#!/bin/sh
# Times `mastermind evaluate` against mastermind-strategy's `mmstrat` on the same boards and
# strategies, both programs in one hyperfine run per row, and prints the ratio of median wall
# times and of mean processor times (user + system; ours / theirs, below 1 means we are faster)
# and both totals. On a busy machine the processor times are the steadier figure: a process that
# waits for a core adds to its wall time only. Build mmstrat yourself from its own sources; this script only runs it.
#
#   MMSTRAT=/path/to/mmstrat bench/compare.sh [path/to/mastermind]
#
# Environment: RUNS (timed runs per program and row, default 10), BOARDS (default
# "p4c10n p5c8r"), THREADS (default "1 2"), STRATEGIES (ours, default "knuth irving entropy
# most-parts"), EXTRA (more options for ours, e.g. "--time-limit 86400" for the optimal search on
# boards outside its feasibility table). Needs hyperfine and python3.
set -eu
bench=compare.sh
. "$(dirname "$0")/lib.sh"

ours=${1:-build/mastermind}
runs=${RUNS:-10}
boards=${BOARDS:-"p4c10n p5c8r"}
threads=${THREADS:-"1 2"}
strategies=${STRATEGIES:-"knuth irving entropy most-parts"}

if [ -z "${MMSTRAT:-}" ]; then
  echo "compare.sh: set MMSTRAT to the mmstrat executable (our own times alone: make bench)" >&2
  exit 64
fi
bench_needs hyperfine python3
bench_built "$ours"
[ -x "$MMSTRAT" ] || { echo "compare.sh: $MMSTRAT is not executable" >&2; exit 66; }

# mmstrat's names for our strategies. Its minmax breaks ties on the whole sorted partition and
# its entropy favours candidates, so only irving (minavg) and most-parts (parts) play the same
# games and must give the same totals; both optimal players must reach the same total.
their_name() {
  case $1 in
    knuth) echo minmax ;; irving) echo minavg ;; entropy) echo entropy ;; most-parts) echo parts ;;
    optimal) echo optimal ;;
    *) echo "compare.sh: no mmstrat equivalent for $1" >&2; exit 64 ;;
  esac
}

bench_start
printf '%-11s %-7s %7s %9s %9s %6s %9s %9s %6s  %s\n' strategy board threads "ours ms" "theirs ms" ratio \
  "ours cpu" "their cpu" ratio "totals (ours / theirs)"
for board in $boards; do
  for s in $strategies; do
    theirs=$(their_name "$s")
    for j in $threads; do
      our_cmd="$ours evaluate --rules $board --strategy $s -j $j${EXTRA:+ $EXTRA}"
      their_cmd="$MMSTRAT -r $board -s $theirs -S -q -mt $j"
      our_total=$($our_cmd --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print("%d:%d" % (d["total"], d["max"]))')
      their_total=$($their_cmd | tail -n 1 | cut -d: -f1-2)
      hyperfine -N --warmup 1 --runs "$runs" --export-json "$tmp/run.json" "$our_cmd" "$their_cmd" >/dev/null 2>&1
      python3 - "$tmp/run.json" "$s" "$board" "$j" "$our_total" "$their_total" <<'PY'
import json, sys
path, strategy, board, threads, ours_total, theirs_total = sys.argv[1:]
ours, theirs = json.load(open(path))["results"]
a, b = ours["median"] * 1e3, theirs["median"] * 1e3
ca, cb = ((r["user"] + r["system"]) * 1e3 for r in (ours, theirs))
print(f"{strategy:<11} {board:<7} {threads:>7} {a:9.1f} {b:9.1f} {a / b:6.2f} {ca:9.1f} {cb:9.1f} {ca / cb:6.2f}"
      f"  {ours_total} / {theirs_total}")
PY
    done
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
