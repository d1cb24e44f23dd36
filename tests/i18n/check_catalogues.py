"""The catalogues are complete and sound (ctest translations_complete): for each language, msgfmt
--check passes and reports no untranslated or fuzzy entry, every message of the template is in
the catalogue, every translation keeps the placeholders fmt fills in, the plural rule is the
language's, and the words typed at prompts keep the rules the translators were given.

Usage: check_catalogues.py MSGFMT PO_DIR LANG..."""

import os
import re
import subprocess
import sys

from catalogue import placeholders, read

# What msgfmt --statistics counts, besides the translated messages.
STATISTICS = re.compile(r"(\d+) (translated|fuzzy|untranslated)")
PLURAL_FORMS = "nplurals=2; plural=(n != 1);"
# The English command words, which every prompt accepts besides the local ones.
ENGLISH_WORDS = {
    "command": ["help", "hint", "left", "check", "undo", "rules", "quit"],
    "menu": ["play", "solve", "duel", "watch", "rules", "highscores", "variant", "hard", "adversary", "quit", "scores",
             "exit"],
    "after a game": ["menu", "again", "quit", "yes", "no", "exit"],
}


def problems_of(msgfmt, po_dir, language):
    path = os.path.join(po_dir, f"{language}.po")
    problems = []
    result = subprocess.run([msgfmt, "--check", "--statistics", "--output-file=/dev/null", path],
                            capture_output=True, text=True)
    if result.returncode != 0:
        problems.append(f"msgfmt --check failed:\n{result.stderr}")
    counts = {kind: int(n) for n, kind in STATISTICS.findall(result.stderr)}
    for kind in ("fuzzy", "untranslated"):
        if counts.get(kind):
            problems.append(f"{counts[kind]} {kind} ({result.stderr.strip()})")

    entries = read(path)
    header = next((e for e in entries if e.msgid == ""), None)
    if header is None or PLURAL_FORMS not in header.msgstr.get(0, ""):
        problems.append(f"the header lacks Plural-Forms: {PLURAL_FORMS}")
    if header is None or f"Language: {language}\n" not in header.msgstr.get(0, ""):
        problems.append(f"the header lacks Language: {language}")

    have = {(e.context, e.msgid) for e in entries}
    template = [e for e in read(os.path.join(po_dir, "mastermind.pot")) if e.msgid]
    missing = [e.msgid for e in template if (e.context, e.msgid) not in have]
    if missing:
        problems.append(f"{len(missing)} messages of the template are missing (msgmerge --update): "
                        + "; ".join(repr(m) for m in missing[:5]))

    for e in entries:
        if not e.msgid or not e.translated:
            continue
        # fmt refuses a mix of {} and {0}, and a placeholder it has no value for.
        for index, text in e.msgstr.items():
            source = e.msgid if e.plural is None or index == 0 else e.plural
            want, got = placeholders(source), placeholders(text)
            numbered = any(p[:1].isdigit() for p in got)
            if numbered and any(not p[:1].isdigit() for p in got):
                problems.append(f"{e.msgid!r}: {text!r} mixes {{}} and {{0}}")
            elif numbered:
                count = len(want)
                if any(int(re.match(r"\d+", p).group()) >= count for p in got):
                    problems.append(f"{e.msgid!r}: {text!r} names a value the message does not have")
            elif sorted(got) != sorted(want) and not (e.plural is not None and len(got) < len(want)):
                problems.append(f"{e.msgid!r}: {text!r} has the placeholders {got}, not {want}")

    for context, english in ENGLISH_WORDS.items():
        local = {e.msgid: e.msgstr[0] for e in entries if e.context == context and e.translated}
        seen = {}
        for msgid, word in local.items():
            if not re.fullmatch(r"[^\sA-Z]{2,}", word):
                problems.append(f"{context} word {msgid!r} -> {word!r}: one lower-case word of two letters or more")
            if word in english and word != msgid:
                problems.append(f"{context} word {msgid!r} -> {word!r} is the English word of another")
            if word in seen and seen[word] != msgid:
                problems.append(f"{context} word {word!r} stands for both {seen[word]!r} and {msgid!r}")
            seen[word] = msgid
    return problems


def main():
    msgfmt, po_dir, languages = sys.argv[1], sys.argv[2], sys.argv[3:]
    failed = False
    for language in languages:
        problems = problems_of(msgfmt, po_dir, language)
        for problem in problems:
            print(f"{language}.po: {problem}")
        print(f"{language}.po: {'FAIL' if problems else 'ok'}")
        failed = failed or bool(problems)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
