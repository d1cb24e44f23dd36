#!/usr/bin/env python3
"""Checks every #include of the project's own code against the table of layers written in
src/CMakeLists.txt (MM_LAYERS): a file of library L may include its own headers and those of the
libraries its row names, nothing else. Fails naming each arrow the table does not allow.

Usage: check_layers.py SOURCE_DIR ROW...     (ROW: "library: allowed library ...")
       check_layers.py --self-test           (the check on a made-up tree with one bad arrow)
"""

import os
import re
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)
SOURCES = (".hpp", ".cpp", ".h")


def parse_table(rows):
    table = {}
    for row in rows:
        name, _, allowed = row.partition(":")
        table[name.strip()] = set(allowed.split()) | {name.strip()}
    return table


def layer_of(path, top):
    """The library a file belongs to: include/mm/<L>/... or src/<L>/..., else None."""
    parts = os.path.relpath(path, top).split(os.sep)
    if parts[:2] == ["include", "mm"] and len(parts) > 3:
        return parts[2]
    if parts[0] == "src" and len(parts) > 2:
        return parts[1]
    return None


def target_of(include, path, top, layer):
    """The library an include names: mm/<L>/... is L's public header; anything else is a private
    header of the including library, found beside the file or under src/<layer>/."""
    parts = include.split("/")
    if parts[0] == "mm" and len(parts) > 2:
        return parts[1], os.path.join(top, "include", include)
    for base in (os.path.dirname(path), os.path.join(top, "src", layer)):
        candidate = os.path.normpath(os.path.join(base, include))
        if os.path.exists(candidate):
            return layer_of(candidate, top), candidate
    return None, include


def check(top, table):
    problems = []
    files = 0
    for root_dir in ("include", "src"):
        for folder, _, names in os.walk(os.path.join(top, root_dir)):
            for name in sorted(names):
                if not name.endswith(SOURCES):
                    continue
                path = os.path.join(folder, name)
                layer = layer_of(path, top)
                where = os.path.relpath(path, top)
                if layer is None:
                    continue
                files += 1
                if layer not in table:
                    problems.append(f"{where}: library '{layer}' has no row in the table")
                    continue
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                for include in INCLUDE.findall(text):
                    target, found = target_of(include, path, top, layer)
                    if target is None or not os.path.exists(found):
                        problems.append(f"{where}: \"{include}\" is no header of the project")
                    elif target not in table[layer]:
                        problems.append(f"{where}: {layer} -> {target} (\"{include}\") is not in the table")
    return files, problems


def self_test():
    """A tree where core includes solver: the check must say so, and pass once it is gone."""
    with tempfile.TemporaryDirectory(prefix="mm-layers-") as top:
        def write(rel, text):
            os.makedirs(os.path.dirname(os.path.join(top, rel)), exist_ok=True)
            with open(os.path.join(top, rel), "w", encoding="utf-8") as f:
                f.write(text)
        write("include/mm/core/rules.hpp", "#pragma once\n")
        write("include/mm/solver/strategy.hpp", '#include "mm/core/rules.hpp"\n')
        write("src/solver/board/universe.hpp", '#include "mm/core/rules.hpp"\n')
        write("src/solver/strategy.cpp", '#include "board/universe.hpp"\n#include "mm/solver/strategy.hpp"\n')
        write("src/core/rules.cpp", '#include "mm/core/rules.hpp"\n#include "mm/solver/strategy.hpp"\n')
        table = parse_table(["core:", "solver: core"])
        _, problems = check(top, table)
        if len(problems) != 1 or "core -> solver" not in problems[0]:
            print(f"self-test: expected one arrow core -> solver, got {problems}")
            return 1
        write("src/core/rules.cpp", '#include "mm/core/rules.hpp"\n#include "missing.hpp"\n')
        _, problems = check(top, table)
        if len(problems) != 1 or "no header of the project" not in problems[0]:
            print(f"self-test: expected the unknown header, got {problems}")
            return 1
    print("self-test: a bad arrow and an unknown header are both caught")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) < 3:
        print(__doc__)
        return 2
    top, table = argv[1], parse_table(argv[2:])
    files, problems = check(top, table)
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} include(s) outside the table of layers (src/CMakeLists.txt, MM_LAYERS)")
        return 1
    print(f"{files} files: every include follows the table of layers")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
