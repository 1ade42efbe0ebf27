"""The Health web app in a real headless Chromium against a real healthd: sign in, answer a permission request of a
real client with mixed switches, add and delete samples, reorder sources, revoke an app, read the access log, see a
phone's ingest key with its last push and revoke it, subscribe a real receiver to steps with a webhook and check what
it gets, and the security properties of the pages. The tests run in order, each continuing from the last."""

import base64
import datetime
import hashlib
import hmac
import http.client
import http.server
import json
import re
import subprocess
import threading
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from healthd import PATIENCE, App
from pages import navigate, open_page, submit_sign_in, text, wait

WALKER = "com.example.walker"
STEPS = "HKQuantityTypeIdentifierStepCount"
BODY_MASS = "HKQuantityTypeIdentifierBodyMass"
HEART_RATE = "HKQuantityTypeIdentifierHeartRate"
YESTERDAY = (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=1)).date().isoformat()

state = {}


def flash(browser):
    return wait(browser).until(EC.visibility_of_element_located((By.ID, "flash"))).text


def set_value(browser, element_id, value):
    """Sets a date or time input as a script would (typing into them depends on the browser's locale)."""
    browser.execute_script("document.getElementById(arguments[0]).value = arguments[1]", element_id, value)


def headline(browser):
    return text(browser, "#headline")


def test_sign_in_with_the_owner_secret(browser, healthd, shoot):
    open_page(browser, healthd, "/")
    wait(browser).until(EC.url_contains("/signin"))
    shoot("01-sign-in")
    submit_sign_in(browser, "not-the-secret")
    error = wait(browser).until(EC.visibility_of_element_located((By.ID, "signin-error"))).text
    # A healthd serving many users (PostgreSQL) asks for a name and does not say which of the two was wrong.
    assert ("do not match an account" if browser.find_elements(By.ID, "name") else "not the owner secret") in error
    submit_sign_in(browser, healthd.owner_secret)
    wait(browser).until(EC.text_to_be_present_in_element((By.TAG_NAME, "h1"), "Summary"))
    cookie = browser.get_cookie("health_session")
    assert cookie["httpOnly"] is True
    assert cookie["sameSite"] == "Strict"
    assert cookie["path"] == "/"


def test_a_permission_request_answered_with_mixed_switches(browser, healthd, shoot):
    credential = healthd.register(
        WALKER, "Walker", read_reason="Walker shows your steps beside your heart rate.",
        write_reason="Walker records the steps you walk.")
    walker = App(healthd, credential)
    state["walker"] = walker
    outcome = {}
    asking = threading.Thread(target=lambda: outcome.setdefault(
        "answer", walker.request_authorization([STEPS, BODY_MASS], [STEPS, HEART_RATE])))
    asking.start()

    # The banner appears on the page already open (the script polls healthd).
    open_page(browser, healthd, "/")
    wait(browser).until(EC.visibility_of_element_located((By.ID, "pending-banner")))
    navigate(browser, browser.find_element(By.ID, "pending-link"))
    sheet = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".sheet")))
    request_id = sheet.get_attribute("data-request")
    assert "“Walker” would like to access and update your Health data" in sheet.text
    assert text(browser, ".write-reason") == "Walker records the steps you walk."
    assert text(browser, ".read-reason") == "Walker shows your steps beside your heart rate."
    switches = sheet.find_elements(By.CSS_SELECTOR, "input.switch")
    assert len(switches) == 4 and not any(switch.is_selected() for switch in switches)
    browser.find_element(By.ID, f"share-{request_id}-stepCount").click()
    browser.find_element(By.ID, f"read-{request_id}-heartRate").click()
    shoot("03-permission-sheet")
    navigate(browser, browser.find_element(By.ID, f"allow-{request_id}"))

    asking.join(30)
    assert outcome["answer"].status == 200 and outcome["answer"].json["status"] == "answered"
    assert "Walker may now write 1 and read 1" in flash(browser)
    assert walker.status(STEPS) == "sharingAuthorized"
    assert walker.status(BODY_MASS) == "sharingDenied"
    assert walker.status(HEART_RATE) == "notDetermined"  # asked to read only; a read decision is never revealed
    status = walker.call("POST", "/v1/authorization/request-status", {"toShare": [STEPS, BODY_MASS], "toRead": [STEPS, HEART_RATE]})
    assert status.json["name"] == "unnecessary"
    assert walker.save_quantity(BODY_MASS, 70, "kg", f"{YESTERDAY}T07:00:00Z", f"{YESTERDAY}T07:00:00Z").status == 403
    assert walker.save_quantity(STEPS, 1000, "count", f"{YESTERDAY}T10:00:00Z", f"{YESTERDAY}T11:00:00Z").status == 200


def test_preferred_units_follow_the_locale_then_the_me_page(browser, healthd, shoot):
    walker = state["walker"]
    units = walker.call("POST", "/v1/preferred-units", {"types": [BODY_MASS, HEART_RATE, STEPS]})
    assert units.status == 200, units
    assert units.json["units"] == {BODY_MASS: "lb", HEART_RATE: "count/min", STEPS: "count"}
    never_asked = walker.call("POST", "/v1/preferred-units", {"types": ["HKQuantityTypeIdentifierBloodGlucose"]})
    assert never_asked.status == 403 and never_asked.json["error"]["code"] == 5

    open_page(browser, healthd, "/me")
    set_value(browser, "dateOfBirth", "1980-04-12")
    Select(browser.find_element(By.ID, "bloodType")).select_by_visible_text("AB+")
    Select(browser.find_element(By.ID, "biologicalSex")).select_by_visible_text("Female")
    navigate(browser, browser.find_element(By.ID, "save-details"))
    assert flash(browser) == "Saved your details."
    assert browser.find_element(By.ID, "dateOfBirth").get_attribute("value") == "1980-04-12"
    assert Select(browser.find_element(By.ID, "bloodType")).first_selected_option.text == "AB+"
    assert healthd.owner("GET", "/v1/owner/characteristics/bloodType").json["value"] == "5"

    browser.find_element(By.CSS_SELECTOR, "#units summary").click()
    Select(browser.find_element(By.ID, f"unit.{BODY_MASS}")).select_by_value("kg")
    navigate(browser, browser.find_element(By.ID, "save-units"))
    assert flash(browser) == "Saved your units."
    shoot("06-me")
    assert walker.call("POST", "/v1/preferred-units", {"types": [BODY_MASS]}).json["units"] == {BODY_MASS: "kg"}


def test_add_a_sample_see_it_in_the_list_and_the_chart_then_delete_it(browser, healthd, shoot):
    open_page(browser, healthd, "/types/bodyMass")
    assert headline(browser) == "No data"
    browser.find_element(By.ID, "add-value").send_keys("72.5")
    assert Select(browser.find_element(By.ID, "add-unit")).first_selected_option.get_attribute("value") == "kg"
    navigate(browser, browser.find_element(By.ID, "add-submit"))
    assert flash(browser) == "Added 72.5 kg to Weight."
    samples = browser.find_elements(By.CSS_SELECTOR, ".sample")
    assert len(samples) == 1
    assert samples[0].find_element(By.CSS_SELECTOR, ".sample-value").text == "72.5 kg"
    assert samples[0].find_element(By.CSS_SELECTOR, ".sample-source").text == "Health"
    assert headline(browser) == "Average 72.5 kg"
    assert len(browser.find_elements(By.CSS_SELECTOR, "#chart rect.range")) == 1
    assert len(browser.find_elements(By.CSS_SELECTOR, "#chart circle.average")) == 1

    # The server checks the sample with the API's rules, whatever the form sends.
    browser.execute_script(
        "const o = document.createElement('option'); o.value = 'count/min'; o.text = 'count/min';"
        "document.getElementById('add-unit').append(o); document.getElementById('add-unit').value = 'count/min';")
    browser.find_element(By.ID, "add-value").send_keys("70")
    navigate(browser, browser.find_element(By.ID, "add-submit"))
    error = wait(browser).until(EC.visibility_of_element_located((By.ID, "add-error"))).text
    assert error == "Weight is given in kg, lb, st, not in count/min."
    assert browser.find_element(By.ID, "add-value").get_attribute("value") == "70"
    value = browser.find_element(By.ID, "add-value")
    value.clear()
    value.send_keys("-3")
    Select(browser.find_element(By.ID, "add-unit")).select_by_value("kg")
    navigate(browser, browser.find_element(By.ID, "add-submit"))
    assert "requires a value of zero or more" in wait(browser).until(EC.visibility_of_element_located((By.ID, "add-error"))).text
    set_value(browser, "add-end", "2001-01-01T00:00")
    value = browser.find_element(By.ID, "add-value")
    value.clear()
    value.send_keys("71")
    navigate(browser, browser.find_element(By.ID, "add-submit"))
    assert "end" in wait(browser).until(EC.visibility_of_element_located((By.ID, "add-error"))).text.lower()
    assert len(browser.find_elements(By.CSS_SELECTOR, ".sample")) == 1

    open_page(browser, healthd, "/types/bodyMass")
    navigate(browser, browser.find_element(By.CSS_SELECTOR, ".sample .delete"), confirm=True)
    assert flash(browser) == "Deleted the sample."
    assert browser.find_elements(By.CSS_SELECTOR, ".sample") == []
    assert headline(browser) == "No data"
    assert browser.find_elements(By.CSS_SELECTOR, "#chart rect.range") == []

    # A heart rate the owner adds is visible to Walker, allowed to read heart rates.
    open_page(browser, healthd, "/types/heartRate")
    browser.find_element(By.ID, "add-value").send_keys("64")
    navigate(browser, browser.find_element(By.ID, "add-submit"))
    assert flash(browser) == "Added 64 BPM to Heart Rate."
    seen = state["walker"].samples(HEART_RATE)
    assert len(seen) == 1 and seen[0]["sourceRevision"]["source"]["name"] == "Health"


def test_reordering_sources_changes_the_merged_total(browser, healthd, shoot):
    day_page = f"/types/stepCount?range=day&date={YESTERDAY}"
    open_page(browser, healthd, day_page)
    assert headline(browser) == "Total 1,000 steps"
    browser.find_element(By.ID, "add-value").send_keys("600")
    set_value(browser, "add-start", f"{YESTERDAY}T10:30")
    set_value(browser, "add-end", f"{YESTERDAY}T11:30")
    navigate(browser, browser.find_element(By.ID, "add-submit"))
    assert flash(browser) == "Added 600 steps to Steps."
    # What the owner enters counts before an app, as in Apple's Health, though Walker stored first:
    # Health's 600 + Walker's 10:00-10:30 (500).
    assert headline(browser) == "Total 1,100 steps"
    order = [item.get_attribute("data-source") for item in browser.find_elements(By.CSS_SELECTOR, "#priority li")]
    assert order == ["org.openhealthkit.owner.health", WALKER]
    navigate(browser, browser.find_element(By.CSS_SELECTOR, f"#priority li[data-source='{WALKER}'] button[value='up']"))
    assert flash(browser) == "Moved the source up."
    # Walker first: 1,000 + Health's 11:00-11:30 (300).
    assert headline(browser) == "Total 1,300 steps"
    order = [item.get_attribute("data-source") for item in browser.find_elements(By.CSS_SELECTOR, "#priority li")]
    assert order == [WALKER, "org.openhealthkit.owner.health"]
    assert len(browser.find_elements(By.CSS_SELECTOR, "#chart rect.bar")) == 2
    shoot("04-type-steps-day")
    open_page(browser, healthd, f"/types/stepCount?range=week&date={YESTERDAY}")
    # One day with data in the week: its daily average is its total.
    assert headline(browser) == "Daily average 1,300 steps"
    assert text(browser, "#headline-detail") == "Total 1,300 steps · 1 day with data"
    shoot("05-type-steps-week")
    # Walker may not read steps: it sees its own sample only.
    assert len(state["walker"].samples(STEPS)) == 1


def test_sources_switches_and_revoking_an_app(browser, healthd, shoot):
    walker = state["walker"]
    open_page(browser, healthd, "/sources")
    navigate(browser, browser.find_element(By.CSS_SELECTOR, f"a[data-app='{WALKER}']"))
    wait(browser).until(EC.text_to_be_present_in_element((By.ID, "app-name"), "Walker"))
    assert browser.find_element(By.ID, "share-stepCount").is_selected()
    assert not browser.find_element(By.ID, "share-bodyMass").is_selected()
    assert browser.find_element(By.ID, "read-heartRate").is_selected()
    assert not browser.find_element(By.ID, "read-stepCount").is_selected()
    shoot("07-sources-app")

    navigate(browser, browser.find_element(By.ID, "read-heartRate"))
    assert flash(browser) == "Walker may no longer read Heart Rate."
    assert not browser.find_element(By.ID, "read-heartRate").is_selected()
    assert walker.samples(HEART_RATE) == []
    navigate(browser, browser.find_element(By.ID, "share-bodyMass"))
    assert flash(browser) == "Walker may write Weight."
    assert walker.status(BODY_MASS) == "sharingAuthorized"

    navigate(browser, browser.find_element(By.ID, "turn-off-all"), confirm=True)
    assert flash(browser) == "Walker may no longer write or read any type."
    refused = walker.save_quantity(STEPS, 10, "count", f"{YESTERDAY}T12:00:00Z", f"{YESTERDAY}T12:01:00Z")
    assert refused.status == 403 and refused.json["error"]["code"] == 4

    navigate(browser, browser.find_element(By.ID, "revoke-credential"), confirm=True)
    assert "credential is revoked" in flash(browser)
    assert walker.call("GET", "/v1/app").status == 401


def test_the_access_log_shows_those_calls(browser, healthd, shoot):
    open_page(browser, healthd, "/log")
    Select(browser.find_element(By.ID, "filter-app")).select_by_value(WALKER)
    Select(browser.find_element(By.ID, "filter-period")).select_by_value("all")
    navigate(browser, browser.find_element(By.ID, "filter"))
    rows = [(r.find_element(By.CSS_SELECTOR, ".log-operation").text, r.find_element(By.CSS_SELECTOR, ".log-types").text,
             r.find_element(By.CSS_SELECTOR, ".log-outcome").text) for r in browser.find_elements(By.CSS_SELECTOR, "#log tbody tr")]
    assert rows, "no entries for Walker"
    assert all(text(browser, "#log tbody tr .log-app") == "Walker" for _ in rows)
    assert ("Saved", "Steps", "OK") in rows
    assert ("Saved", "Steps", "Failed: Authorization Denied") in rows
    assert ("Saved", "Weight", "Failed: Authorization Denied") in rows
    assert any(operation == "Asked for access" for operation, _, _ in rows)
    assert any(operation == "Read samples" and types == "Heart Rate" for operation, types, _ in rows)
    shoot("08-access-log")

    Select(browser.find_element(By.ID, "filter-app")).select_by_value("owner")
    Select(browser.find_element(By.ID, "filter-type")).select_by_value("stepCount")
    navigate(browser, browser.find_element(By.ID, "filter"))
    operations = [r.text for r in browser.find_elements(By.CSS_SELECTOR, "#log tbody tr .log-operation")]
    for expected in ("Answered Walker's request for access", "Saved", "Reordered sources",
                     "Turned off all access for Walker"):
        assert expected in operations, (expected, operations)
    assert all("Steps" in r.text for r in browser.find_elements(By.CSS_SELECTOR, "#log tbody tr .log-types"))

    # Every app, newest first: Walker's request comes after (below) the owner's answer to it, as it was made before.
    Select(browser.find_element(By.ID, "filter-app")).select_by_value("")
    navigate(browser, browser.find_element(By.ID, "filter"))
    operations = [r.text for r in browser.find_elements(By.CSS_SELECTOR, "#log tbody tr .log-operation")]
    answered = operations.index("Answered Walker's request for access")
    assert "Asked for access" in operations[answered + 1:], operations


def test_the_upload_page_offers_its_form(browser, healthd, shoot):
    # The upload itself: test_import.py, against a healthd of its own.
    open_page(browser, healthd, "/import")
    assert not browser.find_elements(By.ID, "import-unavailable")
    assert browser.find_element(By.ID, "import-file").is_enabled()
    assert browser.find_element(By.ID, "import-submit").is_enabled()
    shoot("09-import")


def test_pages_escape_what_they_show(browser, healthd, shoot):
    name = "<img src=x onerror=alert(1)>"
    credential = healthd.register("com.example.tricky", name, read_reason="<script>alert(2)</script>", write_reason="w")
    tricky = App(healthd, credential)
    outcome = {}
    asking = threading.Thread(target=lambda: outcome.setdefault("answer", tricky.request_authorization([], [HEART_RATE])))
    asking.start()
    sheet = None
    for _ in range(40):
        open_page(browser, healthd, "/permissions")
        sheets = browser.find_elements(By.CSS_SELECTOR, ".sheet")
        if sheets:
            sheet = sheets[0]
            break
        browser.implicitly_wait(0)
        __import__("time").sleep(0.25)
    assert sheet is not None
    assert name in sheet.text and "<script>alert(2)</script>" in sheet.text
    assert sheet.find_elements(By.TAG_NAME, "img") == [] and sheet.find_elements(By.TAG_NAME, "script") == []
    request_id = sheet.get_attribute("data-request")
    navigate(browser, browser.find_element(By.ID, f"deny-{request_id}"))
    asking.join(30)
    assert outcome["answer"].status == 200
    grants = healthd.owner("GET", "/v1/owner/apps/com.example.tricky/grants").json["grants"]
    assert grants[HEART_RATE]["read"] == "denied"


def _raw(healthd, method, path, headers, body=None):
    address = urllib.parse.urlparse(healthd.address)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=PATIENCE)
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    return response.status, response.read().decode("utf-8", "replace"), response.headers


def test_forms_need_the_session_token_and_pages_their_own_host(browser, healthd):
    session = browser.get_cookie("health_session")["value"]
    port = urllib.parse.urlparse(healthd.address).port
    cookie = {"Cookie": f"health_session={session}", "Content-Type": "application/x-www-form-urlencoded"}
    form = "value=50&unit=kg&start=2026-01-01T08:00&back=%2Ftypes%2FbodyMass"

    status, _, headers = _raw(healthd, "GET", "/", {"Host": f"127.0.0.1:{port}", "Cookie": cookie["Cookie"]})
    assert status == 200
    assert "script-src 'self'" in headers["Content-Security-Policy"] and headers["X-Frame-Options"] == "DENY"
    status, _, _ = _raw(healthd, "GET", "/", {"Host": f"evil.example:{port}", "Cookie": cookie["Cookie"]})
    assert status == 421
    status, body, _ = _raw(healthd, "POST", "/types/bodyMass/samples", {**cookie, "Host": f"127.0.0.1:{port}"}, form)
    assert status == 403 and "expired" in body
    open_page(browser, healthd, "/types/bodyMass")
    token = browser.find_element(By.CSS_SELECTOR, "#add input[name=csrf]").get_attribute("value")
    status, _, _ = _raw(
        healthd, "POST", "/types/bodyMass/samples",
        {**cookie, "Host": f"127.0.0.1:{port}", "Origin": "http://evil.example"}, form + "&csrf=" + token)
    assert status == 403
    status, body, _ = _raw(healthd, "POST", "/types/bodyMass/samples", {"Host": f"127.0.0.1:{port}",
                           "Content-Type": "application/x-www-form-urlencoded"}, form + "&csrf=" + token)
    assert status == 403 and "session" in body
    assert healthd.owner("GET", "/v1/owner/audit?app=owner&limit=10000").status == 200
    open_page(browser, healthd, "/types/bodyMass")
    assert browser.find_elements(By.CSS_SELECTOR, ".sample") == []


def _a_week_of_band_data(healthd):
    """A second app with a week of steps, heart rates, body masses and sleep, for pages that look lived in."""
    band = App(healthd, healthd.register("com.example.band", "Band", read_reason="r", write_reason="Band records what you do."))
    types = [STEPS, HEART_RATE, BODY_MASS, "HKCategoryTypeIdentifierSleepAnalysis"]
    grants = {name: {"share": "sharingAuthorized", "read": "authorized"} for name in types}
    assert healthd.owner("PUT", "/v1/owner/apps/com.example.band/grants", {"grants": grants}).status == 200
    now = datetime.datetime.now(datetime.timezone.utc).replace(minute=0, second=0, microsecond=0)
    objects = []

    def sample(type_name, start, end, **fields):
        objects.append({"uuid": str(__import__("uuid").uuid4()).upper(), "type": type_name,
                        "startDate": start.timestamp(), "endDate": end.timestamp(), **fields})

    for day in range(8, 0, -1):
        midnight = (now - datetime.timedelta(days=day)).replace(hour=0)
        for hour, steps in ((8, 900), (12, 1500), (17, 2400), (20, 600)):
            start = midnight + datetime.timedelta(hours=hour)
            sample(STEPS, start, start + datetime.timedelta(minutes=40),
                   quantity={"value": steps + (day * 137) % 700, "unit": "count"})
        for hour in range(0, 24, 2):
            at = midnight + datetime.timedelta(hours=hour)
            sample(HEART_RATE, at, at, quantity={"value": 58 + (hour * 7 + day * 11) % 45, "unit": "count/min"})
        weigh = midnight + datetime.timedelta(hours=7)
        sample(BODY_MASS, weigh, weigh, quantity={"value": 72.4 - day * 0.15, "unit": "kg"},
               device={"name": "Band Scale", "manufacturer": "Example"}, metadata={"HKWasUserEntered": {"bool": False}})
        sample("HKCategoryTypeIdentifierSleepAnalysis", midnight + datetime.timedelta(hours=1),
               midnight + datetime.timedelta(hours=6, minutes=30), value=3)
    answer = band.call("POST", "/v1/samples", {"objects": objects})
    assert answer.status == 200, answer


def test_screenshots_of_the_main_pages(browser, healthd, shoot):
    _a_week_of_band_data(healthd)
    open_page(browser, healthd, "/")
    names = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".summary-name")]
    assert set(names) == {"Heart Rate", "Steps", "Weight", "Sleep"}
    sections = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".category .section-title")]
    assert sections == ["ACTIVITY", "BODY MEASUREMENTS", "HEART", "SLEEP"]
    shoot("02-summary")
    open_page(browser, healthd, "/types/heartRate?range=week")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#chart rect.range")) >= 7
    shoot("12-type-heart-rate-week", full=False)
    open_page(browser, healthd, "/types/bodyMass?range=month")
    assert headline(browser).startswith("Average ")
    shoot("13-type-body-mass-month", full=False)
    open_page(browser, healthd, "/types/sleepAnalysis?range=week")
    shoot("14-type-sleep-week", full=False)
    open_page(browser, healthd, "/sources")
    shoot("07-sources")
    open_page(browser, healthd, "/types")
    shoot("10-browse")
    open_page(browser, healthd, f"/types/stepCount?range=day&date={YESTERDAY}")
    shoot("11-type-steps-desktop", width=1200)


def test_a_phones_ingest_key_shows_its_last_push_and_is_revoked_from_sources(browser, healthd, shoot):
    added = subprocess.run([healthd.hk, "ingest-keys", "add", "phone", *healthd.store_arguments],
                           capture_output=True, text=True, check=True, env=healthd.environment)
    key = added.stdout.strip().splitlines()[-1]
    push = {"data": {"metrics": [{"name": "step_count", "units": "count", "data": [
        {"date": "2026-03-05 08:00:00 +0100", "qty": 12, "source": "Ann's iPhone"}]}]}}
    answer = healthd.call("POST", "/v1/ingest/health-auto-export", token=key, body=push)
    assert answer.status == 200, answer

    open_page(browser, healthd, "/sources")
    row = browser.find_element(By.CSS_SELECTOR, "#ingest-keys li[data-ingest-key='phone']")
    assert "Added " in row.text
    # The last push in the page's date format (the owner's time zone), not Never; the key itself is nowhere.
    last_push = row.find_element(By.CSS_SELECTOR, ".last-push").text
    assert re.fullmatch(r"\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}", last_push), last_push
    assert key.rsplit(".", 1)[1] not in browser.page_source
    shoot("15-sources-devices-that-push")

    navigate(browser, row.find_element(By.CSS_SELECTOR, ".revoke-ingest-key"), confirm=True)
    assert "The key phone is revoked" in flash(browser)
    assert browser.find_elements(By.CSS_SELECTOR, "[data-ingest-key='phone']") == []
    assert browser.find_element(By.ID, "no-ingest-keys").is_displayed()
    assert healthd.call("POST", "/v1/ingest/health-auto-export", token=key, body=push).status == 401


class Receiver(http.server.HTTPServer):
    """A webhook's receiver on 127.0.0.1, one request at a time on the thread that serves it: keeps each POST's
    method, headers and body, and answers 204."""

    def __init__(self):
        self.received = []
        super().__init__(("127.0.0.1", 0), ReceiverHandler)

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server_address[1]}/health"


class ReceiverHandler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.server.received.append((self.command, {k.lower(): v for k, v in self.headers.items()}, body))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *arguments):
        pass


@pytest.fixture
def receiver():
    """A running ``Receiver``, stopped and its thread joined after the test, whatever happened."""
    server = Receiver()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=30)


def signature_matches(secret, headers, body):
    """Standard Webhooks: `webhook-signature` holds `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` keyed
    with the base64 after `whsec_`, among other signatures maybe (space separated)."""
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{headers['webhook-id']}.{headers['webhook-timestamp']}.".encode() + body
    expected = "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    return any(hmac.compare_digest(expected, given) for given in headers["webhook-signature"].split())


def test_a_webhook_added_in_health_gets_a_signed_step_change_and_is_removed(browser, healthd, shoot, receiver):
    open_page(browser, healthd, "/sources")
    assert text(browser, "#webhook-count") == "No webhooks"
    navigate(browser, browser.find_element(By.ID, "webhooks-link"))
    assert browser.find_element(By.ID, "no-webhooks").is_displayed()
    browser.find_element(By.ID, "webhook-url").send_keys(receiver.url)
    browser.find_element(By.ID, "webhook-type-stepCount").click()
    navigate(browser, browser.find_element(By.ID, "add-webhook-submit"))
    secret = text(browser, "#webhook-secret")
    assert secret.startswith("whsec_") and "only time" in text(browser, "#secret-once")
    row = browser.find_element(By.CSS_SELECTOR, "#webhook-list li[data-webhook]")
    webhook_id = row.get_attribute("data-webhook")
    assert row.find_element(By.CSS_SELECTOR, ".webhook-url").text == receiver.url
    assert "Steps" in row.text and "No delivery yet" in row.text
    shoot("16-webhook-added")

    open_page(browser, healthd, "/types/stepCount")
    browser.find_element(By.ID, "add-value").send_keys("321")
    navigate(browser, browser.find_element(By.ID, "add-submit"))
    assert flash(browser) == "Added 321 steps to Steps."
    wait(browser).until(lambda _: receiver.received)
    method, headers, body = receiver.received[0]
    assert method == "POST" and headers["content-type"].startswith("application/json")
    assert signature_matches(secret, headers, body)
    assert not signature_matches("whsec_" + base64.b64encode(b"another key").decode(), headers, body)
    message = json.loads(body)
    assert message["type"] == "health.samples.changed" and message["data"]["subscription"] == webhook_id
    steps = [sample for sample in message["data"]["changes"]["samples"] if sample["type"] == STEPS]
    assert [sample["quantity"]["value"] for sample in steps] == [321]

    # healthd logs the attempt once the receiver has answered: the page shows it when it has.
    def delivered(driver):
        open_page(driver, healthd, "/sources/webhooks")
        return text(driver, f"li[data-webhook='{webhook_id}'] .last-delivery").startswith("Delivered")

    wait(browser).until(delivered)
    assert secret not in browser.page_source
    row = browser.find_element(By.CSS_SELECTOR, f"li[data-webhook='{webhook_id}']")
    row.find_element(By.CSS_SELECTOR, ".delivery-log summary").click()
    attempt = row.find_element(By.CSS_SELECTOR, ".delivery")
    assert attempt.find_element(By.CSS_SELECTOR, ".message-id").text == headers["webhook-id"]
    assert attempt.find_element(By.CSS_SELECTOR, ".status").text == "HTTP 204"
    assert "1 change" in attempt.text
    shoot("17-webhooks-delivery-log")
    shoot("17-webhooks-delivery-log-desktop", width=1200)

    navigate(browser, row.find_element(By.CSS_SELECTOR, ".remove-webhook"), confirm=True)
    assert f"The webhook {webhook_id} is removed" in flash(browser)
    assert browser.find_elements(By.CSS_SELECTOR, "[data-webhook]") == []
    assert browser.find_element(By.ID, "no-webhooks").is_displayed()


def test_sign_out(browser, healthd):
    open_page(browser, healthd, "/")
    navigate(browser, browser.find_element(By.ID, "signout"))
    wait(browser).until(EC.url_contains("/signin"))
    open_page(browser, healthd, "/me")
    wait(browser).until(EC.url_contains("/signin?next="))
