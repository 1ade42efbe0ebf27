"""The Import page in a real headless Chromium against a healthd of its own (so that the other tests' store and
session stay as they are): sign in, upload a zipped Apple Health export through the file input, follow the progress
bar to the summary, then find the imported types on the Summary page."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from healthd import ROOT
from pages import import_ended, navigate, submit_sign_in, wait

# 8 records of 5 types (heart rate, sleep...) from two sources, zipped on a Mac with __MACOSX/ entries.
EXPORT = ROOT / "Tests" / "OpenHealthKitExchangeTests" / "Fixtures" / "alxdrcirilo-apple-health-parser" / "export.zip"
state = {}


@pytest.fixture(scope="module")
def site(daemon):
    """healthd's address by the name `localhost`: the browser keeps this site's session cookie apart from the one
    test_health_web.py holds for 127.0.0.1 (cookies do not tell ports apart)."""
    return daemon.address.replace("127.0.0.1", "localhost")



def upload(browser, site, path, outcome="done"):
    """Uploads a file through the Import page and waits on its job's page until the import ended with `outcome`."""
    browser.get(site + "/import")
    browser.find_element(By.ID, "import-file").send_keys(str(path))
    browser.find_element(By.ID, "import-submit").click()
    wait(browser).until(EC.url_contains("/import/jobs/"))
    import_ended(browser, outcome)


def test_sign_in_sets_the_days_to_the_browsers_time_zone(browser, daemon, site):
    # A person in Paris (healthd runs in UTC): the first sign-in brings their browser's time zone.
    browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Europe/Paris"})
    try:
        browser.get(site + "/import")
        wait(browser).until(EC.url_contains("/signin"))
        submit_sign_in(browser, daemon.owner_secret)
        wait(browser).until(EC.text_to_be_present_in_element((By.TAG_NAME, "h1"), "Import"))
    finally:
        browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "UTC"})
    browser.get(site + "/me")
    chosen = Select(browser.find_element(By.ID, "timeZone")).first_selected_option
    assert chosen.get_attribute("value") == "Europe/Paris"


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
    state["job"] = browser.current_url


def test_the_exports_time_zone_is_offered_after_the_import(browser, site):
    # The export's sleep records say Europe/Amsterdam; the days follow Europe/Paris (from the sign-in).
    browser.get(state["job"])
    offer = browser.find_element(By.ID, "time-zone-offer")
    assert "Europe/Amsterdam" in offer.text and "Europe/Paris" in offer.text
    navigate(browser, browser.find_element(By.ID, "use-export-time-zone"))
    assert "Europe/Amsterdam" in browser.find_element(By.ID, "flash").text
    chosen = Select(browser.find_element(By.ID, "timeZone")).first_selected_option
    assert chosen.get_attribute("value") == "Europe/Amsterdam"
    browser.get(state["job"])
    assert not browser.find_elements(By.ID, "time-zone-offer")
    browser.find_element(By.ID, "import-summary")


def test_the_imported_types_are_on_the_summary(browser, site):
    browser.find_element(By.ID, "import-summary-link").click()
    wait(browser).until(EC.text_to_be_present_in_element((By.TAG_NAME, "h1"), "Summary"))
    names = [element.text for element in browser.find_elements(By.CSS_SELECTOR, ".summary .summary-name")]
    for name in ("Heart Rate", "Sleep", "Active Energy"):
        assert name in names, names
    heart_rate = browser.find_element(By.XPATH, "//a[contains(@class, 'summary-row')][.//span[text()='Heart Rate']]")
    assert "BPM" in heart_rate.text, heart_rate.text


def test_sources_lists_the_exports_phone_watch_and_device(browser, site, shoot):
    browser.get(site + "/sources")
    sources = {row.find_element(By.CSS_SELECTOR, ".app-name").text: row
               for row in browser.find_elements(By.CSS_SELECTOR, "#data-sources .data-sources > li")}
    assert set(sources) == {"Alexandre's Apple Watch", "Alexandre's iPhone"}, set(sources)
    watch = [link.text for link in sources["Alexandre's Apple Watch"].find_elements(By.CSS_SELECTOR, ".source-types a")]
    assert "Heart Rate" in watch and "Sleep" in watch, watch
    devices = [row.text for row in browser.find_elements(By.CSS_SELECTOR, "#devices .devices > li")]
    assert devices == ["Apple Watch Watch · Apple Inc. · Watch6,7 · software 10.2"], devices
    shoot("sources-after-import")
    # A type links to its Data Sources, where the watch is listed.
    navigate(browser, sources["Alexandre's Apple Watch"].find_element(By.LINK_TEXT, "Heart Rate"))
    assert browser.current_url.endswith("/types/heartRate#sources")
    listed = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#priority .source-name")]
    assert "Alexandre's Apple Watch" in listed, listed


def test_importing_it_again_adds_nothing(browser, site):
    upload(browser, site, EXPORT)
    assert browser.find_element(By.ID, "import-headline").text == "0 added, 8 already stored, 0 skipped."


def test_a_file_that_is_not_an_export_is_refused_with_a_message(browser, site, tmp_path):
    bogus = tmp_path / "export.zip"
    bogus.write_text("not an export")
    upload(browser, site, bogus, "failed")
    assert "export.zip is not a Health export" in browser.find_element(By.ID, "import-failure").text


def test_a_failed_import_offers_to_try_another_file(browser, site, tmp_path):
    notes = tmp_path / "export.xml"
    notes.write_text("my notes, not an export")
    upload(browser, site, notes, "failed")
    message = browser.find_element(By.ID, "import-failure").text
    assert message == "export.xml is not a Health export (it holds no XML document)", message
    again = browser.find_element(By.ID, "import-again")
    again.click()
    wait(browser).until(EC.presence_of_element_located((By.ID, "import-file")))
    assert browser.current_url.endswith("/import")
