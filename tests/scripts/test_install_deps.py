"""The set-up script, run against stand-ins for dpkg-query, id, sudo and apt-get on a PATH of
their own: what it installs, and the advice it prints when it cannot install."""

import os
import shutil
import stat
import subprocess
import sys
import tempfile
import traceback

SCRIPT = os.path.abspath(sys.argv[1])


def tool(bin_dir, name, body):
    path = os.path.join(bin_dir, name)
    with open(path, "w") as f:
        f.write("#!/bin/bash\n" + body + "\n")
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)


def run(*args, uid, sudo=None, npm=False):
    """The script with every package missing; sudo: None (absent), 'refuses' or 'works'; npm: a
    stand-in npm on the PATH, whose calls are logged with apt-get's. The script runs from a copy in
    a folder of its own, whose build/ it may write."""
    with tempfile.TemporaryDirectory(prefix="mm-deps-") as d:
        log = os.path.join(d, "apt.log")
        os.mkdir(os.path.join(d, "scripts"))
        script = os.path.join(d, "scripts", "install-deps")
        with open(SCRIPT) as source, open(script, "w") as copy:
            copy.write(source.read())
        for name in ("mkdir", "grep"):
            os.symlink(shutil.which(name), os.path.join(d, name))
        if npm:
            tool(d, "npm", f'echo "npm $*" >> {log}')
        tool(d, "dpkg-query", "echo not-installed")
        tool(d, "id", f"echo {uid}")
        tool(d, "apt-get", f'echo "apt-get $*" >> {log}')
        if sudo == "refuses":
            tool(d, "sudo", "exit 1")
        elif sudo == "works":
            tool(d, "sudo", '[[ $1 == -n ]] && shift; "$@"')
        result = subprocess.run(["/bin/bash", script, *args], capture_output=True, text=True,
                                env={"PATH": d}, timeout=60)
        calls = open(log).read() if os.path.exists(log) else ""
        return result, calls.replace(d, "ROOT")


def test_root_installs_the_missing_packages_without_recommends():
    result, calls = run(uid=0)
    assert result.returncode == 0, result.stderr
    install = [c for c in calls.splitlines() if " install " in c]
    assert install and "--no-install-recommends" in install[-1], calls
    assert "libcli11-dev" in install[-1] and "python3-pexpect" in install[-1], calls
    # Open MPI, so that mastermind-mpi is built and its tests run wherever `make test` runs.
    assert "openmpi-bin" in install[-1] and "libopenmpi-dev" in install[-1], calls
    # The Python module's build, and what the tests of the manual pages and completions run.
    for package in ("python3-dev", "pybind11-dev", "man-db", "zsh"):
        assert package in install[-1], (package, calls)


def test_clang_format_only_when_asked():
    _, calls = run(uid=0)
    assert "clang-format" not in calls, calls
    _, calls = run("--format", uid=0)
    assert "clang-format" in calls, calls
    _, calls = run("--fuzz", uid=0)
    assert "clang " in calls and "libclang-rt-14-dev" in calls, calls


def test_dpkg_dev_only_for_packages():
    _, calls = run(uid=0)
    assert "dpkg-dev" not in calls, calls
    _, calls = run("--deb", uid=0)
    # CPack's DEB generator stops without `file` when it computes dependencies; dpkg-dev does not
    # bring it.
    assert "dpkg-dev" in calls and " file" in calls, calls
    # Without root, `make deb` is told what to install.
    result, calls = run("--deb", uid=1000)
    assert result.returncode == 1 and not calls and "dpkg-dev file" in result.stderr, result.stderr


def test_emscripten_and_node_only_for_the_web_build():
    _, calls = run(uid=0)
    assert "emscripten" not in calls and "nodejs" not in calls, calls
    _, calls = run("--web", uid=0)
    assert "emscripten" in calls and "nodejs" in calls, calls


def test_axe_core_from_npm_pinned_into_the_build_tree_for_the_browser_tests_only():
    _, calls = run(uid=0, npm=True)
    assert "npm" not in calls and "chromium" not in calls, calls
    result, calls = run("--browser", uid=0, npm=True)
    assert result.returncode == 0, result.stderr
    npm = [c for c in calls.splitlines() if c.startswith("npm ")]
    assert len(npm) == 1, calls
    # One version, named exactly, into the build tree beside the script, never the system's.
    assert "--prefix ROOT/build/test-tools" in npm[0] and "--no-save" in npm[0], npm
    assert any(word.startswith("axe-core@") and word.count(".") == 2 for word in npm[0].split()), npm
    # npm is there: Debian's is not installed beside it.
    assert " npm" not in [c for c in calls.splitlines() if " install " in c and "apt-get" in c][-1], calls
    # Without npm on the machine, Debian's npm is installed with the browser; it is still missing
    # here (the stand-in apt-get installs nothing), which is said in one line.
    result, calls = run("--browser", uid=0)
    assert " npm" in [c for c in calls.splitlines() if " install " in c][-1], calls
    assert result.returncode == 1 and "npm is missing" in result.stderr, result.stderr


def test_passwordless_sudo_installs():
    result, calls = run(uid=1000, sudo="works")
    assert result.returncode == 0, result.stderr
    assert "--no-install-recommends" in calls, calls


def test_advice_without_sudo_works_as_root():
    result, calls = run(uid=1000)
    assert result.returncode == 1 and not calls
    assert "sudo" not in result.stderr, result.stderr
    assert "su -c 'apt-get update && apt-get install -y --no-install-recommends " in result.stderr, result.stderr


def test_advice_with_sudo_that_asks_for_a_password():
    result, calls = run(uid=1000, sudo="refuses")
    assert result.returncode == 1 and not calls
    assert "sudo apt-get update && sudo apt-get install -y --no-install-recommends " in result.stderr, result.stderr


def test_unknown_option_is_a_usage_error():
    result, _ = run("--bogus", uid=0)
    assert result.returncode == 64 and "--bogus" in result.stderr


if __name__ == "__main__":
    tests = [(n, f) for n, f in sorted(globals().items()) if n.startswith("test_") and callable(f)]
    failed = 0
    for name, fn in tests:
        try:
            fn()
            print(f"PASS {name}")
        except Exception:
            failed += 1
            print(f"FAIL {name}")
            traceback.print_exc()
    print(f"{len(tests) - failed}/{len(tests)} passed")
    sys.exit(1 if failed else 0)
