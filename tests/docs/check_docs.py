#!/usr/bin/env python3
"""Checks the front page (README.md) and the manual (docs/*.md) against the tree and the program:

- every link leads somewhere: a relative link names a file or folder of the repository, and a
  `#anchor` is a heading of the page it points to, by GitHub's rules (lower case, punctuation and
  symbols dropped, spaces to hyphens, `-1`, `-2` after a repeated heading);
- every `mastermind` (and `mastermind-mpi`) command in a shell code block is one the program
  accepts: its subcommand is one of the program's, every option it shows is in that subcommand's
  `--help` or the program's, an option that takes a value has one, and the command run with
  `--help` added, which makes the program read and check its options and values and then stop
  before doing anything, exits 0.

A shell block is one marked sh, shell, bash or console, or not marked at all. In a console block,
and in any block with lines that start with `$ `, only those lines are commands (the others are
what they print). A command is a line's first word, or one after a pipe or a list (`|`, `&&`,
`;`): a word of ours inside a diagram or a sentence is none.

Usage: check_docs.py SOURCE_DIR MASTERMIND [MASTERMIND_MPI]
       check_docs.py --self-test MASTERMIND   (made-up pages with one bad link, anchor, option,
                                               value or subcommand each, which must fail)
"""

import os
import re
import shlex
import subprocess
import sys
import tempfile
import unicodedata

SHELL_BLOCKS = {"", "sh", "shell", "bash", "console"}
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)")
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.DOTALL)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^()\s<>]*(?:\([^()\s]*\)[^()\s<>]*)*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
OPTION_LINE = re.compile(r"^  (-[^\s,]+(?:,-[^\s,]+)*)(?: (\S+))?(?: {2,}|$)")
ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
SEPARATORS = {"|", "||", "&", "&&", ";", ";;"}
REDIRECTIONS = {">", ">>", "<", "<<", ">&", "<&", ">|", "&>"}


# --- Markdown -------------------------------------------------------------------------------

def parse_page(path):
    """The page's headings (their text), links (line, target) and code blocks (line, language,
    lines), outside code blocks for the first two."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    headings, links, blocks = [], [], []
    paragraph, paragraph_line = [], 0
    fence, block = None, None

    def flush():
        nonlocal paragraph
        text = CODE_SPAN.sub(lambda m: " " * len(m.group(0)), "\n".join(paragraph))
        for match in LINK.finditer(text):
            line = paragraph_line + text.count("\n", 0, match.start())
            links.append((line, match.group(1)))
        paragraph = []

    for number, line in enumerate(lines, 1):
        if fence:
            if re.match(r"^ {0,3}" + re.escape(fence[0]) + fence[0][0] + r"*\s*$", line):
                fence = None
                blocks.append(block)
            else:
                block[2].append(line)
            continue
        opened = FENCE.match(line)
        if opened:
            flush()
            fence = opened.group(1)
            block = (number, opened.group(2).lower(), [])
            continue
        heading = HEADING.match(line)
        reference = REFERENCE.match(line)
        if heading or reference or not line.strip():
            flush()
            if heading:
                headings.append(heading.group(2))
                paragraph, paragraph_line = [heading.group(2)], number
                flush()
            if reference:
                links.append((number, reference.group(1)))
            continue
        if not paragraph:
            paragraph_line = number
        paragraph.append(line)
    flush()
    return headings, links, blocks


def heading_text(heading):
    """What a heading shows: code spans, links, emphasis and tags reduced to their text."""
    text = CODE_SPAN.sub(lambda m: m.group(2).strip(), heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"(\*+|(?<!\w)_+|_+(?!\w))", "", text)
    return text


def anchor(heading):
    """GitHub's anchor of a heading, before the suffix of a repeated one: lower case, every
    character dropped that is not a letter, a digit, a mark, a hyphen, an underscore or a space,
    then each space a hyphen."""
    text = heading_text(heading).strip().lower()
    kept = "".join(c for c in text if c in "-_ " or unicodedata.category(c)[0] in "LNM")
    return kept.replace(" ", "-")


def anchors(headings):
    """Every anchor of a page: a repeated heading's gets -1, -2, ... as on GitHub."""
    seen, found = {}, set()
    for heading in headings:
        base = anchor(heading)
        name = base
        if base in seen:
            seen[base] += 1
            name = f"{base}-{seen[base]}"
            while name in seen:
                seen[base] += 1
                name = f"{base}-{seen[base]}"
        seen.setdefault(name, 0)
        found.add(name)
    return found


def check_links(top, pages):
    problems, count = [], 0
    parsed = {}

    def page(path):
        if path not in parsed:
            parsed[path] = parse_page(path)
        return parsed[path]

    for path in pages:
        where = os.path.relpath(path, top)
        for line, target in page(path)[1]:
            if SCHEME.match(target) or target.startswith("//"):
                continue  # another site: not checked, no network
            count += 1
            file_part, _, fragment = target.partition("#")
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            if os.path.relpath(resolved, top).startswith(".."):
                problems.append(f"{where}:{line}: {target}: outside the repository")
                continue
            if not os.path.exists(resolved):
                problems.append(f"{where}:{line}: {target}: no such file")
                continue
            if fragment:
                if not resolved.endswith(".md") or not os.path.isfile(resolved):
                    problems.append(f"{where}:{line}: {target}: an anchor in a file that is not a page")
                elif fragment not in anchors(page(resolved)[0]):
                    problems.append(f"{where}:{line}: {target}: no heading of "
                                    f"{os.path.relpath(resolved, top)} has the anchor #{fragment}")
    return count, problems


# --- Commands -------------------------------------------------------------------------------

def command_lines(block):
    """The shell lines of a code block that are commands, continuation lines joined."""
    number, language, lines = block
    if language not in SHELL_BLOCKS:
        return []
    prompted = language == "console" or any(line.startswith("$ ") for line in lines)
    found, pending, pending_line = [], "", 0
    for offset, line in enumerate(lines, 1):
        if prompted and not pending:
            if not line.startswith("$ "):
                continue
            line = line[2:]
        if not pending:
            pending_line = number + offset
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        found.append((pending_line, pending + line))
        pending = ""
    if pending:
        found.append((pending_line, pending))
    return found


def simple_commands(line):
    """Each simple command of a shell line as a list of words: comments, pipes, lists and
    redirections (with their files) left out."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    lexer.commenters = "#"
    commands, words, skip = [], [], False
    for token in lexer:
        if skip:
            skip = False
        elif token in SEPARATORS:
            commands.append(words)
            words = []
        elif token in REDIRECTIONS:
            skip = True
        else:
            words.append(token)
    commands.append(words)
    return [c for c in commands if c]


class Program:
    """A program's options and subcommands, read from its `--help` output."""

    def __init__(self, path, environment):
        self.path = os.path.abspath(path)
        self.environment = environment
        self.options, self.subcommands = self.read_help([])
        self.sub_options = {}

    def help_text(self, words):
        result = subprocess.run([self.path, *words, "--help"], capture_output=True, text=True,
                                env=self.environment, timeout=60, stdin=subprocess.DEVNULL)
        if result.returncode != 0:
            raise RuntimeError(f"{self.path} {' '.join(words)} --help: status {result.returncode}: {result.stderr}")
        return result.stdout

    def read_help(self, words):
        """The options of a help text (name -> whether it takes a value, and whether that value
        may be left out) and its subcommands."""
        options, subcommands, section = {}, [], ""
        for line in self.help_text(words).split("\n"):
            if line and not line.startswith(" "):
                section = line
                continue
            option = OPTION_LINE.match(line)
            if option:
                metavar = option.group(2)
                for name in option.group(1).split(","):
                    options[name] = (metavar is not None, metavar is not None and metavar.startswith("["))
            elif section.startswith("Subcommands") and re.match(r"^  \S", line):
                subcommands.append(line.split()[0])
        return options, subcommands

    def options_of(self, subcommand):
        if subcommand is None:
            return self.options
        if subcommand not in self.sub_options:
            own, _ = self.read_help([subcommand])
            self.sub_options[subcommand] = {**self.options, **own}
        return self.sub_options[subcommand]


def check_words(program, words):
    """What is wrong with a command line of the program's (its words after the program's name),
    or None."""
    name = os.path.basename(program.path)
    subcommand, at = None, 0
    while at < len(words):
        word = words[at]
        options = program.options_of(subcommand)
        if word == "--":
            break
        if word.startswith("--"):
            option, equals, _ = word.partition("=")
            known = options.get(option)
            where = f"`{name} {subcommand}`" if subcommand else f"`{name}`"
            if known is None:
                return f"{option} is not an option of {where}"
            takes_value, optional = known
            if equals and not takes_value:
                return f"{option} takes no value"
            if takes_value and not equals and not optional:
                if at + 1 >= len(words):
                    return f"{option} needs a value"
                at += 1
        elif word.startswith("-") and len(word) > 1:
            option = word[:2]
            known = options.get(option)
            if known is None:
                return f"{option} is not an option of `{name}{' ' + subcommand if subcommand else ''}`"
            takes_value, optional = known
            if takes_value and len(word) == 2 and not optional:
                if at + 1 >= len(words):
                    return f"{option} needs a value"
                at += 1
            elif not takes_value and len(word) > 2:
                return f"{word}: {option} takes no value"
        elif subcommand is None:
            if word not in program.subcommands:
                return f"'{word}' is not a subcommand of `{name}` ({', '.join(program.subcommands)})"
            subcommand = word
        at += 1
    result = subprocess.run([program.path, *words, "--help"], capture_output=True, text=True,
                            env=program.environment, cwd=program.environment["HOME"], timeout=60,
                            stdin=subprocess.DEVNULL)
    if result.returncode != 0:
        first = (result.stderr.strip().split("\n") or [""])[0]
        return f"refused with status {result.returncode}: {first}"
    return None


def check_commands(top, pages, mastermind, mpi):
    """Every command of the programs' in the pages' shell blocks: (count checked, problems)."""
    with tempfile.TemporaryDirectory(prefix="mm-docs-") as home:
        environment = dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, "data"),
                           LANGUAGE="en", LC_ALL="C.UTF-8", NO_COLOR="1")
        programs = {"mastermind": Program(mastermind, environment)}
        if mpi:
            programs["mastermind-mpi"] = Program(mpi, environment)
        problems, count = [], 0
        for path in pages:
            where = os.path.relpath(path, top)
            for block in parse_page(path)[2]:
                for line, text in command_lines(block):
                    try:
                        commands = simple_commands(text)
                    except ValueError as e:
                        # Text that is no shell (a diagram, a request) is left alone; a command of
                        # ours that the shell could not read is a fault.
                        words = [w for w in text.split() if not ASSIGNMENT.match(w)]
                        if words and os.path.basename(words[0]) in ("mastermind", "mastermind-mpi"):
                            problems.append(f"{where}:{line}: `{text.strip()}`: {e}")
                        continue
                    for words in commands:
                        while words and ASSIGNMENT.match(words[0]):
                            words = words[1:]
                        if words and words[0] in ("mpirun", "mpiexec"):
                            ranks = [i for i, w in enumerate(words) if os.path.basename(w) == "mastermind-mpi"]
                            words = words[ranks[0]:] if ranks else []
                        if not words or os.path.basename(words[0]) not in ("mastermind", "mastermind-mpi"):
                            continue
                        program = programs.get(os.path.basename(words[0]))
                        if program is None:
                            continue  # mastermind-mpi, where MPI was not found
                        count += 1
                        problem = check_words(program, words[1:])
                        if problem:
                            problems.append(f"{where}:{line}: `{text.strip()}`: {problem}")
    return count, problems


# --- Running --------------------------------------------------------------------------------

def pages_of(top):
    docs = os.path.join(top, "docs")
    return [os.path.join(top, "README.md")] + sorted(
        os.path.join(docs, name) for name in os.listdir(docs) if name.endswith(".md"))


def check(top, pages, mastermind, mpi):
    links, problems = check_links(top, pages)
    commands, command_problems = check_commands(top, pages, mastermind, mpi)
    return links, commands, problems + command_problems


def write_file(top, rel, text):
    os.makedirs(os.path.dirname(os.path.join(top, rel)), exist_ok=True)
    with open(os.path.join(top, rel), "w", encoding="utf-8") as f:
        f.write(text)


GOOD_PAGE = """# A page

See [the other page](docs/other.md), [a part of it](docs/other.md#other-questions-the-worst-case---hard-and-5--6),
its [second speed](docs/other.md#speed-1), [the folder](docs/), [this page's end](#the-end) and
[a site](https://example.org/x). `[not a link](nowhere.md)` is code.

```sh
mastermind evaluate --strategy knuth -j 2 --json   # a comment
LANG=da_DK.UTF-8 mastermind --preset bulls score 1234 1437 > answer.txt
mastermind --rules=p5c8r evaluate -j2 --sample 200 --seed 1 | head -3
```

```console
$ mastermind next 1122=B... 1344=W...
mastermind --bogus is output here, not a command
```

```console
mastermind --bogus is output of a block with no command
```

```
cli (mastermind --bogus)      a diagram
```

```python
>>> mastermind --bogus
```

```
[not a link](nowhere.md)
```

## The end
"""

OTHER_PAGE = """# Other

## Other questions: the worst case, `--hard` and 5 × 6

## Speed

## Speed
"""

# Each made-up fault, on a page of its own: what the page says, and what the report must name.
BAD_PAGES = [
    ("a link to a file that is not there", "See [it](docs/missing.md).\n", "docs/missing.md: no such file"),
    ("an anchor that is no heading", "See [it](docs/other.md#speed-2).\n", "has the anchor #speed-2"),
    ("a link out of the repository", "See [it](../outside.md).\n", "outside the repository"),
    ("an option the subcommand does not have", "```sh\nmastermind evaluate --strategy knuth --bogus\n```\n",
     "--bogus is not an option of `mastermind evaluate`"),
    ("a value the option refuses", "```sh\nmastermind evaluate --sample 0\n```\n", "refused with status 64"),
    ("a subcommand that does not exist", "```console\n$ mastermind plya\n```\n", "'plya' is not a subcommand"),
    ("an option of another subcommand", "```sh\nmastermind play --sample 5\n```\n",
     "--sample is not an option of `mastermind play`"),
    ("an option with no value", "```sh\nmastermind evaluate --rules\n```\n", "--rules needs a value"),
]


def self_test(mastermind):
    with tempfile.TemporaryDirectory(prefix="mm-docs-self-") as top:
        write_file(top, "README.md", GOOD_PAGE)
        write_file(top, "docs/other.md", OTHER_PAGE)
        links, commands, problems = check(top, pages_of(top), mastermind, None)
        if problems or links != 5 or commands != 4:
            print(f"self-test: the good pages: expected 5 links, 4 commands and no problem, got "
                  f"{links}, {commands}, {problems}")
            return 1
        for what, text, expected in BAD_PAGES:
            write_file(top, "README.md", "# A page\n\n" + text)
            _, _, problems = check(top, pages_of(top), mastermind, None)
            if len(problems) != 1 or expected not in problems[0]:
                print(f"self-test: {what}: expected one problem naming {expected!r}, got {problems}")
                return 1
    print(f"self-test: the good pages pass, and each of {len(BAD_PAGES)} faults is caught alone")
    return 0


def main(argv):
    if len(argv) == 3 and argv[1] == "--self-test":
        return self_test(argv[2])
    if len(argv) not in (3, 4):
        print(__doc__)
        return 2
    top = os.path.abspath(argv[1])
    links, commands, problems = check(top, pages_of(top), argv[2], argv[3] if len(argv) == 4 else None)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s) in README.md and docs/")
        return 1
    if links == 0 or commands == 0:
        print(f"found {links} links and {commands} commands: the pages were not read as they should be")
        return 1
    print(f"README.md and docs/: {links} links lead somewhere, and the program accepts {commands} commands")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
