"""The Records section in a real headless Chromium against the shared healthd: the owner records a medication and
logs a dose with the forms, answers an app's request to read medications one by one on the permission sheet, and
attaches a scan to a vision prescription through the file input (the browser's own multipart form)."""

import base64
import threading

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from healthd import App
from pages import navigate, submit_sign_in, wait

PILLBOX = "com.example.pillbox"
OPTICIAN = "com.example.optician"
MEDICATIONS = "HKDataTypeUserAnnotatedMedicationConcept"
PRESCRIPTIONS = "HKVisionPrescriptionTypeIdentifier"
# A 1×1 PNG.
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")


def flash(browser):
    return wait(browser).until(EC.visibility_of_element_located((By.ID, "flash"))).text


def test_sign_in_to_the_records(browser, healthd):
    browser.get(healthd.address + "/records")
    wait(browser).until(EC.url_contains("/signin"))
    submit_sign_in(browser, healthd.owner_secret)
    assert browser.find_element(By.TAG_NAME, "h1").text == "Health Records"


def test_add_a_medication_and_log_a_dose(browser, healthd, shoot):
    browser.get(healthd.address + "/records/medications")
    browser.find_element(By.ID, "medication-name").send_keys("Metformin 500 mg")
    Select(browser.find_element(By.ID, "medication-form")).select_by_value("tablet")
    browser.find_element(By.ID, "medication-code").send_keys("6809")
    browser.find_element(By.ID, "medication-scheduled").click()
    navigate(browser, browser.find_element(By.ID, "add-medication-button"))
    assert flash(browser) == "Saved Metformin 500 mg."
    card = browser.find_element(By.ID, "medication-6809")
    Select(card.find_element(By.NAME, "status")).select_by_visible_text("Taken")
    navigate(browser, card.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    assert flash(browser) == "Logged the dose."
    assert "Metformin 500 mg" in browser.find_element(By.ID, "doses").text
    shoot("30-medications")


def test_an_app_reads_the_medications_the_owner_picks(browser, healthd, shoot):
    credential = healthd.register(
        PILLBOX, "Pillbox", read_reason="Pillbox reminds you of your medications.", write_reason="Pillbox writes.")
    pillbox = App(healthd, credential)
    outcome = {}

    def ask():
        body = {"type": MEDICATIONS}
        while True:
            answer = pillbox.call("POST", "/v1/authorization/objects?wait=20", body)
            if answer.status != 202:
                outcome["answer"] = answer
                return
            body["continuing"] = answer.json["requestId"]

    asking = threading.Thread(target=ask)
    asking.start()
    browser.get(healthd.address + "/permissions")
    sheet = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".sheet")))
    assert "Pillbox reminds you of your medications." in sheet.text
    switches = sheet.find_elements(By.CSS_SELECTOR, "input[name=object]")
    assert len(switches) == 1 and not switches[0].is_selected()
    assert "Metformin 500 mg" in sheet.text
    switches[0].click()
    shoot("31-medication-sheet")
    navigate(browser, sheet.find_element(By.CSS_SELECTOR, "button[value=allow]"))
    asking.join(30)
    assert outcome["answer"].status == 200
    assert "Pillbox may now read 1 of the 1 items it asked for." in flash(browser)
    shared = pillbox.call("POST", "/v1/queries/medications", {})
    assert [medication["displayText"] for medication in shared.json["medications"]] == ["Metformin 500 mg"]


def test_attach_a_scan_to_a_prescription(browser, healthd, shoot, tmp_path):
    optician = App(healthd, healthd.register(OPTICIAN, "Optician", read_reason="Reads.", write_reason="Writes."))
    asking = {}
    thread = threading.Thread(target=lambda: asking.setdefault(
        "answer", optician.request_authorization([PRESCRIPTIONS], [])))
    thread.start()
    browser.get(healthd.address + "/permissions")
    sheet = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".sheet")))
    sheet.find_element(By.CSS_SELECTOR, "input[name=share]").click()
    navigate(browser, sheet.find_element(By.CSS_SELECTOR, "button[value=allow]"))
    thread.join(30)
    saved = optician.call("POST", "/v1/samples", {"objects": [{
        "uuid": "7A1E2C64-3E0B-4B8E-9C55-0E2B7D5C1A11", "type": PRESCRIPTIONS,
        "startDate": "2024-03-01T10:00:00Z", "endDate": "2024-03-01T10:00:00Z",
        "visionPrescription": {"prescriptionType": 1, "rightEye": {"sphere": {"value": -1.25, "unit": "D"}}},
    }]})
    assert saved.status == 200, saved
    scan = tmp_path / "scan.png"
    scan.write_bytes(PNG)
    browser.get(healthd.address + "/records/vision")
    card = browser.find_element(By.ID, "prescription-7A1E2C64-3E0B-4B8E-9C55-0E2B7D5C1A11")
    assert "-1.25 D" in card.text
    card.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(str(scan))
    navigate(browser, card.find_element(By.CSS_SELECTOR, "form[enctype] button[type=submit]"))
    assert flash(browser) == "Attached scan.png."
    image = browser.find_element(By.CSS_SELECTOR, ".attachments img")
    wait(browser).until(lambda driver: driver.execute_script("return arguments[0].naturalWidth", image) == 1)
    shoot("32-vision")


def test_a_request_made_while_the_permission_page_is_open_appears_on_it(browser, healthd):
    latecomer = App(healthd, healthd.register(
        "com.example.latecomer", "Latecomer", read_reason="Latecomer reads your heart rate.", write_reason="Writes."))
    browser.get(healthd.address + "/permissions")
    assert browser.find_element(By.ID, "no-requests").is_displayed()
    outcome = {}
    thread = threading.Thread(target=lambda: outcome.setdefault(
        "answer", latecomer.request_authorization([], ["HKQuantityTypeIdentifierHeartRate"])))
    thread.start()
    sheet = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".sheet")))
    assert "Latecomer reads your heart rate." in sheet.text
    assert not browser.find_elements(By.ID, "no-requests")
    sheet.find_element(By.CSS_SELECTOR, "[data-turn-on-all]").click()
    assert all(switch.is_selected() for switch in sheet.find_elements(By.CSS_SELECTOR, "input[type=checkbox]"))
    navigate(browser, sheet.find_element(By.CSS_SELECTOR, "button[value=deny]"))
    thread.join(30)
    assert outcome["answer"].status == 200
