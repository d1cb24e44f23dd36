#!/bin/sh
# The Python module against the command line on the same evaluation, side by side in one run per
# board, both from the same build.
#
# First whole processes, in one hyperfine run (interleaved, so load hits both alike):
# `mastermind evaluate`, a Python process that imports the module and calls mastermind.evaluate,
# and a Python process that only imports it (the interpreter's start, which the CLI does not pay).
#
# Then the evaluation alone, RUNS rounds, each round a fresh `mastermind evaluate --json` and a
# fresh Python process making its first call, back to back, the order swapped every round:
#   cli seconds      the CLI's `seconds`: the engine's own clock around the evaluation
#   python seconds   the same clock, the same code, read from the dict the module returns: what the
#                    issue calls the work itself, measured alike on both sides
#   python call      the wall time of the whole call in Python (reading the arguments, releasing the
#                    GIL, the answer turned into a dict) around the same work
#   python later     a later call in a process that made it before: warm caches and heap, which no
#                    fresh CLI process has, so not a comparison with it; shown for scripts that
#                    call it in a loop
# Printed: the medians, the ratio of the medians (Python / CLI; 1.05 is 5 % slower) and the median
# of the rounds' own ratios (each pair ran within milliseconds of each other, under the same load).
# With THREADS above 0 the CLI starts the thread library (TBB) before its clock, when it sets the
# process's limit, and a first Python call inside it: about 0.4 ms here, which BOARDS=p2c2r shows
# nearly alone.
#
#   bench/python.sh [build]
#
# Environment: RUNS (default 60), BOARDS (default "p4c6r p4c10n"), STRATEGY (default knuth),
# THREADS (default 0: every core, both sides). Needs hyperfine.
set -eu
bench=python.sh
. "$(dirname "$0")/lib.sh"

build=${1:-build}
runs=${RUNS:-60}
boards=${BOARDS:-"p4c6r p4c10n"}
strategy=${STRATEGY:-knuth}
threads=${THREADS:-0}
cli="$build/mastermind"
bench_needs hyperfine
bench_built "$cli"
ls "$build"/python/mastermind*.so >/dev/null 2>&1 || { echo "python.sh: the Python module is not built" >&2; exit 66; }
export PYTHONPATH="$build/python"

for board in $boards; do
  echo "== $board, $strategy, -j $threads: whole processes"
  hyperfine -N --warmup 3 --runs "$runs" \
    -n cli "$cli evaluate --strategy $strategy --rules $board -j $threads --json" \
    -n python "python3 -c \"import mastermind; mastermind.evaluate('$strategy', rules='$board', threads=$threads)\"" \
    -n python-import "python3 -c \"import mastermind\""
  echo "== $board, $strategy, -j $threads: the evaluation alone, $runs rounds"
  python3 - "$cli" "$board" "$strategy" "$threads" "$runs" <<'EOF'
import json, statistics, subprocess, sys, time
import mastermind
cli, board, strategy, threads, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
first_call = ("import json, time, mastermind; t = time.perf_counter(); "
              f"a = mastermind.evaluate('{strategy}', rules='{board}', threads={threads}); "
              "print(json.dumps([time.perf_counter() - t, a['seconds'], a['total']]))")
def run_cli():
    out = json.loads(subprocess.run([cli, "evaluate", "--strategy", strategy, "--rules", board, "-j", str(threads),
                                     "--json"], capture_output=True, check=True).stdout)
    return out["seconds"], out["total"]
def run_python():
    return json.loads(subprocess.run([sys.executable, "-c", first_call], capture_output=True, check=True).stdout)
cli_s, py_s, py_call, later, totals = [], [], [], [], set()
for round in range(runs):
    if round % 2 == 0:
        c, ct = run_cli(); call, s, pt = run_python()
    else:
        call, s, pt = run_python(); c, ct = run_cli()
    start = time.perf_counter()
    answer = mastermind.evaluate(strategy, rules=board, threads=threads)
    later.append(time.perf_counter() - start)
    cli_s.append(c); py_s.append(s); py_call.append(call); totals |= {ct, pt, answer["total"]}
median = statistics.median
c = median(cli_s)
def line(name, xs, paired=True):
    text = f"  {name:<15} {median(xs) * 1e3:8.3f} ms   ratio {median(xs) / c:.3f}"
    if paired:
        text += f"   paired {median(x / y for x, y in zip(xs, cli_s)):.3f}"
    print(text)
print(f"  {'cli seconds':<15} {c * 1e3:8.3f} ms   totals {sorted(totals)}")
line("python seconds", py_s)
line("python call", py_call)
line("python later", later, paired=False)
EOF
done
