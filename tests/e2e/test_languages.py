"""Choosing the language on a machine with no generated locales (only C.UTF-8): --lang, else
LANGUAGE, LC_ALL, LC_MESSAGES, LANG; an unknown one is English, silently. The answer letters of
each language (Danish S/H, Swedish S/V) are read as well as the English ones, and --json is the
same in every language. None of this needs the translations themselves (test_translated.py)."""

import json

from mmtest import environment_without_language, main, run_piped


def stdout_of(*args, env=None):
    result = run_piped(*args, env=env or environment_without_language())
    assert result.returncode == 0, result
    return result.stdout.decode()


def test_language_from_the_environment_without_generated_locales():
    # setlocale fails for da_DK.UTF-8 here (only C.UTF-8 exists): the program still speaks Danish.
    assert stdout_of("score", "1234", "1243", env=environment_without_language(LANG="da_DK.UTF-8")) == "SSHH\n"
    assert stdout_of("score", "1234", "1243", env=environment_without_language(LANG="sv_SE.UTF-8")) == "SSVV\n"
    assert stdout_of("score", "1234", "1243", env=environment_without_language(LC_MESSAGES="sv_SE.UTF-8",
                                                                     LANG="da_DK.UTF-8")) == "SSVV\n"
    assert stdout_of("score", "1234", "1243", env=environment_without_language(LANGUAGE="sv:da", LANG="da_DK.UTF-8")) == "SSVV\n"
    # --lang wins; an unknown language is English, silently, as gettext programs do.
    assert stdout_of("--lang", "en", "score", "1234", "1243", env=environment_without_language(LANG="da_DK.UTF-8")) == "BBWW\n"
    assert stdout_of("score", "--lang=da", "1234", "1243") == "SSHH\n"
    for unknown in (["--lang", "xx"], ["--lang", "../../etc"]):
        result = run_piped(*unknown, "score", "1234", "1243", env=environment_without_language())
        assert result.returncode == 0 and result.stdout == b"BBWW\n" and result.stderr == b"", result
    assert stdout_of("score", "1234", "1243", env=environment_without_language(LANGUAGE="fr", LANG="da_DK.UTF-8")) == "BBWW\n"
    # The English letters are read in every language, and the language's own.
    assert stdout_of("--lang", "da", "next", "1122=SH..") == stdout_of("--lang", "da", "next", "1122=BW..")
    assert stdout_of("--lang", "sv", "next", "1122=SV..") == stdout_of("--lang", "sv", "next", "1122=BW..")


def test_json_is_the_same_in_every_language():
    commands = [
        ["score", "1234", "1243"],
        ["next", "1122=BW..", "1344=W..."],
        ["evaluate", "--strategy", "knuth", "--sample", "30", "--seed", "3"],
        ["hardest", "--strategy", "irving", "-n", "3", "--sample", "40", "--seed", "3"],
        ["watch", "--games", "5", "--seed", "3"],
        ["tree", "--strategy", "knuth", "--rules", "p3c3r"],
        ["--preset", "bulls", "score", "1234", "1243"],
    ]
    for command in commands:
        outputs = {language: without_timings(stdout_of("--lang", language, *command, "--json"))
                   for language in ("en", "da", "sv")}
        assert outputs["da"] == outputs["en"] == outputs["sv"], (command, outputs)


# Measured times differ from run to run, whatever the language.
TIMINGS = {"seconds", "time"}


def without_timings(text):
    """The JSON text with the measured times taken out, re-serialised with keys in their order."""
    def strip(value):
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in TIMINGS}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value
    return json.dumps(strip(json.loads(text)), ensure_ascii=False)



if __name__ == "__main__":
    main(dict(globals()))
