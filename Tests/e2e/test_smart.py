"""SMART on FHIR, the whole flow in a real browser, with a FHIR client library from PyPI as the app (fhirclient).

The owner registers the app on Health's FHIR Apps page; the library sends the browser to Health's consent sheet,
where the owner turns the scopes on and allows them; the browser comes back to the app's own HTTP receiver with a
code, which the library exchanges (PKCE) for tokens; the app then reads, searches and bulk-exports what the owner
allowed. Removing the app in Health ends its access.
"""

import http.server
import json
import threading
import time

import pytest
from fhirclient import client
from fhirclient.models.observation import Observation
from fhirclient.models.patient import Patient
from selenium.webdriver.common.by import By

from healthd import PATIENCE
from pages import navigate, open_page, open_signed_in, text, wait

SCOPES = "launch/patient patient/Patient.rs patient/Observation.rs?code=http://loinc.org|8867-4 offline_access"
HEART_RATE = "http://loinc.org|8867-4"


class Receiver:
    """The app's redirect URI: a real HTTP server on loopback that keeps the paths it is called at."""

    def __init__(self):
        calls = self.calls = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                calls.append(self.path)
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.end_headers()
                self.wfile.write(b"<p id='app'>Back in the app</p>")

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/callback"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def receiver():
    started = Receiver()
    yield started
    started.stop()


@pytest.fixture(scope="module")
def app(daemon, browser, receiver):
    """Heart rates and steps in the store, and the app registered by the owner in Health: its client ID."""
    daemon.import_fixture()
    open_signed_in(browser, daemon, "/sources/fhir-apps")
    browser.find_element(By.ID, "fhir-app-name").send_keys("Clinic Viewer")
    browser.find_element(By.ID, "fhir-app-redirect").send_keys(receiver.url)
    navigate(browser, browser.find_element(By.ID, "register-fhir-app"))
    return text(browser, "#added-client-id")


@pytest.fixture(scope="module")
def smart(daemon, browser, receiver, app, shoot):
    """The library, after the owner allowed it on the consent sheet and it exchanged its code."""
    library = client.FHIRClient(settings={
        "app_id": app, "api_base": daemon.address + "/fhir/r4", "redirect_uri": receiver.url, "scope": SCOPES})
    browser.get(library.authorize_url)
    wait(browser).until(lambda driver: driver.find_elements(By.ID, "smart-consent"))
    assert "Clinic Viewer" in text(browser, "#smart-consent h1")
    switches = browser.find_elements(By.CSS_SELECTOR, "#smart-consent input[name=grant]")
    assert len(switches) == 4 and not any(switch.is_selected() for switch in switches)
    browser.find_element(By.CSS_SELECTOR, "[data-turn-on-all]").click()
    shoot("smart-consent")
    browser.find_element(By.ID, "smart-allow").click()
    wait(browser).until(lambda driver: receiver.calls)
    assert browser.current_url.startswith(receiver.url)
    library.handle_callback(browser.current_url)
    assert library.ready and library.patient_id
    return library


def test_the_app_reads_the_patient_it_was_allowed(smart):
    patient = Patient.read(smart.patient_id, smart.server)
    assert patient.id == smart.patient_id


def test_the_app_searches_only_the_observations_its_scope_names(smart):
    heart_rates = list(Observation.where(struct={"code": HEART_RATE}).perform_resources_iter(smart.server))
    assert heart_rates
    assert all(any(coding.code == "8867-4" for coding in observation.code.coding) for observation in heart_rates)
    everything = list(Observation.where(struct={"_count": "1000"}).perform_resources_iter(smart.server))
    assert {observation.id for observation in everything} == {observation.id for observation in heart_rates}
    read = Observation.read(heart_rates[0].id, smart.server)
    assert read.valueQuantity.code == "/min"


def test_the_app_bulk_exports_what_it_may_search(smart, daemon):
    token = smart.server.auth.access_token
    kick_off = daemon.call("GET", "/fhir/r4/$export", token=token, headers={"Prefer": "respond-async"})
    assert kick_off.status == 202, kick_off
    status_path = kick_off.headers["Content-Location"].removeprefix(daemon.address)
    for _ in range(PATIENCE * 10):
        status = daemon.call("GET", status_path, token=token)
        if status.status != 202:
            break
        time.sleep(0.1)
    assert status.status == 200, status
    files = {output["type"]: output["url"] for output in status.json["output"]}
    assert sorted(files) == ["Observation", "Patient"]
    lines = daemon.call("GET", files["Observation"].removeprefix(daemon.address), token=token).body.splitlines()
    observations = [json.loads(line) for line in lines]
    assert observations and all(
        any(coding["code"] == "8867-4" for coding in observation["code"]["coding"]) for observation in observations)


def test_removing_the_app_in_health_ends_its_access(smart, daemon, browser, app):
    open_page(browser, daemon, "/sources/fhir-apps")
    item = browser.find_element(By.CSS_SELECTOR, f"[data-fhir-app='{app}']")
    navigate(browser, item.find_element(By.CSS_SELECTOR, ".remove-fhir-app"), confirm=True)
    assert not browser.find_elements(By.CSS_SELECTOR, f"[data-fhir-app='{app}']")
    refused = daemon.call("GET", "/fhir/r4/Patient/" + smart.patient_id, token=smart.server.auth.access_token)
    assert refused.status == 401
    assert refused.json["resourceType"] == "OperationOutcome"
