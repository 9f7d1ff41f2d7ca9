"""Mutation score of the engine, the records and the controller (issue 37, item 6): a
figure, not a gate.

    nice -n 19 python3 scripts/mutation.py records [controller engine] [--jobs 1]
    nice -n 19 python3 scripts/mutation.py engine --modules engine/rng.py engine/position.py
    nice -n 19 python3 scripts/mutation.py records --only 'solitaire.records.stats.*'
    nice -n 19 python3 scripts/mutation.py engine controller --sample 300

For each package named, a scratch copy of the project is made under
``.cache/mutation/<package>/`` with ``py/solitaire`` moved to ``src/solitaire`` (mutmut
names mutants by module path and puts ``mutants/src`` on ``sys.path``), then mutmut
(installed at a pinned version in ``.cache/mutmut-venv``, never in the project's own
requirements) mutates that package's modules and runs the CPython tests that cover them.
It prints, per package, the mutants killed, survived, timed out and run by no test, the
score (killed and timed out over all mutants tried, a mutant no test runs counted as a
survivor) and each survivor.

``--modules`` mutates only the named modules of the package (paths under
``py/solitaire``, globs allowed): a stated subset. ``--only`` re-runs, in the last run's
scratch copy, only the mutants whose names match (mutmut's names, globs allowed, such as
``solitaire.records.stats.x_merge__mutmut_*``) with the current tests, and keeps the last
run's verdicts for the others; the figure printed covers all of them. ``--resume`` goes
on with a run that was stopped, in its scratch copy with the current tests (the verdicts
already given stand).

``--quick`` leaves out the package's slowest tests (``SLOW``): a stated subset of the
tests, so its score is a lower bound of the whole suite's.

``--sample N`` tries only N of the package's mutants, the same N every time: all its
mutants are listed (generated, not run), ordered by a hash of their names (SHA-256 of
``SAMPLE_SEED`` and the name, never ``random``) and the first N taken, so a larger N
holds every mutant of a smaller one. The figure then counts the sample alone and gives
its 95% interval (Wilson). With ``--resume``, only the sampled mutants not tried yet run.

``--timeouts`` (with ``--only``) re-runs the matching mutants that timed out: mutmut
times a mutant by the wall clock, so on a loaded machine a timeout may be a mutant that
only waited. ``--fresh`` (with ``--only`` and ``--survived``) runs each chosen mutant's
covering tests in a fresh interpreter instead of mutmut's fork of the process that ran
the clean tests, whose caches can hide a mutant (see ``fresh``).

Survivors judged equivalent (``EQUIVALENT``, each with its reason) are counted apart: the
score over the non-equivalent mutants is killed over tried less equivalent.
"""

import argparse
import fnmatch
import hashlib
import json
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache"
VENV = CACHE / "mutmut-venv"
MUTMUT = "mutmut==3.8.1"

PACKAGES = {
    "engine": (["engine/cards.py", "engine/rng.py", "engine/position.py", "engine/games/*"],
               ["test_tabbycat_rules.py", "test_spider.py", "test_tuxedo.py", "test_variants.py",
                "test_rng.py", "test_notation.py", "test_properties.py", "test_stages.py",
                "test_termination.py", "test_solver.py", "test_agreement.py", "test_daily.py",
                "test_geometry.py", "test_show.py", "test_playtext.py", "test_replay.py",
                "test_hints.py", "test_play.py", "test_choose.py", "test_questions.py",
                "test_jobs.py", "test_keeping.py", "test_records.py", "test_record_reasons.py",
                "test_limits.py", "test_promises.py", "test_catalogue.py", "test_stats.py",
                "test_session.py"]),
    "records": (["records/*"],
                ["test_records.py", "test_record_reasons.py", "test_limits.py", "test_stats.py",
                 "test_session.py", "test_keeping.py", "test_play.py", "test_promises.py",
                 "test_catalogue.py"]),
    "controller": (["play/*"],
                   ["test_play.py", "test_choose.py", "test_questions.py", "test_jobs.py",
                    "test_session.py", "test_promises.py", "test_limits.py", "test_stages.py",
                    "test_hints.py", "test_catalogue.py", "test_replay.py", "test_show.py",
                    "test_playtext.py", "test_keeping.py", "test_records.py",
                    "test_record_reasons.py"]),
}
# Tests that read py/ by path (a fresh interpreter, the command line, the frozen checker): not
# in a scratch copy.
# And the million-game histories (minutes each, run for every mutant they cover); the
# faster tests beside them cover the same functions.
DESELECT = ["tests/test_properties.py::test_deal_is_deterministic",
            "tests/test_catalogue.py::test_every_key_the_code_uses_is_in_the_catalogue",
            "tests/test_catalogue.py::test_readers_raise_catalogue_keys_not_english",
            "tests/test_hints.py::test_difficulty_comes_from_the_greedy_players_wins",
            "tests/test_daily.py::test_the_checker_v1_is_frozen",
            "tests/test_daily.py::test_cli_daily",
            "tests/test_playtext.py::test_the_text_runs_in_a_shell_from_the_repository_root",
            "tests/test_keeping.py::test_a_million_games_keep_every_figure_under_the_readers_cap",
            "tests/test_keeping.py::test_the_page_path_folds_as_it_counts"]
# Left out with --quick: the tests that take most of a surviving mutant's time (a mutant
# that survives runs every test that covers it). The engine's hypothesis properties, the
# agreement playouts and the solver's replays of whole games took 14 of the 16 minutes of
# its tests under mutmut; the rules, notation, stages and controller tests stay.
SLOW = {
    "engine": ["tests/test_properties.py", "tests/test_agreement.py", "tests/test_solver.py",
               "tests/test_termination.py",
               "tests/test_tuxedo.py::test_solver_lines_win_and_tuxedo_is_easy"],
}
# Copied into the scratch project (what the CPython tests read besides the package).
COPY = ["tests", "web", "scripts", "docs", "README.md", "index.html", "pyscript.toml",
        "netlify.toml", "sw.js", "package.json", "requirements-test.txt"]
# A mutant whose tests take this many times their time in the first (clean) run is stopped
# and counted killed (a timeout). mutmut measures wall time: on a loaded machine a smaller
# factor times out mutants that only waited for the processor.
TIMEOUT_MULTIPLIER = 15
# The fixed seed of --sample: changing it draws another sample.
SAMPLE_SEED = "tabbycat-mutation-1"
# Survivors read and judged equivalent (no test can tell them from the original), with why;
# docs/testing.md lists them too.
EQUIVALENT = {
    "solitaire.play.controller.xǁControllerǁ__init____mutmut_15":
        "count '' for None at start: it is set with every choice and read only as true or "
        "false",
    "solitaire.play.controller.xǁControllerǁ__init____mutmut_17":
        "offload None for False: it is only read as true or false",
    "solitaire.play.controller.xǁControllerǁ__init____mutmut_22":
        "pending_import '' for None at start: finish_import runs only from the import "
        "offer, which import_stats makes after setting pending_import",
    "solitaire.play.jobs.x_check_job__mutmut_3":
        "the job's id None: tasks.run numbers every job (job['id'] = c.tasks) before it is read",
    "solitaire.play.jobs.x_local__mutmut_3":
        "job['remote'] None for False: it is only read as true or false (job.get('remote'))",
    "solitaire.play.moves.x_key__mutmut_10":
        "Ctrl+Z's Answer(handled=False) merged: Answer.merge keeps the first answer's handled",
    "solitaire.play.moves.x_key__mutmut_58":
        "prefs.get('shortcuts', False): the prefs always hold 'shortcuts' (the reader fills "
        "every default)",
    "solitaire.play.moves.x_choose_game__mutmut_35":
        "the leave offer's stay action 'XXstayXX' for 'stay': answer_offer stays on every "
        "action but 'leave:ID'",
    "solitaire.play.statsfiles.x_finish_import__mutmut_44":
        "the text of a StoreError caught three lines below and never shown",
    "solitaire.play.tasks.x_run__mutmut_36":
        "step(c, 1) for step(c, 0) at a search's start: a fresh Steps has no report yet, so "
        "both run its first slice",
    "solitaire.play.worker.xǁDriverǁ__init____mutmut_1":
        "Driver.examined None for 0: the attribute is never read",
}
# mutmut's own reading of a mutant's exit code (mutmut/stats.py).
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 2: "interrupted",
          None: "not checked", 33: "no tests", 34: "skipped", 35: "suspicious", 36: "timeout",
          37: "caught by type check", -24: "timeout", 24: "timeout", 152: "timeout",
          255: "timeout", -11: "segfault", -9: "segfault"}


def venv_python() -> Path:
    py = VENV / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(VENV)], check=True)
    if subprocess.run([str(py), "-c", "import mutmut"], capture_output=True).returncode:
        subprocess.run([str(py), "-m", "pip", "install", "-q", MUTMUT], check=True)
    return py


def refresh(where: Path) -> None:
    """Copy the current package and tests over a scratch copy, keeping unchanged files'
    times (mutmut re-mutates a module only when its source is newer than its mutants)."""
    shutil.copytree(ROOT / "py" / "solitaire", where / "src" / "solitaire", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__"))
    for name in COPY:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, where / name, dirs_exist_ok=True, ignore=shutil.ignore_patterns(
                "__pycache__", "vendor", "screenshots"))
        elif src.exists():
            shutil.copy2(src, where / name)


def write_config(where: Path, modules, tests, quick=()) -> None:
    only = "\n    ".join(f"src/solitaire/{m}" for m in modules)
    selection = "\n    ".join(f"tests/{t}" for t in tests)
    args = ["-p", "no:cacheprovider", "-p", "no:warnings"]
    for test in DESELECT + list(quick):
        args += ["--deselect", test]
    (where / "setup.cfg").write_text(
        "[mutmut]\nsource_paths=src/solitaire\n"
        f"timeout_multiplier={TIMEOUT_MULTIPLIER}\n"
        f"only_mutate=\n    {only}\n"
        f"pytest_add_cli_args_test_selection=\n    {selection}\n"
        "pytest_add_cli_args=\n    " + "\n    ".join(args) + "\n"
        "also_copy=\n    " + "\n    ".join(n for n in COPY if n != "tests") + "\n")


def scratch(package: str, modules=None, quick=()) -> Path:
    modules = modules or PACKAGES[package][0]
    tests = PACKAGES[package][1]
    where = CACHE / "mutation" / package
    if where.exists():
        shutil.rmtree(where)
    (where / "src").mkdir(parents=True)
    refresh(where)
    write_config(where, modules, tests, quick)
    return where


def verdicts(where: Path) -> dict:
    """Each mutant's exit code in the last run (None: not run yet)."""
    out = {}
    for meta in sorted((where / "mutants" / "src").rglob("*.meta")):
        out.update(json.loads(meta.read_text()).get("exit_code_by_key", {}))
    return out


def chosen(where: Path, patterns, pending: bool, survived: bool, timeouts: bool = False) -> list:
    """The mutants matching ``patterns`` that are pending (no verdict), survived (no test
    failed, or no test ran them) or timed out (on a loaded machine, maybe only slowed)."""
    wanted = ({None} if pending else set()) | ({0, 33} if survived else set()) | (
        {code for code, status in STATUS.items() if status == "timeout"} if timeouts else set())
    return sorted(name for name, code in verdicts(where).items()
                  if code in wanted and any(fnmatch.fnmatch(name, p) for p in patterns))


def generate(where: Path, py: Path, env: dict) -> None:
    """Write the package's mutants (mutmut's first step) without running any test."""
    code = ("import os, mutmut.__main__ as m\n"
            "os.makedirs('mutants', exist_ok=True)\n"
            "m.copy_src_dir(); m.copy_also_copy_files(); m.setup_source_paths()\n"
            "m.store_lines_covered_by_tests(); m.create_mutants(1)\n")
    subprocess.run([str(py), "-c", code], cwd=where, env=env, check=True,
                   stdout=subprocess.DEVNULL)


def fresh(where: Path, package: str, py: Path, env: dict, names, quick=()) -> None:
    """Run each mutant's covering tests (fastest first, to the first failure) in a fresh
    interpreter, as mutmut does in a forked one (and the tests written since mutmut's
    stats, first), and record the verdict. A fork inherits
    what the run before it left in memory (a game's cache of its place names, filled in
    the clean run, hides a mutant of the lookup that fills it); a fresh interpreter
    does not."""
    shutil.copytree(where / "tests", where / "mutants" / "tests", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__"))  # the current tests
    stats = json.loads((where / "mutants" / "mutmut-stats.json").read_text())
    took, covering = stats["duration_by_test"], stats["tests_by_mangled_function_name"]
    args = ["-p", "no:cacheprovider", "-p", "no:warnings", "-p", "no:randomly"]
    for test in DESELECT + list(quick):
        args += ["--deselect", test]
    # Tests written since the stats were taken: their coverage is unknown, so they run too.
    listed = subprocess.run([str(py), "-m", "pytest", "--collect-only", "-q", *args,
                             *(f"tests/{t}" for t in PACKAGES[package][1])],
                            cwd=where / "mutants", capture_output=True, text=True,
                            env={**env, "PYTHONPATH": "src"}).stdout.splitlines()
    new = [t for t in listed if "::" in t and t not in took]
    if new and subprocess.run([str(py), "-m", "pytest", "-q", *args, *new], cwd=where / "mutants",
                              capture_output=True, env={**env, "PYTHONPATH": "src"}).returncode:
        raise SystemExit("the tests written since the stats fail without a mutant")
    metas = sorted((where / "mutants" / "src").rglob("*.meta"))
    for name in names:
        tests = new + sorted(covering.get(name.partition("__mutmut_")[0], []),
                             key=lambda t: took.get(t, 0))
        code = 33
        if tests:
            run = subprocess.run([str(py), "-m", "pytest", "-x", "-q", *args, *tests],
                                 cwd=where / "mutants", capture_output=True,
                                 env={**env, "MUTANT_UNDER_TEST": name, "PYTHONPATH": "src"})
            code = {0: 0, 1: 1}.get(run.returncode, run.returncode)
        print(f"   fresh: {name}: {STATUS.get(code, code)}")
        for meta in metas:
            data = json.loads(meta.read_text())
            if name in data.get("exit_code_by_key", {}):
                data["exit_code_by_key"][name] = code
                meta.write_text(json.dumps(data))


def sample(names, n: int) -> list:
    """The first ``n`` of ``names`` in the order of a hash of the seed and the name.

    >>> sample(["b", "a", "c"], 2) == sample(["c", "b", "a"], 2)
    True
    >>> set(sample(["b", "a", "c"], 1)) <= set(sample(["a", "b", "c"], 2))
    True
    """
    def key(name):
        return hashlib.sha256(f"{SAMPLE_SEED}:{name}".encode()).hexdigest()
    return sorted(names, key=key)[:n]


def wilson(k: int, n: int, z: float = 1.96) -> tuple:
    """The Wilson score interval of ``k`` successes in ``n`` trials (95% by default).

    >>> [round(x, 3) for x in wilson(90, 100)]
    [0.826, 0.945]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def report(where: Path, package: str, size=None) -> dict:
    every = verdicts(where)
    names = sample(every, size) if size else sorted(every)
    counts, survivors, equivalent = {}, [], []
    for name in sorted(names):
        status = STATUS.get(every[name], "suspicious")
        if status == "survived" and name in EQUIVALENT:
            status = "equivalent"
            equivalent.append(name)
        counts[status] = counts.get(status, 0) + 1
        if status in ("survived", "no tests"):
            survivors.append(name if status == "survived" else name + " (no test runs it)")
    killed = counts.get("killed", 0) + counts.get("timeout", 0)
    tried = killed + sum(counts.get(s, 0) for s in ("survived", "no tests", "equivalent"))
    score = killed / tried if tried else 0.0
    real = tried - counts.get("equivalent", 0)
    fair = killed / real if real else 0.0
    low, high = wilson(killed, real)
    of = f"a sample of {size} of {len(every)}" if size else f"all {len(every)}"
    print(f"\n== {package} ({of} mutants): {killed} killed of {tried} tried = {score:.1%}; "
          f"{len(equivalent)} equivalent; {killed} of {real} non-equivalent = {fair:.1%}"
          + (f" (95% interval {low:.1%} to {high:.1%})" if size else "") + f"\n   {counts}")
    modules = {}
    for name in names:
        module = name.split(".x")[0].rsplit(".", 1)[-1] if ".x" in name else name
        status = STATUS.get(every[name], "suspicious")
        status = "equivalent" if status == "survived" and name in EQUIVALENT else status
        row = modules.setdefault(module, {})
        row[status] = row.get(status, 0) + 1
    for module, row in sorted(modules.items()):
        print(f"   {module}: {row}")
    for name in equivalent:
        print("   equivalent:", name, "-", EQUIVALENT[name])
    for name in survivors:
        print("   survived:", name)
    return {"package": package, "mutants": len(every), "sample": size, "score": score,
            "non_equivalent_score": fair, "interval": [low, high] if size else None,
            "counts": counts, "modules": modules, "survivors": survivors,
            "equivalent": equivalent}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("packages", nargs="*", default=list(PACKAGES), choices=list(PACKAGES))
    p.add_argument("--jobs", type=int, default=1, help="mutants run at once (default 1)")
    p.add_argument("--report-only", action="store_true", help="print the last run's figures")
    p.add_argument("--modules", nargs="+", help="mutate only these modules (under py/solitaire)")
    p.add_argument("--resume", action="store_true",
                   help="go on with the last run, stopped, in its copy (with the current tests)")
    p.add_argument("--pending", action="store_true",
                   help="with --only: only the matching mutants the last run has not tried")
    p.add_argument("--survived", action="store_true",
                   help="with --only: only the matching mutants that survived the last run "
                        "(with --pending: both)")
    p.add_argument("--quick", action="store_true",
                   help="leave out the package's slowest tests (SLOW); give it on every run "
                        "of that copy (another test selection starts it again)")
    p.add_argument("--sample", type=int, metavar="N",
                   help="try only N mutants of each package, the same N every run")
    p.add_argument("--fresh", action="store_true",
                   help="with --only: run the chosen mutants' tests in a fresh interpreter "
                        "each instead of mutmut's fork (see fresh())")
    p.add_argument("--timeouts", action="store_true",
                   help="with --only: also the matching mutants that timed out")
    p.add_argument("--only", nargs="+", metavar="MUTANT",
                   help="re-run only these mutants in the last run's copy (names or globs)")
    args = p.parse_args(argv)
    results = []
    for package in args.packages:
        where = CACHE / "mutation" / package
        quick = SLOW.get(package, []) if args.quick else []
        if not args.report_only:
            py = venv_python()
            names = list(args.only or [])
            if (args.only or args.resume) and (where / "mutants").is_dir():
                refresh(where)
                write_config(where, args.modules or PACKAGES[package][0], PACKAGES[package][1],
                             quick)
                if args.pending or args.survived or args.timeouts:
                    names = chosen(where, names, args.pending, args.survived, args.timeouts)
                    if not names:
                        results.append(report(where, package))
                        continue
            else:
                where = scratch(package, args.modules, quick)
            env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTHONPATH")}
            if args.sample and not args.only:
                generate(where, py, env)
                every = verdicts(where)
                names = [n for n in sample(every, args.sample) if every[n] is None or not args.resume]
                if not names:
                    results.append(report(where, package, args.sample))
                    continue
            if args.fresh and args.only:
                fresh(where, package, py, env, names, quick)
            else:
                subprocess.run([str(py), "-m", "mutmut", "run", "--max-children",
                                str(args.jobs), *names], cwd=where, env=env)
        results.append(report(where, package, args.sample))
    (CACHE / "mutation").mkdir(parents=True, exist_ok=True)
    (CACHE / "mutation" / "scores.json").write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
