#!/bin/sh
# The tree stays formatted by the checked-in .clang-format. clang-format is not among the set-up
# script's packages (it is large and only this check needs it): without it the check is skipped,
# saying so; `make format` installs it and formats the tree.
if ! command -v clang-format >/dev/null 2>&1; then
  echo "clang-format is not installed: skipping the format check (make format installs it)"
  exit 77
fi
exec clang-format --dry-run --Werror "$@"
