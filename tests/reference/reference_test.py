#!/usr/bin/env python3
"""The manual pages and shell completions the build writes from the programs' option definitions
(cmake/Reference.cmake): they render without warnings, hold every option --help lists, and the
completion scripts parse and complete what a user types.

Usage: reference_test.py GROUP BUILD_DIR PROGRAM...   (GROUP: man, bash, zsh; PROGRAM: a built binary)
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

TIMEOUT = 120
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f"FAIL: {what}")


def run(args, env=None, input_text=None):
    proc = subprocess.run(args, env=env, input=(input_text or "").encode(), capture_output=True, timeout=TIMEOUT)
    return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


def english(**extra):
    env = dict(os.environ, LANGUAGE="en", LC_ALL="C.UTF-8")
    env.update(extra)
    return env


def help_options(program, *command):
    """The long options --help lists (of the program, or of one subcommand)."""
    args = [program, *command, "--help"] if command else [program, "--help"]
    _, out, _ = run(args, env=english())
    # Only the names column: a description may mention another command's option.
    names = [m.group(1) for m in (re.match(r"^  (-\S+)", line) for line in out.splitlines()) if m]
    return {option for name in names for option in re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", name)}


def subcommands(program):
    """The subcommands --help lists, by the lines under its subcommands heading."""
    _, out, _ = run([program, "--help"], env=english())
    names = []
    section = out.split("Subcommands:", 1)[1] if "Subcommands:" in out else ""
    for line in section.splitlines():
        match = re.match(r"^  ([a-z][a-z-]*)\s", line)
        if match:
            names.append(match.group(1))
    return names


def pages(build, name):
    found = []
    for lang in ["", "da", "sv"]:
        path = os.path.join(build, "man", lang, "man1", f"{name}.1")
        check(os.path.isfile(path), f"written: {path}")
        if os.path.isfile(path):
            found.append((lang or "en", path))
    return found


HEADINGS = {
    "en": ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXAMPLES", "EXIT STATUS", "ENVIRONMENT", "FILES", "SEE ALSO"],
}


def test_man(build, programs):
    for program in programs:
        name = os.path.basename(program)
        options = help_options(program)
        commands = subcommands(program)
        check(commands, f"{name} --help lists subcommands")
        for lang, page in pages(build, name):
            for width in ("60", "80", "100"):
                status, out, err = run(["man", "--warnings", "-l", page], env=english(MANWIDTH=width))
                check(status == 0 and not err.strip(), f"man -l {page} at {width} columns: {err[:500]!r}")
                check(all(len(line) <= int(width) for line in out.splitlines()),
                      f"{page} fits {width} columns: {max(len(line) for line in out.splitlines())}")
            text = open(page, encoding="utf-8").read()
            check("\\-\\-" in text, f"{page}: options set with \\-")
            rendered = run(["man", "-l", page], env=english(MANWIDTH="200"))[1]
            for option in options:
                check(option in rendered, f"{page}: {option} of --help is in the page")
            for command in commands:
                check(re.search(rf"^   {command}\b", rendered, re.M) or f"\n   {command}\n" in rendered,
                      f"{page}: the subcommand {command} has its section")
            for code in ["0", "1", "64", "65", "70", "73", "74", "130"]:
                check(re.search(rf"^       {code}\s", rendered, re.M), f"{page}: exit status {code}")
            for variable in ["NO_COLOR", "LANGUAGE", "MASTERMIND_DATA_DIR"]:
                check(variable in rendered, f"{page}: {variable}")
            if lang == "en":
                for heading in HEADINGS["en"]:
                    check(re.search(rf"^{heading}$", rendered, re.M), f"{page}: heading {heading}")
                if name == "mastermind":
                    check("XDG_DATA_HOME" in rendered and "share/mastermind/trees/" in rendered, f"{page}: FILES")
            else:
                check(not re.search(r"^EXIT STATUS$", rendered, re.M), f"{page}: headings in the page's language")
        # Every subcommand's own options are in its section of the page.
        rendered = run(["man", "-l", pages(build, name)[0][1]], env=english(MANWIDTH="200"))[1]
        for command in commands:
            if command == "help":
                continue
            section = rendered.split(f"\n   {command}", 1)[-1]
            for option in help_options(program, command) - options:
                check(option in section, f"{name} {command}: {option} is in the page")


def bash_complete(script, function, words):
    """COMPREPLY for the command line `words` (the last being the word under the cursor)."""
    quoted = " ".join("'" + w.replace("'", "'\\''") + "'" for w in words)
    code = (f"source '{script}'\nCOMP_WORDS=({quoted})\nCOMP_CWORD=$((${{#COMP_WORDS[@]}} - 1))\n"
            f"COMPREPLY=()\n{function}\nprintf '%s\\n' \"${{COMPREPLY[@]}}\"\n")
    status, out, err = run(["bash", "--norc", "--noprofile", "-c", code])
    check(status == 0 and not err, f"completing {words}: {err}")
    return [line for line in out.splitlines() if line]


def test_bash(build, programs):
    for program in programs:
        name = os.path.basename(program)
        script = os.path.join(build, "completions", "bash", name)
        status, _, err = run(["bash", "-n", script])
        check(status == 0 and not err, f"bash -n {script}: {err}")
        function = "_" + name.replace("-", "_")
        status, out, err = run(["bash", "--norc", "--noprofile", "-c", f"source '{script}'; complete -p {name}"])
        check(status == 0 and function in out, f"complete -p {name}: {out} {err}")
        commands = subcommands(program)
        check(sorted(bash_complete(script, function, [name, ""])) == sorted(commands),
              f"{name}: the subcommands: {bash_complete(script, function, [name, ''])} {commands}")
        check(set(bash_complete(script, function, [name, "--"])) >= help_options(program),
              f"{name} --: every option of --help")
        for command in commands:
            offered = set(bash_complete(script, function, [name, command, "--"]))
            check(offered >= help_options(program, command), f"{name} {command} --: {help_options(program, command) - offered}")
        check(bash_complete(script, function, [name, "--strategy", "kn"]) == ["knuth"], f"{name} --strategy kn")
        check(set(bash_complete(script, function, [name, "--lang", ""])) == {"en", "da", "sv"}, f"{name} --lang")
        check(bash_complete(script, function, [name, "--preset", "=", "b"]) == ["bulls"], f"{name} --preset=b")
        check(bash_complete(script, function, [name, "-p", ""]) == [], f"{name} -p: a number, nothing offered")
        with tempfile.TemporaryDirectory() as tmp:
            target = os.path.join(tmp, "tree-file.json")
            open(target, "w").close()
            option = "--checkpoint" if name == "mastermind-mpi" else "--tree"
            command = "evaluate"
            check(bash_complete(script, function, [name, command, option, os.path.join(tmp, "tree-")]) == [target],
                  f"{name} {command} {option}: file names")
        if name == "mastermind":
            check(set(bash_complete(script, function, [name, "--preset", ""])) == {"classic", "bulls", "super", "dk"},
                  "--preset: the presets")
            # An option's value is not taken for the subcommand.
            check(set(bash_complete(script, function, [name, "--player", "play", "-f", "x", "play", "--ha"])) ==
                  {"--hard"}, "the subcommand after options with values")
            check(set(bash_complete(script, function, [name, "help", "sc"])) == {"score", "scores"}, "help COMMAND")
            check(set(bash_complete(script, function, [name, "tree", "--format", ""])) == {"json", "dot", "text"},
                  "tree --format")


def test_zsh(build, programs):
    zsh = shutil.which("zsh")
    check(zsh is not None, "zsh is installed (scripts/install-deps)")
    for program in programs:
        name = os.path.basename(program)
        script = os.path.join(build, "completions", "zsh", f"_{name}")
        if zsh:
            status, _, err = run([zsh, "-n", script])
            check(status == 0 and not err, f"zsh -n {script}: {err}")
        text = open(script, encoding="utf-8").read()
        check(text.startswith(f"#compdef {name}\n"), f"{script}: #compdef")
        for option in help_options(program):
            check(f"{option}" in text, f"{script}: {option}")
        for command in subcommands(program):
            check(f"'{command}:" in text, f"{script}: {command}")


GROUPS = {"man": test_man, "bash": test_bash, "zsh": test_zsh}

if __name__ == "__main__":
    GROUPS[sys.argv[1]](sys.argv[2], sys.argv[3:])
    if failures:
        print(f"{len(failures)} failed")
        sys.exit(1)
