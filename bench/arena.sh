#!/bin/sh
# The protocol's overhead: `mastermind arena` with our engine behind the protocol against
# `mastermind evaluate` doing the same work in one process, side by side in one hyperfine run
# per board (interleaved, so load hits both alike), with the ratio of median wall times; and the
# C++ example codebreaker and our scorer refereed over every classic secret or pair.
#
#   bench/arena.sh [path/to/mastermind] [path/to/mm_example_breaker]
#
# Environment: RUNS (timed runs per command, default 10). Needs hyperfine and python3.
set -eu
bench=arena.sh
. "$(dirname "$0")/lib.sh"

mm=$(realpath "${1:-build/mastermind}")
example=$(realpath "${2:-build/examples/mm_example_breaker}")
runs=${RUNS:-10}
bench_needs hyperfine python3
bench_built "$mm"

bench_start
printf '%-24s %-9s %12s %12s %7s\n' what board "in-process" "arena ms" ratio
# One row: a label, the board's options, the in-process command and the arena's.
row() {
  label=$1 board=$2 ours=$3 arena=$4
  hyperfine -N --warmup 1 --runs "$runs" --export-json "$tmp/run.json" "$ours" "$arena" >/dev/null 2>&1
  python3 - "$tmp/run.json" "$label" "$board" <<'PY'
import json, sys
path, label, board = sys.argv[1:]
ours, arena = json.load(open(path))["results"]
a, b = ours["median"] * 1e3, arena["median"] * 1e3
print(f"{label:<24} {board:<9} {a:12.1f} {b:12.1f} {b / a:7.2f}")
PY
}

for board in classic bulls; do
  "$mm" tree --preset "$board" --strategy knuth -o "$tmp/$board.json" >/dev/null
  row "knuth, tree built" "$board" "$mm evaluate --preset $board --strategy knuth" \
      "$mm arena --preset $board --breaker '$mm engine --strategy knuth'"
  row "knuth, tree built, -j2" "$board" "$mm evaluate --preset $board --strategy knuth" \
      "$mm arena --preset $board --jobs 2 --breaker '$mm engine --strategy knuth'"
  row "knuth, tree given" "$board" "$mm evaluate --preset $board --tree $tmp/$board.json" \
      "$mm arena --preset $board --breaker '$mm engine --preset $board --tree $tmp/$board.json'"
done

# Refereed alone: the C++ example over every classic secret, our scorer over every classic pair.
hyperfine -N --warmup 1 --runs "$runs" --export-json "$tmp/alone.json" \
  "$mm arena --breaker $example" "$mm arena --breaker $example --jobs 2" \
  "$mm arena --scorer '$mm engine --scorer'" >/dev/null 2>&1
python3 - "$tmp/alone.json" <<'PY'
import json, sys
for r, label in zip(json.load(open(sys.argv[1]))["results"],
                    ["C++ example, 1296 secrets", "C++ example, --jobs 2", "our scorer, 1679616 pairs"]):
    print(f"{label:<34} {r['median'] * 1e3:12.1f} ms")
PY
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
