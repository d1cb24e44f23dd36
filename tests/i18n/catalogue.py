"""Reads gettext catalogues (po/*.po, po/mastermind.pot) for the language tests: the entries with
their context, plural and translations, so that a test can ask what the player reads in a
language whatever words the translators chose."""

import re

PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def _unescape(text):
    out, i = [], 0
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r", "a": "\a"}
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            out.append(escapes.get(text[i + 1], text[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


class Entry:
    def __init__(self):
        self.context = None
        self.msgid = None
        self.plural = None
        self.msgstr = {}  # index -> text; 0 alone for an entry without plural
        self.flags = set()
        self.comments = []

    @property
    def translated(self):
        return bool(self.msgstr) and all(self.msgstr.values()) and "fuzzy" not in self.flags


def read(path):
    """The entries of a catalogue, the header (msgid "") included, obsolete ones (#~) left out."""
    entries, entry, field = [], Entry(), None

    def flush():
        nonlocal entry
        if entry.msgid is not None:
            entries.append(entry)
        entry = Entry()

    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.strip()
            if not line or line.startswith("#~"):
                if not line and entry.msgid is not None:
                    flush()
                continue
            if line.startswith("#,"):
                entry.flags.update(flag.strip() for flag in line[2:].split(","))
                continue
            if line.startswith("#."):
                entry.comments.append(line[2:].strip())
                continue
            if line.startswith("#"):
                continue
            keyword, _, rest = line.partition(" ")
            if line.startswith('"'):
                value = _unescape(line[1:-1])
            else:
                value = _unescape(rest.strip()[1:-1])
                if keyword == "msgctxt" and entry.msgid is not None:
                    flush()
                field = keyword
                if keyword == "msgctxt":
                    entry.context = ""
                elif keyword == "msgid":
                    if entry.msgid is not None:
                        flush()
                    entry.msgid = ""
                elif keyword == "msgid_plural":
                    entry.plural = ""
                elif keyword.startswith("msgstr"):
                    index = int(keyword[7:-1]) if keyword.startswith("msgstr[") else 0
                    entry.msgstr[index] = ""
                    field = ("msgstr", index)
            if field == "msgctxt":
                entry.context += value
            elif field == "msgid":
                entry.msgid += value
            elif field == "msgid_plural":
                entry.plural += value
            elif isinstance(field, tuple):
                entry.msgstr[field[1]] += value
    flush()
    return entries


class Catalogue:
    """One language's translations, for looking up what the program shows."""

    def __init__(self, path):
        self.entries = [e for e in read(path) if e.msgid]
        self.by_key = {(e.context, e.msgid): e for e in self.entries}

    def entry(self, msgid, context=None):
        return self.by_key[(context, msgid)]

    def text(self, msgid, context=None, n=None):
        """The translation the program shows (plural chosen as Danish and Swedish do: n != 1), or
        the English text where there is none."""
        e = self.by_key.get((context, msgid))
        index = 0 if n is None or n == 1 else 1
        if e is None or not e.translated:
            return msgid if index == 0 or e is None else e.plural
        return e.msgstr[index] if e.plural is not None else e.msgstr[0]

    def translated(self, msgid, context=None):
        """The translation, asserting there is one and that it is not the English text."""
        e = self.by_key.get((context, msgid))
        assert e is not None, f"{msgid!r} is not in the catalogue (regenerate and merge it)"
        assert e.translated, f"{msgid!r} is not translated"
        return e.msgstr[0]


def placeholders(text):
    return PLACEHOLDER.findall(text.replace("{{", "").replace("}}", ""))


def pattern(template):
    """A regular expression matching `template` (an fmt format) with anything in its placeholders,
    and any white space where it has some (the console wraps lines)."""
    parts = PLACEHOLDER.split(template.replace("{{", "\0").replace("}}", "\1"))
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(r".+?")
        else:
            literal = part.replace("\0", "{").replace("\1", "}")
            out.append(r"\s+".join(re.escape(word) for word in literal.split(" ")))
    return "".join(out)
