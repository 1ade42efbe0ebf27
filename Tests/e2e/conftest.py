"""Fixtures of the end-to-end tests: one real healthd and one headless Chromium for the whole run (the tests of a
file run in order and build on each other, as a person using Health would), a healthd of its own for a file that
asks for `daemon`, and screenshots in screenshots/. With `E2E_DATABASE=postgresql`, every healthd keeps its data in
a database of its own on a throwaway PostgreSQL server."""

import os
import shutil
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from healthd import PATIENCE, ROOT, Healthd
from postgres import PostgreSQL

# Screenshots go to screenshots/<storage>/ (not committed; a folder per storage, since Scripts/test runs both at once),
# or where E2E_SCREENSHOTS names.
SCREENSHOTS = Path(os.environ.get("E2E_SCREENSHOTS")
                   or ROOT / "screenshots" / (os.environ.get("E2E_DATABASE") or "sqlite"))
PHONE = (390, 844)
DESKTOP = (1280, 900)
SIZES = {"phone": PHONE, "desktop": DESKTOP}


_POSTGRESQL = []


def _postgresql():
    """The run's PostgreSQL server, started on first use (E2E_DATABASE=postgresql only)."""
    if not _POSTGRESQL:
        _POSTGRESQL.append(PostgreSQL())
    return _POSTGRESQL[0]


def pytest_sessionfinish(session, exitstatus):
    for server in _POSTGRESQL:
        server.stop()


def _started_healthd():
    # A US locale (pounds, miles, Fahrenheit by default) and UTC, so that units and days are the same everywhere.
    environment = {"LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MEASUREMENT": "", "TZ": "UTC"}
    database = None
    if os.environ.get("E2E_DATABASE") == "postgresql":
        database = _postgresql().create_database()
        environment["PGPASSWORD"] = _postgresql().password
    daemon = Healthd(environment=environment, database=database)
    if database:
        assert "(data in postgresql://" in daemon.banner, daemon.banner
    return daemon


@pytest.fixture(scope="session")
def healthd():
    daemon = _started_healthd()
    yield daemon
    daemon.stop()


@pytest.fixture(scope="module")
def daemon():
    """A healthd of the test file's own, for stories that need a store nobody else touched."""
    started = _started_healthd()
    yield started
    started.stop()


def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    raise RuntimeError("Chromium is missing: apt-get install -y chromium chromium-driver")


@pytest.fixture(scope="session")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = _chromium()
    for argument in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={PHONE[0]},{PHONE[1]}", "--lang=en-US"):
        options.add_argument(argument)
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_page_load_timeout(PATIENCE)
    # The browser's time zone, which a first sign-in gives the days: UTC like healthd's, whatever the machine's.
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "UTC"})
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def shoot(browser):
    """Saves a screenshot at phone width (or `width`), of the whole page or (`full=False`) of its first screen:
    <screenshots>/<name>.png; the window keeps its size."""

    def take(name, width=PHONE[0], full=True):
        before = browser.get_window_size()
        browser.set_window_size(width, before["height"])
        height = browser.execute_script("return Math.max(document.body.scrollHeight, document.documentElement.scrollHeight)")
        screen = PHONE[1] if width <= PHONE[0] else DESKTOP[1]
        browser.set_window_size(width, max(screen, min(int(height) + 140, 6000)) if full else screen)
        browser.save_screenshot(str(SCREENSHOTS / f"{name}.png"))
        browser.set_window_size(before["width"], before["height"])

    return take


@pytest.fixture(params=sorted(SIZES))
def size(request, browser):
    """Runs a test at a laptop's size and at a phone's (the browser returns to phone size after it)."""
    browser.set_window_size(*SIZES[request.param])
    yield request.param
    browser.set_window_size(*PHONE)
