"""po/mastermind.pot holds every marked string of the sources (ctest translations_template): a
string marked or changed without `cmake --build build --target pot` would never reach the
translators.

Usage: check_template.py XGETTEXT SOURCE_DIR POT [XGETTEXT_ARGS...] -- SOURCES..."""

import os
import subprocess
import sys
import tempfile

from catalogue import read


def keys(path):
    return {(e.context, e.msgid, e.plural) for e in read(path) if e.msgid}


def main():
    xgettext, source_dir, pot = sys.argv[1:4]
    rest = sys.argv[4:]
    split = rest.index("--")
    args, sources = rest[:split], rest[split + 1:]
    with tempfile.TemporaryDirectory(prefix="mm-pot-") as d:
        fresh = os.path.join(d, "fresh.pot")
        subprocess.run([xgettext, *args, f"--output={fresh}", *sources], cwd=source_dir, check=True)
        want = keys(fresh)
    have = keys(pot)
    for context, msgid, _ in sorted(want - have, key=str):
        print(f"not in the template: {msgid!r}" + (f" (context {context!r})" if context else ""))
    for context, msgid, _ in sorted(have - want, key=str):
        print(f"no longer in the sources: {msgid!r}" + (f" (context {context!r})" if context else ""))
    if want != have:
        print("regenerate it: cmake --build build --target pot")
        sys.exit(1)
    print(f"ok: {len(want)} messages")


if __name__ == "__main__":
    main()
