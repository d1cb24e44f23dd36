#!/usr/bin/env python3
"""The installed program and library, as a user gets them from `cmake --install build --prefix P`
(what `make install PREFIX=P` runs): one ctest entry per step, sharing one temporary prefix.

Usage: install_test.py STEP BUILD_DIR SOURCE_DIR WORK_DIR
  setup      installs into WORK_DIR/prefix (the build's own install_manifest.txt is kept as it was)
  run        the installed programs from another directory: trees, languages, manual pages, completions
  embed      examples/embed built by CMake against the installed package, then run
  pkgconfig  the same program compiled with the flags of the installed pkg-config file
  headers    every installed header compiles on its own against the installed package
  python     the installed Python module imported from the prefix
  uninstall  the manifest's files removed (cmake/Uninstall.cmake); nothing of ours is left
"""

import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request

TIMEOUT = 600
STEP, BUILD, SOURCE, WORK = sys.argv[1:5]
PREFIX = os.path.join(WORK, "prefix")
MANIFEST = os.path.join(WORK, "install_manifest.txt")
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f"FAIL: {what}")


def run(args, cwd=None, env=None):
    proc = subprocess.run(args, cwd=cwd, env=env, capture_output=True, timeout=TIMEOUT)
    return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


def plain_environment(**extra):
    """The environment of a user who set nothing of ours."""
    env = {k: v for k, v in os.environ.items() if k not in ("MASTERMIND_DATA_DIR", "LANGUAGE", "LC_ALL", "LANG")}
    env.update(extra)
    return env


def setup():
    """Installs into a fresh prefix; the build's install_manifest.txt (a user's own install) is
    put back as it was, and this install's manifest kept for the uninstall step."""
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    users = os.path.join(BUILD, "install_manifest.txt")
    saved = open(users, "rb").read() if os.path.exists(users) else None
    try:
        status, out, err = run(["cmake", "--install", BUILD, "--prefix", PREFIX])
        check(status == 0, f"cmake --install: {err}")
        shutil.copy(users, MANIFEST)
    finally:
        if saved is None:
            os.remove(users)
        else:
            open(users, "wb").write(saved)
    installed = [line for line in open(MANIFEST).read().splitlines() if line]
    check(installed and all(p.startswith(PREFIX + "/") for p in installed), "every file is under the prefix")
    for path in ["bin/mastermind", "libexec/mastermind-serve",
                 "share/mastermind/trees/p4c6r-d5.json", "share/mastermind/trees/p4c10n.json",
                 "share/mastermind/locale/da/LC_MESSAGES/mastermind.mo",
                 "share/mastermind/locale/sv/LC_MESSAGES/mastermind.mo", "share/man/man1/mastermind.1.gz",
                 "share/man/da/man1/mastermind.1.gz", "share/man/sv/man1/mastermind.1.gz",
                 "share/bash-completion/completions/mastermind", "share/zsh/vendor-completions/_mastermind",
                 "include/mm/engine/analysis.hpp", "lib/cmake/mastermind/mastermindConfig.cmake",
                 "lib/pkgconfig/mastermind.pc", "share/doc/mastermind/copyright",
                 "share/doc/mastermind/changelog.gz", "share/doc/mastermind/changelog.Debian.gz",
                 "share/doc/mastermind/README.md", "share/doc/mastermind/docs/README.md",
                 "share/doc/mastermind/docs/records.md", "share/doc/mastermind/docs/page-360-light.png",
                 # The static site of `make web` (which `make test` runs first), and so the engine
                 # the installed server serves.
                 "share/mastermind/web/index.html", "share/mastermind/web/sw.js",
                 "share/mastermind/web/engine.js", "share/mastermind/web/engine.wasm"]:
        check(os.path.isfile(os.path.join(PREFIX, path)), f"installed: {path}")
    # The solver's private headers stay private, and so do the front ends' libraries.
    check(not glob.glob(os.path.join(PREFIX, "include/mm/solver/optimal_tasks*")), "no private solver header installed")
    check(not glob.glob(os.path.join(PREFIX, "include/mm/frontend")), "no front-end header installed")
    check(not glob.glob(os.path.join(PREFIX, "lib/*mm_ui*")), "no front-end library installed")


def run_installed():
    """From an unrelated directory, with nothing of ours in the environment."""
    program = os.path.join(PREFIX, "bin", "mastermind")
    with tempfile.TemporaryDirectory() as elsewhere:
        home = os.path.join(elsewhere, "home")
        env = plain_environment(HOME=home, XDG_DATA_HOME=os.path.join(home, "data"))
        status, out, err = run([program, "tree", "--shipped", "--json"], cwd=elsewhere, env=env)
        listing = json.loads(out) if status == 0 else []
        tree = os.path.join(PREFIX, "share", "mastermind", "trees", "p4c6r-d5.json")
        check(any(item.get("path") == tree for item in listing), f"the shipped tree is found under the prefix: {out}")
        status, out, err = run([program, "watch", "--all"], cwd=elsewhere, env=env)
        check(status == 0 and "5,626 guesses in all" in out, f"watch --all plays the shipped optimal tree (5626): {out[:600]}")
        status, out, err = run([program, "--lang", "da", "score", "1234", "1243"], cwd=elsewhere, env=env)
        check(status == 0 and out.strip() == "SSHH", f"--lang da answers in Danish: {out!r} {err!r}")
        status, out, err = run([program, "--help"], cwd=elsewhere, env=dict(env, LANG="sv_SE.UTF-8"))
        check(status == 0 and "Användning" in out, f"LANG=sv: Swedish help: {out[:200]!r}")
        status, out, err = run([program, "--version"], cwd=elsewhere, env=env)
        check(status == 0 and out.startswith("mastermind "), f"--version: {out!r}")
        serve_installed(program, elsewhere, env)
        for page in glob.glob(os.path.join(PREFIX, "share", "man", "**", "*.1.gz"), recursive=True):
            status, out, err = run(["man", "--warnings", "-l", page], env=dict(env, MANWIDTH="80"))
            check(status == 0 and not err.strip() and "mastermind" in out, f"man -l {page}: {err[:300]!r}")
        mpi = os.path.join(PREFIX, "bin", "mastermind-mpi")
        if os.path.exists(mpi):
            status, out, err = run([mpi, "--lang", "da", "--help"], cwd=elsewhere, env=env)
            check(status == 0 and "Brug" in out, f"mastermind-mpi --lang da: {out[:200]!r}")


def serve_installed(program, elsewhere, env):
    """`mastermind serve` finds the installed server program under libexec and serves the page."""
    server = subprocess.Popen([program, "--lang", "da", "serve", "--port", "0"], cwd=elsewhere, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        # In Danish: the server program finds the catalogues under the prefix from libexec.
        check(line.startswith("Spillet kan spilles på http://127.0.0.1:"), f"serve installed: {line!r}")
        if "http://" in line:
            url = line[line.index("http://"):].split()[0]
            with urllib.request.urlopen(url + "api/texts?lang=da", timeout=TIMEOUT) as answer:
                texts = json.loads(answer.read())
            check(texts["language"] == "da", f"the installed server in Danish: {texts}")
            with urllib.request.urlopen(url + "engine.wasm", timeout=TIMEOUT) as answer:
                installed = os.path.join(PREFIX, "share", "mastermind", "web", "engine.wasm")
                check(answer.read() == open(installed, "rb").read(), "the installed server serves the installed engine")
    finally:
        server.terminate()
        status = server.wait(timeout=TIMEOUT)
    check(status == 0, f"serve installed: exit status {status} after SIGTERM")


def cmake_project(source, name):
    """Configures and builds a CMake project against the installed package; its build folder."""
    build = os.path.join(WORK, name)
    shutil.rmtree(build, ignore_errors=True)
    status, out, err = run(["cmake", "-S", source, "-B", build, "-G", "Ninja", f"-DCMAKE_PREFIX_PATH={PREFIX}",
                            "-DCMAKE_BUILD_TYPE=Release"])
    check(status == 0, f"{name}: configure: {out[-1500:]} {err[-1500:]}")
    if status == 0:
        status, out, err = run(["cmake", "--build", build])
        check(status == 0, f"{name}: build: {out[-3000:]} {err[-1500:]}")
    return build


def check_example_output(program):
    """The example's figures against the installed program's own answers and the literature."""
    tree = os.path.join(PREFIX, "share", "mastermind", "trees", "p4c6r-d5.json")
    status, out, err = run([program, tree])
    check(status == 0, f"{program}: status {status}: {err}")
    lines = dict(line.split(": ", 1) for line in out.splitlines() if ": " in line)
    mastermind = os.path.join(PREFIX, "bin", "mastermind")
    _, cli_next, _ = run([mastermind, "next", "1122=B...", "--json"])
    cli_next = json.loads(cli_next)
    _, cli_knuth, _ = run([mastermind, "evaluate", "--strategy", "knuth", "--json"])
    cli_knuth = json.loads(cli_knuth)
    check(lines.get("score 3632 1122") == "B...", f"score (seed example): {out}")
    check(lines.get("candidates after 1122=B...") == str(cli_next["remaining"]), f"candidates: {out} {cli_next}")
    check(lines.get("next guess") == cli_next["guess"], f"next guess: {out} {cli_next}")
    check(lines.get("knuth total") == "5801" and lines.get("knuth worst") == "5", f"knuth (Knuth 1977): {out}")
    example_json = json.loads(lines.get("json", "{}"))
    check({k: v for k, v in example_json.items() if k != "seconds"} ==
          {k: v for k, v in cli_knuth.items() if k != "seconds"}, f"the same JSON as the CLI: {out} {cli_knuth}")
    check(lines.get("tree total") == "5626", f"the shipped tree's total: {out}")


def embed():
    build = cmake_project(os.path.join(SOURCE, "examples", "embed"), "embed")
    program = os.path.join(build, "embed")
    check(os.path.exists(program), "the example is built")
    if os.path.exists(program):
        check_example_output(program)


def pkgconfig():
    env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(PREFIX, "lib", "pkgconfig"))
    status, flags, err = run(["pkg-config", "--cflags", "--libs", "mastermind"], env=env)
    check(status == 0 and "-lmastermind-engine" in flags, f"pkg-config: {flags} {err}")
    status, version, err = run(["pkg-config", "--modversion", "mastermind"], env=env)
    check(status == 0 and version.strip() == cmake_version(), f"pkg-config --modversion: {version!r}")
    program = os.path.join(WORK, "embed-pkgconfig")
    status, out, err = run(["c++", "-std=c++20", "-O1", os.path.join(SOURCE, "examples", "embed", "main.cpp"), "-o",
                            program, *flags.split()])
    check(status == 0, f"c++ with pkg-config's flags: {err[-2000:]}")
    if status == 0:
        check_example_output(program)


def cmake_version():
    text = open(os.path.join(SOURCE, "CMakeLists.txt")).read()
    return text.split("project(mastermind VERSION ", 1)[1].split()[0]


def headers():
    """One translation unit per installed header, each including it alone."""
    project = os.path.join(WORK, "headers-src")
    shutil.rmtree(project, ignore_errors=True)
    os.makedirs(project)
    include = os.path.join(PREFIX, "include")
    names = sorted(os.path.relpath(p, include) for p in glob.glob(os.path.join(include, "mm", "*", "*.hpp")))
    check(len(names) >= 20, f"the public headers are installed: {names}")
    sources = []
    for i, name in enumerate(names):
        source = os.path.join(project, f"h{i}.cpp")
        open(source, "w").write(f"#include <{name}>\n")
        sources.append(os.path.basename(source))
    # A program on mastermind::solver alone (Knuth's game against 3632), linked: the solver's own
    # dependencies come with the target.
    open(os.path.join(project, "solver_only.cpp"), "w").write(
        '#include <mm/solver/strategy.hpp>\n#include <mm/core/score.hpp>\n#include <iostream>\n'
        'int main() {\n  const mm::Rules rules;\n  auto knuth = mm::make_strategy(mm::StrategyKind::knuth, rules);\n'
        '  const mm::Code secret = mm::make_code({2, 5, 2, 1});\n  int guesses = 0;\n'
        '  for (;;) {\n    const mm::Code guess = knuth->next_guess();\n    ++guesses;\n'
        '    const mm::Feedback f = mm::score(secret, guess);\n    if (f.is_win(rules.pegs)) break;\n'
        '    knuth->observe(guess, f);\n  }\n  std::cout << guesses << "\\n";\n}\n')
    open(os.path.join(project, "CMakeLists.txt"), "w").write(
        "cmake_minimum_required(VERSION 3.25)\nproject(headers LANGUAGES CXX)\nfind_package(mastermind REQUIRED)\n"
        f"add_library(headers OBJECT {' '.join(sources)})\n"
        "target_link_libraries(headers PRIVATE mastermind::engine)\n"
        "add_executable(solver_only solver_only.cpp)\ntarget_link_libraries(solver_only PRIVATE mastermind::solver)\n"
        # The package's version is the project's; another minor version is refused (0.x).
        f"find_package(mastermind {cmake_version()} EXACT REQUIRED)\n"
        "find_package(mastermind 0.99 QUIET)\n"
        "if(mastermind_FOUND)\n  message(FATAL_ERROR \"0.99 was taken for ${mastermind_VERSION}\")\nendif()\n")
    build = cmake_project(project, "headers")
    status, out, err = run([os.path.join(build, "solver_only")])
    check(status == 0 and out.strip().isdigit() and 1 <= int(out) <= 5,
          f"a program on mastermind::solver alone plays knuth to the end within five guesses: {out!r} {err!r}")


def python():
    site = os.path.join(PREFIX, "lib", "python3", "dist-packages")
    check(glob.glob(os.path.join(site, "mastermind*.so")), f"the module is installed in {site}")
    code = ("import mastermind, json; print(json.dumps([mastermind.__version__, "
            "mastermind.score('3632', '1122'), mastermind.evaluate('knuth')['total']]))")
    with tempfile.TemporaryDirectory() as elsewhere:
        status, out, err = run([sys.executable, "-c", code], cwd=elsewhere, env=dict(os.environ, PYTHONPATH=site))
    check(status == 0, f"import from the prefix: {err}")
    if status == 0:
        version, answer, total = json.loads(out)
        check(version == cmake_version(), f"the module's version: {version}")
        check(answer == {"black": 1, "white": 0} and total == 5801, f"the installed module works: {out}")


def uninstall():
    status, out, err = run(["cmake", f"-DMANIFEST={MANIFEST}", "-P", os.path.join(SOURCE, "cmake", "Uninstall.cmake")])
    check(status == 0, f"cmake/Uninstall.cmake: {err}")
    left = [os.path.join(d, f) for d, _, files in os.walk(PREFIX) for f in files]
    check(not left, f"no file is left under the prefix: {left[:10]}")
    dirs = [d for d, _, _ in os.walk(PREFIX) if "mastermind" in os.path.relpath(d, PREFIX) or d.endswith("/mm")]
    check(not dirs, f"no folder of ours is left: {dirs[:10]}")
    status, out, err = run(["cmake", f"-DMANIFEST={MANIFEST}", "-P", os.path.join(SOURCE, "cmake", "Uninstall.cmake")])
    check(status == 0, f"a second uninstall finds nothing to do and says so: {err}")
    shutil.rmtree(WORK, ignore_errors=True)


STEPS = {"setup": setup, "run": run_installed, "embed": embed, "pkgconfig": pkgconfig, "headers": headers,
         "python": python, "uninstall": uninstall}

if __name__ == "__main__":
    STEPS[STEP]()
    if failures:
        print(f"{len(failures)} failed")
        sys.exit(1)
