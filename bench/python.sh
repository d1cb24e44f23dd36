#!/bin/sh
# The Python module against the command line on the same evaluation, side by side in one hyperfine
# run per board (interleaved, so load hits both alike): `mastermind evaluate` and a Python process
# that imports the module and calls mastermind.evaluate, with a Python process that only imports
# it beside them (the interpreter's start, which the CLI does not pay). Then the evaluation
# alone, from inside each: the CLI's own `seconds` (engine time) against the Python call's wall
# time (the call, the JSON turned into a dict), as the first call of a fresh process and as a
# later one; medians of RUNS each, the three interleaved.
#
#   bench/python.sh [build]
#
# Environment: RUNS (default 30), BOARDS (default "p4c6r p4c10n"), STRATEGY (default knuth),
# THREADS (default 0: every core, both sides). Needs hyperfine.
set -eu

build=${1:-build}
runs=${RUNS:-30}
boards=${BOARDS:-"p4c6r p4c10n"}
strategy=${STRATEGY:-knuth}
threads=${THREADS:-0}
cli="$build/mastermind"
command -v hyperfine >/dev/null 2>&1 || { echo "python.sh: hyperfine is needed (apt-get install hyperfine)" >&2; exit 69; }
[ -x "$cli" ] || { echo "python.sh: $cli is not built (make build)" >&2; exit 66; }
ls "$build"/python/mastermind*.so >/dev/null 2>&1 || { echo "python.sh: the Python module is not built" >&2; exit 66; }
export PYTHONPATH="$build/python"

for board in $boards; do
  echo "== $board, $strategy, -j $threads: whole processes"
  hyperfine -N --warmup 3 --runs "$runs" \
    -n cli "$cli evaluate --strategy $strategy --rules $board -j $threads --json" \
    -n python "python3 -c \"import mastermind; mastermind.evaluate('$strategy', rules='$board', threads=$threads)\"" \
    -n python-import "python3 -c \"import mastermind\""
  echo "== $board, $strategy, -j $threads: the evaluation alone (median of $runs)"
  python3 - "$cli" "$board" "$strategy" "$threads" "$runs" <<'EOF'
import json, statistics, subprocess, sys, time
import mastermind
cli, board, strategy, threads, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
# The first call of a fresh process (as the CLI's is), and a call in a process that made it before.
first_call = ("import json, sys, time, mastermind; t = time.perf_counter(); "
              f"a = mastermind.evaluate('{strategy}', rules='{board}', threads={threads}); "
              "print(json.dumps([time.perf_counter() - t, a['total']]))")
inside_cli, first_python, again_python = [], [], []
for _ in range(runs):
    out = subprocess.run([cli, "evaluate", "--strategy", strategy, "--rules", board, "-j", str(threads), "--json"],
                         capture_output=True, check=True).stdout
    inside_cli.append(json.loads(out)["seconds"])
    seconds, total = json.loads(subprocess.run([sys.executable, "-c", first_call], capture_output=True,
                                               check=True).stdout)
    first_python.append(seconds)
    start = time.perf_counter()
    answer = mastermind.evaluate(strategy, rules=board, threads=threads)
    again_python.append(time.perf_counter() - start)
c, f, a = (statistics.median(x) for x in (inside_cli, first_python, again_python))
print(f"cli (its own seconds): {c * 1e3:.3f} ms   python, first call of a process: {f * 1e3:.3f} ms (ratio {f / c:.3f})"
      f"   python, a later call: {a * 1e3:.3f} ms (ratio {a / c:.3f})   totals {json.loads(out)['total']} {total}"
      f" {answer['total']}")
EOF
done
