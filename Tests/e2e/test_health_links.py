"""SMART Health Links, made in Health in a real browser and opened as a clinician's app opens them: the link's
payload decoded, the manifest asked for with the passcode, the file fetched from its location, decrypted by an
independent JOSE library (joserfc) and its FHIR parsed by a FHIR R4 model library (fhirclient). Removing the link in
Health ends it.
"""

import base64
import json
import urllib.error
import urllib.request

import pytest
from fhirclient.models.bundle import Bundle
from joserfc import jwe
from joserfc.jwk import OctKey
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from healthd import PATIENCE
from pages import navigate, open_page, open_signed_in

PASSCODE = "lakeside-42"
HEART_RATE = "8867-4"
STEPS = "55423-8"


def base64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def post(url, body):
    request = urllib.request.Request(
        url, data=json.dumps(body).encode("utf-8"), method="POST", headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=PATIENCE) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=PATIENCE) as response:
            return response.status, response.headers["Content-Type"], response.read().decode("ascii")
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Type"], error.read().decode("utf-8")


@pytest.fixture(scope="module")
def shlink(daemon, browser, shoot):
    """The store holds the fixture's heart rates and steps; the owner shares Heart, all time, for a week."""
    daemon.import_fixture()
    open_signed_in(browser, daemon, "/sharing")
    browser.find_element(By.ID, "health-link-label").send_keys("Heart for Dr. Lee")
    browser.find_element(By.ID, "share-heart").click()
    Select(browser.find_element(By.ID, "health-link-period")).select_by_value("0")
    Select(browser.find_element(By.ID, "health-link-days")).select_by_value("7")
    browser.find_element(By.ID, "health-link-passcode").send_keys(PASSCODE)
    navigate(browser, browser.find_element(By.ID, "make-health-link-button"))
    shoot("sharing")
    return browser.find_element(By.ID, "health-link").get_attribute("value")


def payload(link):
    assert link.startswith("shlink:/")
    return json.loads(base64url(link.removeprefix("shlink:/")))


def test_the_link_names_its_manifest_key_expiry_and_passcode(shlink, daemon):
    decoded = payload(shlink)
    assert decoded["url"].startswith(daemon.address + "/shl/") and len(decoded["url"]) <= 128
    assert len(decoded["key"]) == 43 and len(base64url(decoded["key"])) == 32
    assert decoded["flag"] == "P" and decoded["label"] == "Heart for Dr. Lee"
    assert isinstance(decoded["exp"], int)


def test_a_wrong_passcode_is_refused_with_the_attempts_left(shlink):
    status, body = post(payload(shlink)["url"], {"recipient": "Dr. Lee", "passcode": "not-it"})
    assert status == 401 and body == {"remainingAttempts": 9}


def test_the_clinicians_app_decrypts_valid_fhir_of_the_shared_category_only(shlink):
    decoded = payload(shlink)
    status, manifest = post(decoded["url"], {"recipient": "Dr. Lee", "passcode": PASSCODE, "embeddedLengthMax": 0})
    assert status == 200, manifest
    [entry] = manifest["files"]
    assert entry["contentType"] == "application/fhir+json" and "embedded" not in entry
    status, content_type, token = get(entry["location"])
    assert status == 200 and content_type == "application/jose"
    opened = jwe.decrypt_compact(token, OctKey.import_key(base64url(decoded["key"])))
    assert opened.protected["alg"] == "dir" and opened.protected["enc"] == "A256GCM"
    assert opened.protected["cty"] == "application/fhir+json"
    bundle = Bundle(json.loads(opened.plaintext))
    observations = [entry.resource for entry in bundle.entry if entry.resource.resource_type == "Observation"]
    codes = {coding.code for observation in observations for coding in observation.code.coding}
    assert HEART_RATE in codes and STEPS not in codes


def test_removing_the_link_in_health_ends_it(shlink, daemon, browser):
    open_page(browser, daemon, "/sharing")
    navigate(browser, browser.find_element(By.CSS_SELECTOR, ".remove-health-link"), confirm=True)
    assert browser.find_elements(By.ID, "no-health-links")
    status, body = post(payload(shlink)["url"], {"recipient": "Dr. Lee", "passcode": PASSCODE})
    assert status == 404 and "error" in body
