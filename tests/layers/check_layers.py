#!/usr/bin/env python3
"""Checks every #include of the project's own code against the table of layers written in
src/CMakeLists.txt (MM_LAYERS): a file of library L may include its own headers and those of the
libraries its row names, nothing else. Fails naming each arrow the table does not allow.

Sealed rows (MM_SEALED, "hidden: library ..."): no file of those libraries may reach a header of
the hidden library at all, through any chain of includes (an engine header that brings in a
solver header counts): what a public header brings in is checked, not only the direct includes.

Usage: check_layers.py SOURCE_DIR ROW... [--sealed SEALED_ROW...]
                                          (ROW: "library: allowed library ...";
                                           SEALED_ROW: "hidden: library ...")
       check_layers.py --self-test        (the check on made-up trees with one bad arrow each)
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


def includes_of(path, top, layer):
    """The project's headers `path` includes directly, as paths (unknown ones left out)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    found = []
    for include in INCLUDE.findall(text):
        _, header = target_of(include, path, top, layer)
        if os.path.exists(header):
            found.append(os.path.normpath(header))
    return found


def reached(path, top, layer):
    """Every header `path` brings in through any chain of includes, with the chain that first
    reached it (a list of paths, `path` first)."""
    chains = {os.path.normpath(path): [os.path.normpath(path)]}
    todo = [os.path.normpath(path)]
    while todo:
        current = todo.pop()
        current_layer = layer_of(current, top) or layer
        for header in includes_of(current, top, current_layer):
            if header not in chains:
                chains[header] = chains[current] + [header]
                todo.append(header)
    return chains


def check_sealed(top, sealed):
    """Files of the sealed libraries that reach a header of the library hidden from them."""
    problems = []
    for hidden, libraries in sealed.items():
        for root_dir in ("include", "src"):
            for folder, _, names in os.walk(os.path.join(top, root_dir)):
                for name in sorted(names):
                    path = os.path.join(folder, name)
                    layer = layer_of(path, top)
                    if not name.endswith(SOURCES) or layer not in libraries:
                        continue
                    for header, chain in sorted(reached(path, top, layer).items()):
                        if layer_of(header, top) == hidden:
                            steps = " -> ".join(os.path.relpath(p, top) for p in chain)
                            problems.append(f"{layer} reaches {hidden}: {steps}")
                            break
    return problems


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


def write_file(top, rel, text):
    """A file of a made-up tree, its folders made."""
    os.makedirs(os.path.dirname(os.path.join(top, rel)), exist_ok=True)
    with open(os.path.join(top, rel), "w", encoding="utf-8") as f:
        f.write(text)


def sealed_self_test():
    """A made-up front-end file that reaches a solver header through an engine header: every
    direct include is in the table, and the sealed check must still say so."""
    with tempfile.TemporaryDirectory(prefix="mm-sealed-") as top:
        def write(rel, text):
            write_file(top, rel, text)
        write("include/mm/core/rules.hpp", "#pragma once\n")
        write("include/mm/solver/strategy.hpp", '#include "mm/core/rules.hpp"\n')
        write("include/mm/engine/analysis.hpp", '#include "mm/solver/strategy.hpp"\n')
        write("src/ui/app.cpp", '#include "mm/engine/analysis.hpp"\n')
        table = parse_table(["core:", "solver: core", "engine: solver core", "ui: engine core"])
        sealed = parse_sealed(["solver: ui"])
        _, problems = check(top, table)
        if problems:
            print(f"sealed self-test: the direct includes follow the table, got {problems}")
            return 1
        problems = check_sealed(top, sealed)
        expected = "ui reaches solver: src/ui/app.cpp -> include/mm/engine/analysis.hpp -> include/mm/solver/strategy.hpp"
        if problems != [expected]:
            print(f"sealed self-test: expected [{expected!r}], got {problems}")
            return 1
        write("include/mm/engine/analysis.hpp", '#include "mm/core/rules.hpp"\n')
        if check_sealed(top, sealed):
            print("sealed self-test: the engine header no longer brings the solver in, yet a problem was found")
            return 1
    print("self-test: a front end reaching the solver through an engine header is caught")
    return 0


def self_test():
    """A tree where core includes solver: the check must say so, and pass once it is gone."""
    with tempfile.TemporaryDirectory(prefix="mm-layers-") as top:
        def write(rel, text):
            write_file(top, rel, text)
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
    return sealed_self_test()


def parse_sealed(rows):
    sealed = {}
    for row in rows:
        hidden, _, libraries = row.partition(":")
        sealed[hidden.strip()] = set(libraries.split())
    return sealed


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) < 3:
        print(__doc__)
        return 2
    rows = argv[2:]
    sealed_rows = []
    if "--sealed" in rows:
        at = rows.index("--sealed")
        rows, sealed_rows = rows[:at], rows[at + 1:]
    top, table = argv[1], parse_table(rows)
    files, problems = check(top, table)
    problems += check_sealed(top, parse_sealed(sealed_rows))
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} include(s) outside the table of layers (src/CMakeLists.txt, MM_LAYERS, MM_SEALED)")
        return 1
    print(f"{files} files: every include follows the table of layers, and no sealed library reaches what is hidden from it")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
