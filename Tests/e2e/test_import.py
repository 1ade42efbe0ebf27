"""The Import page in a real headless Chromium against a healthd of its own (so that the other tests' store and
session stay as they are): sign in, upload a zipped Apple Health export through the file input, follow the progress
bar to the summary, then find the imported types on the Summary page."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from healthd import ROOT
from pages import import_ended, submit_sign_in, wait

# 8 records of 5 types (heart rate, sleep...) from two sources, zipped on a Mac with __MACOSX/ entries.
EXPORT = ROOT / "Tests" / "OpenHealthKitExchangeTests" / "Fixtures" / "alxdrcirilo-apple-health-parser" / "export.zip"


@pytest.fixture(scope="module")
def site(daemon):
    """healthd's address by the name `localhost`: the browser keeps this site's session cookie apart from the one
    test_health_web.py holds for 127.0.0.1 (cookies do not tell ports apart)."""
    return daemon.address.replace("127.0.0.1", "localhost")



def test_sign_in(browser, daemon, site):
    browser.get(site + "/import")
    wait(browser).until(EC.url_contains("/signin"))
    submit_sign_in(browser, daemon.owner_secret)
    wait(browser).until(EC.text_to_be_present_in_element((By.TAG_NAME, "h1"), "Import"))


def test_upload_an_export_and_read_its_summary(browser, site, shoot):
    browser.get(site + "/import")
    assert browser.find_element(By.ID, "import-submit").is_enabled()
    assert "up to 16 GB" in browser.find_element(By.CSS_SELECTOR, "#import-form").find_element(By.XPATH, "..").text
    browser.find_element(By.ID, "import-file").send_keys(str(EXPORT))
    browser.find_element(By.ID, "import-submit").click()
    # The upload's bar, then the job's page, which follows the import and shows the summary when it ends.
    wait(browser).until(EC.url_contains("/import/jobs/"))
    import_ended(browser)
    assert browser.find_element(By.ID, "import-progress").get_attribute("value") == "100"
    assert browser.find_element(By.ID, "import-headline").text == "8 added, 0 already stored, 0 skipped."
    rows = {row.find_element(By.CSS_SELECTOR, ".import-type").text: row.find_element(By.CSS_SELECTOR, ".import-added").text
            for row in browser.find_elements(By.CSS_SELECTOR, "#import-types tbody tr:not(.total)")}
    assert rows == {"Active Energy": "2", "Exercise Minutes": "1", "Stand Minutes": "1", "Heart Rate": "2",
                    "Sleep": "2"}, rows
    assert "Cardio Fitness Medications Use" in browser.find_element(By.ID, "import-warnings").text
    # The zip's Mac files are named, with why they hold nothing to import.
    assert "__MACOSX/apple_health_export/._export.xml" in browser.find_element(By.ID, "import-files").text
    shoot("import")


def test_the_imported_types_are_on_the_summary(browser, site):
    browser.find_element(By.ID, "import-summary-link").click()
    wait(browser).until(EC.text_to_be_present_in_element((By.TAG_NAME, "h1"), "Summary"))
    names = [element.text for element in browser.find_elements(By.CSS_SELECTOR, ".summary .summary-name")]
    for name in ("Heart Rate", "Sleep", "Active Energy"):
        assert name in names, names
    heart_rate = browser.find_element(By.XPATH, "//a[contains(@class, 'summary-row')][.//span[text()='Heart Rate']]")
    assert "BPM" in heart_rate.text, heart_rate.text


def test_importing_it_again_adds_nothing(browser, site):
    browser.get(site + "/import")
    browser.find_element(By.ID, "import-file").send_keys(str(EXPORT))
    browser.find_element(By.ID, "import-submit").click()
    wait(browser).until(EC.url_contains("/import/jobs/"))
    import_ended(browser)
    assert browser.find_element(By.ID, "import-headline").text == "0 added, 8 already stored, 0 skipped."


def test_a_file_that_is_not_an_export_is_refused_with_a_message(browser, site, tmp_path):
    bogus = tmp_path / "export.zip"
    bogus.write_text("not an export")
    browser.get(site + "/import")
    browser.find_element(By.ID, "import-file").send_keys(str(bogus))
    browser.find_element(By.ID, "import-submit").click()
    wait(browser).until(EC.url_contains("/import/jobs/"))
    import_ended(browser, "failed")
    assert "export.zip is not a Health export" in browser.find_element(By.ID, "import-failure").text
