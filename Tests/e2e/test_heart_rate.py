"""The heart-rate example (Examples/HeartRate) end to end, as its user lives it: healthd running, the example
registered with `hk apps register` and started with its credential; its page waits for permission; the owner
allows it in Health's sheet; 72 is recorded and shows in Health; bad entries are refused and store nothing; the
owner turns the permission off in Sources and the open page, not reloaded, of the same running example says so.

The module has its own healthd (so Health's session of test_health_web.py is left alone) and keeps the example's
page open in one tab and Health in another. The tests run in order, each continuing from the last."""

import os
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from healthd import PATIENCE, ROOT, OutputLines, stop_process
from pages import submit_sign_in
from test_health_web import flash, navigate, wait

APP_FOLDER = ROOT / "Examples" / "HeartRate" / "App"
BUNDLE = "org.openhealthkit.example.heartrate"
READY = "Ready to record"
NOT_AUTHORIZED = "Not authorized to store data."

state = {}


def built(name):
    """An executable built beside healthd (Scripts/e2e builds them; Scripts/test's `swift build --build-tests` too)."""
    healthd_binary = os.environ.get("HEALTHD_BINARY") or str(ROOT / ".build" / "debug" / "healthd")
    path = Path(healthd_binary).parent / name
    if not path.exists():
        raise RuntimeError(f"{path} is missing: build it with `swift build --product {name}` (Scripts/e2e does)")
    return str(path)


class Example:
    """`HeartRate --port 0` with the credential in its environment, as the README runs it; stopped with SIGTERM."""

    def __init__(self, daemon, credential):
        env = dict(os.environ, OPENHEALTHKIT_HEALTHD=daemon.address, OPENHEALTHKIT_CREDENTIAL=credential)
        self.process = subprocess.Popen([built("HeartRate"), "--port", "0"], stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, env=env, text=True)
        self.output = OutputLines(self.process)
        match = self.output.wait_for(r"Heart Rate is at (http://127\.0\.0\.1:\d+)/")
        if not match:
            self.process.kill()
            raise RuntimeError("HeartRate did not print its address:\n" + "".join(self.output.lines))
        self.address = match.group(1)

    def stop(self):
        stop_process(self.process)


@pytest.fixture(scope="module")
def example(daemon):
    registered = subprocess.run(
        [built("hk"), "apps", "register", str(APP_FOLDER), "--healthd", daemon.address, "--store", daemon.store],
        capture_output=True, text=True, timeout=120)
    assert registered.returncode == 0, registered.stderr
    credential = registered.stdout.strip()
    assert credential.startswith("ohk1.")
    started = Example(daemon, credential)
    yield started
    started.stop()


def example_tab(browser):
    browser.switch_to.window(state["example_tab"])


def health_tab(browser):
    browser.switch_to.window(state["health_tab"])


def label(browser):
    return browser.find_element(By.ID, "status")


def record_button(browser):
    return browser.find_element(By.ID, "record")


def wait_for_label(browser, expected):
    wait(browser).until(EC.text_to_be_present_in_element((By.ID, "status"), expected))
    assert label(browser).text == expected


def record(browser, value):
    field = browser.find_element(By.ID, "bpm")
    field.clear()
    field.send_keys(value)
    record_button(browser).click()


def headers_of(url):
    with urllib.request.urlopen(url, timeout=PATIENCE) as response:
        return response.headers


def heart_rates_in_health(browser, daemon):
    health_tab(browser)
    browser.get(daemon.address + "/types/heartRate")
    return browser.find_elements(By.CSS_SELECTOR, ".sample")


def test_the_example_waits_for_permission(browser, daemon, example, shoot):
    # Its permission request reaches Health's sheets.
    deadline = time.time() + 30
    while BUNDLE not in daemon.owner("GET", "/v1/owner/authorization/pending").body.decode("utf-8"):
        assert time.time() < deadline, "the example's permission request never reached healthd"
        time.sleep(0.2)

    state["example_tab"] = browser.current_window_handle
    browser.get(example.address + "/")
    browser.execute_script("window.openSinceTheStart = true")
    wait_for_label(browser, NOT_AUTHORIZED)
    assert not record_button(browser).is_enabled()
    waiting = wait(browser).until(EC.visibility_of_element_located((By.ID, "waiting")))
    assert "answer its request in Health" in waiting.text
    assert browser.find_element(By.ID, "health-link").get_attribute("href") == daemon.address + "/permissions"
    shoot("heart-rate-waiting")
    headers = headers_of(example.address + "/")
    assert "script-src 'self'" in headers["Content-Security-Policy"] and headers["X-Frame-Options"] == "DENY"


def test_allowing_it_in_health_makes_it_ready(browser, daemon, example, shoot):
    browser.switch_to.new_window("tab")
    state["health_tab"] = browser.current_window_handle
    browser.get(daemon.address + "/")
    wait(browser).until(EC.url_contains("/signin"))
    submit_sign_in(browser, daemon.owner_secret)
    browser.get(daemon.address + "/permissions")
    sheet = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".sheet")))
    request_id = sheet.get_attribute("data-request")
    assert "“Heart Rate” would like to" in sheet.text
    assert browser.find_element(By.CSS_SELECTOR, ".write-reason").text == \
        "Heart Rate stores the heart rates you record in Health."
    browser.find_element(By.ID, f"share-{request_id}-heartRate").click()
    navigate(browser, browser.find_element(By.ID, f"allow-{request_id}"))
    assert "Heart Rate may now write 1" in flash(browser)

    example_tab(browser)
    wait_for_label(browser, READY)
    wait(browser).until(EC.element_to_be_clickable((By.ID, "record")))
    wait(browser).until(EC.invisibility_of_element_located((By.ID, "waiting")))
    shoot("heart-rate-ready")


def test_recording_72_stores_it_in_health(browser, daemon, example, shoot):
    example_tab(browser)
    browser.find_element(By.CSS_SELECTOR, "#sensor option[value='2']").click()  # Wrist
    record(browser, "72")
    wait_for_label(browser, "Stored 72 BPM")
    assert "error" not in label(browser).get_attribute("class")
    shoot("heart-rate-stored")

    samples = heart_rates_in_health(browser, daemon)
    assert len(samples) == 1
    assert samples[0].find_element(By.CSS_SELECTOR, ".sample-value").text.startswith("72")
    assert samples[0].find_element(By.CSS_SELECTOR, ".sample-source").text == "Heart Rate"
    # The sensor location is in the metadata (HealthKit keeps HKHeartRateSensorLocation.wrist's raw value), shown by name.
    metadata = samples[0].find_element(By.CSS_SELECTOR, ".metadata")
    assert [e.text for e in metadata.find_elements(By.CSS_SELECTOR, "dt, dd")] == ["Sensor Location", "Wrist"]
    shoot("heart-rate-in-health")


@pytest.mark.parametrize("entry, message", [
    ("abc", "Enter a number of beats per minute, such as 72."),
    ("-5", "Enter a heart rate between 1 and 300 beats per minute."),
    ("72.5", "Enter a whole number of beats per minute, such as 72."),
])
def test_a_bad_entry_gives_a_clear_message_and_stores_nothing(browser, daemon, example, entry, message):
    example_tab(browser)
    record(browser, entry)
    wait_for_label(browser, message)
    assert "error" in label(browser).get_attribute("class")
    assert record_button(browser).is_enabled()
    assert len(heart_rates_in_health(browser, daemon)) == 1


def test_revoking_in_sources_disables_recording_without_a_restart(browser, daemon, example, shoot):
    health_tab(browser)
    browser.get(daemon.address + f"/sources/{BUNDLE}")
    switch = wait(browser).until(EC.visibility_of_element_located((By.ID, "share-heartRate")))
    assert switch.is_selected()
    navigate(browser, switch)
    assert flash(browser) == "Heart Rate may no longer write Heart Rate."

    example_tab(browser)
    wait_for_label(browser, NOT_AUTHORIZED)
    assert not record_button(browser).is_enabled()
    assert browser.execute_script("return window.openSinceTheStart") is True  # the page was not reloaded
    assert example.process.poll() is None  # nor the example restarted
    shoot("heart-rate-revoked")

    # A post that gets past the disabled button is refused by the store, and says why.
    browser.execute_script(
        "fetch('/record', {method: 'POST', headers: {'Content-Type': 'application/json'},"
        " body: JSON.stringify({beatsPerMinute: '80'})})")
    wait(browser).until(EC.text_to_be_present_in_element((By.ID, "status"), "Could not store the heart rate:"))
    assert not record_button(browser).is_enabled()
    assert len(heart_rates_in_health(browser, daemon)) == 1


def test_turning_it_back_on_enables_recording_again(browser, daemon, example):
    health_tab(browser)
    browser.get(daemon.address + f"/sources/{BUNDLE}")
    navigate(browser, wait(browser).until(EC.visibility_of_element_located((By.ID, "share-heartRate"))))
    assert flash(browser) == "Heart Rate may write Heart Rate."
    example_tab(browser)
    wait_for_label(browser, READY)
    record(browser, "64")
    wait_for_label(browser, "Stored 64 BPM")
    assert len(heart_rates_in_health(browser, daemon)) == 2
    browser.close()
    example_tab(browser)
