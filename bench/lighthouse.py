"""Lighthouse's audit of the built site: npm `lighthouse` (pinned below) driving Debian's
/usr/bin/chromium, its default mobile preset (a mid-range phone: 4x CPU slowdown, slow 4G
simulated), against dist/ served by tests/site_server.py with netlify.toml's headers (not
compressed, unless --gzip). Prints the four category scores, first and largest contentful
paint, total blocking time and time to interactive (medians of --runs), and every audit
that kept a category under 100. Asserts nothing.

    python3 bench/lighthouse.py [--runs 1] [--gzip] [--path /?lang=es] [--json OUT] [--dist COPY]

Lighthouse is installed on first use from the npm registry into .cache/lighthouse/
(ignored by git), so neither CI nor the site pays for it. Each run is a fresh profile: a
first visit (no service worker, no kept snapshot). Needs node, npm, chromium and a build
in dist/.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests")]

from pages import CHROMIUM, serve_dist  # noqa: E402
from site_server import SiteServer  # noqa: E402

VERSION = "13.5.0"
HOME = ROOT / ".cache" / "lighthouse"
CLI = HOME / "node_modules" / "lighthouse" / "cli" / "index.js"
# As the browser tests launch chromium: nothing resolves but the local server.
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
METRICS = [("first-contentful-paint", "FCP"), ("largest-contentful-paint", "LCP"),
           ("total-blocking-time", "TBT"), ("interactive", "TTI")]


def installed() -> str | None:
    try:
        return json.loads((CLI.parent.parent / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


def install():
    """lighthouse@VERSION into .cache/lighthouse/, from the npm registry, once."""
    if installed() == VERSION:
        return
    HOME.mkdir(parents=True, exist_ok=True)
    print(f"installing lighthouse {VERSION} into {HOME.relative_to(ROOT)}/", file=sys.stderr)
    subprocess.run(["npm", "install", "--prefix", str(HOME), "--no-save", "--no-audit", "--no-fund",
                    f"lighthouse@{VERSION}"], check=True, stdout=sys.stderr)
    if installed() != VERSION:
        raise RuntimeError(f"lighthouse {VERSION} did not install into {HOME}")


def audit(url: str) -> dict:
    """One Lighthouse run (mobile preset, its default) of `url`: its JSON report."""
    with tempfile.TemporaryDirectory(prefix="tabby-lh-") as tmp:
        out = Path(tmp) / "report.json"
        env = {**os.environ, "CHROME_PATH": CHROMIUM}
        subprocess.run(["node", str(CLI), url, "--quiet", "--output=json", f"--output-path={out}",
                        f"--chrome-flags={' '.join(FLAGS)}", f"--only-categories={','.join(CATEGORIES)}",
                        "--max-wait-for-load=120000"], check=True, env=env)
        return json.loads(out.read_text())


def losses(report: dict) -> list[str]:
    """The audits that kept a category under 100: category, audit, what it found."""
    out = []
    for category in CATEGORIES:
        cat = report["categories"][category]
        if category == "performance" or cat["score"] == 1:
            continue
        for ref in cat["auditRefs"]:
            a = report["audits"][ref["id"]]
            if ref["weight"] and a["score"] is not None and a["score"] < 1:
                items = [" ".join(str(x) for x in (i.get("value") or i.get("description"),
                                                     i.get("source", {}).get("url") or i.get("url")) if x)
                         for i in a.get("details", {}).get("items", [])]
                out.append(f"{category}: {a['id']} ({a['title']}) {'; '.join(str(i) for i in items if i)[:300]}")
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--gzip", action="store_true", help="compress responses on the fly, as a CDN does")
    parser.add_argument("--path", default="/", help="the page's path and query (default /)")
    parser.add_argument("--json", type=Path, default=None, help="write the last report here")
    parser.add_argument("--dist", type=Path, default=None,
                        help="a copy of a build to audit (default: dist/, which must match the sources)")
    args = parser.parse_args()
    install()
    site = SiteServer(args.dist).start() if args.dist else serve_dist()
    site.deployment.gzip = args.gzip
    reports = []
    try:
        for run in range(args.runs):
            reports.append(audit(site.url + args.path))
            print(f"run {run + 1} done", file=sys.stderr)
    finally:
        site.stop()
    if args.json:
        args.json.write_text(json.dumps(reports[-1]))
    med = lambda values: statistics.median(values)  # noqa: E731
    print(f"Lighthouse {reports[-1]['lighthouseVersion']}, mobile preset, {args.runs} run(s), "
          f"{'gzip' if args.gzip else 'not compressed'}, {args.path}")
    print("  " + ", ".join(f"{c} {med([r['categories'][c]['score'] * 100 for r in reports]):.0f}" for c in CATEGORIES))
    print("  " + ", ".join(f"{name} {med([r['audits'][a]['numericValue'] for r in reports]) / 1000:.1f} s"
                           if name != "TBT" else f"{name} {med([r['audits'][a]['numericValue'] for r in reports]):,.0f} ms"
                           for a, name in METRICS))
    for line in losses(reports[-1]):
        print("  " + line)
    perf = reports[-1]["audits"]
    for key in ("mainthread-work-breakdown", "bootup-time"):
        a = perf.get(key)
        if a:
            print(f"  {a['title']}: {a.get('displayValue', '')}")
    for item in perf.get("long-tasks", {}).get("details", {}).get("items", [])[:8]:
        print(f"    long task (simulated) at {item.get('startTime', 0) / 1000:.1f} s, {item['duration']:.0f} ms, "
              f"{item.get('url', '')}")


if __name__ == "__main__":
    main()
