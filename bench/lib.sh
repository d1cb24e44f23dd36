# What the shell benchmarks share, sourced after `set -eu`: each checks its tools and binaries the
# same way (exit 69 for a missing tool, 66 for a missing binary, as the program's own statuses),
# works in a temporary folder removed however it ends, and prints the load it started under, since
# its figures mean little without it.
#
#   bench=NAME; . "$(dirname "$0")/lib.sh"

# bench_needs TOOL...: every tool on PATH, or one line and exit 69.
bench_needs() {
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 || { echo "$bench: $tool is needed (apt-get install $tool)" >&2; exit 69; }
  done
}

# bench_built FILE: an executable, or one line and exit 66.
bench_built() {
  [ -x "$1" ] || { echo "$bench: $1 is not built (make build)" >&2; exit 66; }
}

# bench_start: a temporary folder in $tmp, and the load average on stdout.
bench_start() {
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT INT TERM
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
}
