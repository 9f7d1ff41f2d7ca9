import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

# Every property is parametrized by game (tests/strategies.py: GAME_IDS), so each game gets
# the profile's examples: 100 per game per property in CI (CI=true), 30 on a desk.
CI = bool(os.environ.get("CI"))
settings.register_profile("ci", max_examples=100, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("dev", max_examples=30, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if CI else "dev")
# Long playouts (tests/test_agreement.py): each a few hundred positions, so few examples
# on a desk (4, fixed); 100 per game in CI. LATE_EXAMPLES=200 for a long hunt.
LATE_EXAMPLES = int(os.environ.get("LATE_EXAMPLES", 100 if CI else 4))
settings.register_profile("late", max_examples=LATE_EXAMPLES, deadline=None,
                          derandomize=not os.environ.get("LATE_EXAMPLES"),
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# -- the browser tests' fixtures (tests/pages.py has the machinery) ------------------------

BROWSER_FIXTURES = {"site", "server", "browser"}


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "browser: needs a browser or the built site (deselect with -m 'not browser')")


@pytest.hookimpl(tryfirst=True)   # before pytest-xdist's own hook reads the groups
def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist (scripts/test.sh runs ``-n 2 --dist loadgroup``) each file of
    browser tests is a group: its tests run in their order on one worker, as they would
    alone (several files share a page between their tests, fixtures of module scope),
    while the files, and the CPython tests one by one, are spread over both workers.
    Each such test is also marked ``browser`` (tests/test_engines.py marks its own), so
    ``-m "not browser"`` runs everything that starts no browser."""
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.xdist_group(f"browser-{item.module.__name__}"))
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site():
    """The built site (dist/), served with netlify.toml's headers."""
    from pages import serve_dist
    try:
        server = serve_dist()
    except RuntimeError as e:
        pytest.fail(str(e))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def server(site):
    """The served site's base address."""
    return site.url


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium, which can reach no host but the local server."""
    try:
        import playwright.sync_api as playwright_api
    except ImportError as e:
        pytest.fail(f"Playwright is missing ({e}): the browser tests need it; "
                    "run scripts/setup.sh (pip install -r requirements-test.txt)", pytrace=False)
    from pages import ARGS, CHROMIUM
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Debian's chromium is missing ({CHROMIUM}): run scripts/setup.sh",
                    pytrace=False)
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()
