"""Rules the suite keeps about itself: a browser test never skips silently (a missing
Playwright or chromium fails the run and says what to do), and every skip states a reason."""

import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT

TESTS = ROOT / "tests"


def run_browser_fixture(tmp_path, plugin_text=""):
    """Run one test that asks for the `browser` fixture, in a child pytest, with
    tests/conftest.py as a plugin and an extra plugin (plugin_text) loaded first."""
    (tmp_path / "test_wants_browser.py").write_text("def test_wants(browser):\n    pass\n")
    (tmp_path / "extra_plugin.py").write_text(plugin_text or "\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(TESTS)]))
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "extra_plugin", "-p", "conftest",
         "--rootdir", str(tmp_path), "-p", "no:cacheprovider", str(tmp_path / "test_wants_browser.py")],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)


def test_a_missing_playwright_fails_the_browser_tests_with_a_clear_message(tmp_path):
    (tmp_path / "playwright").mkdir()
    (tmp_path / "playwright" / "__init__.py").write_text('raise ImportError("no playwright here")\n')
    r = run_browser_fixture(tmp_path)
    out = r.stdout + r.stderr
    assert r.returncode != 0, out
    assert "1 error" in out and "skipped" not in out, out
    assert "Playwright is missing" in out and "scripts/setup.sh" in out, out


def test_a_missing_chromium_fails_the_browser_tests_with_a_clear_message(tmp_path):
    r = run_browser_fixture(tmp_path, "import pages\npages.CHROMIUM = '/nonexistent/chromium'\n")
    out = r.stdout + r.stderr
    assert r.returncode != 0, out
    assert "1 error" in out and "skipped" not in out, out
    assert "chromium is missing (/nonexistent/chromium)" in out and "scripts/setup.sh" in out, out


SKIP = re.compile(r"importorskip|pytest\.skip\b|mark\.skip\b|mark\.skipif|mark\.xfail|pytest\.xfail")


def test_no_test_skips_without_a_reason():
    """importorskip is not used at all (a missing dependency fails); any skip or xfail must
    carry reason=... (or, for pytest.skip(...), a message)."""
    found = []
    for path in sorted(TESTS.glob("*.py")):
        if path.name == "test_suite_rules.py":
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            m = SKIP.search(line)
            if not m:
                continue
            if m.group(0) == "importorskip" or ("reason=" not in line and not re.search(
                    r"pytest\.(skip|xfail)\(\s*[\"'f]", line)):
                found.append(f"{path.name}:{n}: {line.strip()}")
    assert not found, found


def test_the_claims_table_names_only_tests_that_exist():
    """docs/testing.md's claim -> test table: every test it names is defined in tests/."""
    doc = (ROOT / "docs" / "testing.md").read_text()
    names = set(re.findall(r"`(test_[a-z0-9_]+)`", doc))
    source = "".join(p.read_text() for p in TESTS.glob("*.py"))
    assert len(names) > 100
    assert [n for n in sorted(names) if f"def {n}(" not in source] == []


def test_under_xdist_each_file_of_browser_tests_runs_on_one_worker_in_order(tmp_path):
    """scripts/test.sh's ``-n 2 --dist loadgroup``: the tests of a file that asks for the
    browser fixtures keep their file's order on one worker (they may share a page), and
    the CPython tests are handed out one by one. Here the fixtures are stand-ins."""
    workers = re.search(r"pytest .* -n (\d+) --dist loadgroup", (ROOT / "scripts" / "test.sh").read_text())
    assert workers, "scripts/test.sh runs pytest-xdist with -n N --dist loadgroup"
    stand_in = "import pytest\n\n@pytest.fixture\ndef server():\n    return 'http://stand-in'\n\n"
    for name in ("a", "b"):
        tests = "".join(f"def test_{k}(server):\n    pass\n\n" for k in range(6))
        (tmp_path / f"test_browser_{name}.py").write_text(stand_in + tests)
    (tmp_path / "test_plain.py").write_text("".join(f"def test_{k}():\n    pass\n\n" for k in range(12)))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(TESTS)]))
    r = subprocess.run(
        [sys.executable, "-m", "pytest", "-v", "-p", "conftest", "-p", "no:cacheprovider",
         "-p", "no:benchmark", "-n", workers[1], "--dist", "loadgroup", "--rootdir", str(tmp_path), str(tmp_path)],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    ran = re.findall(r"\[(gw\d)\] .*?PASSED (\S+)", out)
    assert len(ran) == 24, out
    for name in ("a", "b"):
        mine = [(worker, test) for worker, test in ran if f"test_browser_{name}.py" in test]
        assert len({worker for worker, _ in mine}) == 1, mine
        assert [test for _, test in mine] == [
            f"test_browser_{name}.py::test_{k}@browser-test_browser_{name}" for k in range(6)], mine
    # Each CPython test is a unit of its own (no group), handed to whichever worker is free:
    # which worker that is depends on timing (on a busy machine one worker can take them all).
    plain = [test for _, test in ran if "test_plain.py" in test]
    assert len(plain) == 12 and not any("@" in test for test in plain), ran


def test_the_command_without_a_browser_collects_no_test_that_starts_one():
    """docs/testing.md's ``-m "not browser"`` leaves out every test that asks for a browser
    fixture or drives Firefox or WebKit (tests/test_engines.py), and keeps the rest."""
    def collected(*args):
        r = subprocess.run([sys.executable, "-m", "pytest", "-q", "--collect-only", "-p", "no:cacheprovider",
                            "--doctest-modules", "py", "tests", *args],
                           capture_output=True, text=True, cwd=ROOT, timeout=300)
        assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
        return {line for line in r.stdout.splitlines() if "::" in line}
    everything, plain = collected(), collected("-m", "not browser")
    starts_one = everything - plain
    assert not any(n.startswith("tests/test_engines.py") for n in plain), plain
    for node in plain:   # no test left in asks for a browser fixture
        path, _, name = node.partition("::")
        source = (ROOT / path).read_text()
        base = name.split("[")[0]
        m = re.search(rf"def {re.escape(base)}\(([^)]*)\)", source)
        if m:
            params = {p.strip().split(":")[0].split("=")[0] for p in m.group(1).split(",")}
            assert not params & {"browser", "server", "site"}, node
    assert len(starts_one) > 100 and len(plain) > 1000, (len(starts_one), len(plain))
