"""Health as a person uses it every day, in a real headless Chromium against a healthd of its own, at a laptop's size
and at a phone's: a real-shaped export with every category type Apple writes without a value imported through the
page, every file of it accounted for, skipped records grouped; an import healthd stopped during, after the restart;
type pages opened at the latest data with a date picker and Latest; averages over the days (and nights) with data;
bars read by focus and tap with a table of the figures; sleep by night; blood pressure and food; the time zone chosen
on Me, used by the pages and by hk; imported sources in Apple's default order; units people use; error pages;
Summary with categories, favorites and highlights; Browse with categories and a search box, its Health Records
opening the imported CDA document; the menu, the skip link. The tests run in order and build on each other."""

import datetime
import json
import subprocess
import sys
import urllib.request
import uuid

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from healthd import PATIENCE, ROOT, App
from pages import import_ended, navigate, open_page, shown_chart, submit_sign_in, text, wait

EXPORT = ROOT / "Tests" / "OpenHealthKitExchangeTests" / "Fixtures" / "Synthetic" / "not-applicable.zip"
# Every category type whose value is HKCategoryValue.notApplicable, as Health names it.
WITHOUT_VALUE = [
    "Handwashing", "High Heart Rate Notifications", "Hypertension Notifications", "Infrequent Menstrual Cycles",
    "Irregular Menstrual Cycles", "Irregular Rhythm Notifications", "Lactation", "Low Heart Rate Notifications",
    "Mindful Minutes", "Persistent Intermenstrual Bleeding", "Pregnancy", "Prolonged Menstrual Periods",
    "Sexual Activity", "Sleep Apnea Notifications", "Spotting", "Toothbrushing",
]
STEPS = "HKQuantityTypeIdentifierStepCount"
HEART_RATE = "HKQuantityTypeIdentifierHeartRate"
RESTING = "HKQuantityTypeIdentifierRestingHeartRate"
SLEEP = "HKCategoryTypeIdentifierSleepAnalysis"
FLIGHTS = "HKQuantityTypeIdentifierFlightsClimbed"
NOW = datetime.datetime.now(datetime.timezone.utc)
TODAY = NOW.date()
state = {}


def day(offset):
    return TODAY - datetime.timedelta(days=offset)


def at(date, hour, minute=0):
    return datetime.datetime(date.year, date.month, date.day, hour, minute, tzinfo=datetime.timezone.utc)


def sign_in(browser, daemon):
    open_page(browser, daemon, "/")
    wait(browser).until(EC.url_contains("/signin"))
    submit_sign_in(browser, daemon.owner_secret)


def upload(browser, daemon, path):
    open_page(browser, daemon, "/import")
    browser.find_element(By.ID, "import-file").send_keys(str(path))
    browser.find_element(By.ID, "import-submit").click()
    wait(browser).until(EC.url_contains("/import/jobs/"))


def test_a_real_shaped_export_imports_every_category_type_apple_writes_without_a_value(browser, daemon, shoot):
    sign_in(browser, daemon)
    upload(browser, daemon, EXPORT)
    import_ended(browser)
    assert text(browser, "#import-headline") == "47 added, 0 already stored, 0 skipped."
    rows = {row.find_element(By.CSS_SELECTOR, ".import-type").text: row.find_element(By.CSS_SELECTOR, ".import-added").text
            for row in browser.find_elements(By.CSS_SELECTOR, "#import-types tbody tr:not(.total)")}
    for name in WITHOUT_VALUE:
        assert int(rows.get(name, "0")) > 0, (name, rows)
    assert not browser.find_elements(By.ID, "import-skipped")
    # Every file of the zip: the document read, each other file named with its reason.
    files = text(browser, "#import-files")
    assert "3 files read, 3 not imported:" in files  # the document, its CDA documents and the electrocardiogram
    assert "export_cda.xml" not in files
    assert "apple_health_export/workout-routes/route_2024-03-09_8.00am.gpx" in files
    assert "A workout route whose workout is not in the export" in files
    assert "ecg_2024-03-11.csv" not in files
    assert "apple_health_export/clinical-records/Observation-unreferenced.json" in files
    assert "__MACOSX/apple_health_export/._export.xml" in files
    shoot("import-summary")


def test_the_imported_cda_document_opens_from_browse(browser, daemon, size, shoot):
    open_page(browser, daemon, "/types")
    navigate(browser, browser.find_element(By.CSS_SELECTOR, "#health-records a[href='/records']"))
    assert text(browser, "h1") == "Health Records"
    navigate(browser, browser.find_element(By.CSS_SELECTOR, "#documents a[href^='/records/documents/']"))
    assert text(browser, "h1") == "Health"
    assert "Nothing to report" in text(browser, "#record-content")  # the CDA section's text, verbatim
    assert browser.execute_script(
        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    shoot(f"cda-document-{size}", width=browser.get_window_size()["width"])


def _import_records(browser, daemon, tmp_path, records):
    """Imports an export.xml holding `records` (its lines) through the page, and waits for the import to end."""
    export = tmp_path / "export.xml"
    export.write_text("\n".join(['<?xml version="1.0" encoding="UTF-8"?>', '<HealthData locale="en_US">', *records,
                                 "</HealthData>"]))
    upload(browser, daemon, export)
    import_ended(browser)


def test_skipped_records_are_grouped_by_type_and_reason(browser, daemon, tmp_path):
    _import_records(browser, daemon, tmp_path, [
        f'<Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" value="-1" '
        f'startDate="2024-03-01 08:{minute:02d}:00 +0000" endDate="2024-03-01 08:{minute:02d}:00 +0000"/>'
        for minute in range(50)])
    groups = browser.find_elements(By.CSS_SELECTOR, "#import-skipped .skipped-group")
    assert len(groups) == 1
    cells = groups[0].find_elements(By.TAG_NAME, "td")
    assert cells[0].text.startswith("Record · Weight") and "lines 3, 4, 5, 6, 7, …" in cells[0].text
    assert cells[1].text == "50"
    assert "Weight" in cells[2].text and "HKQuantityTypeIdentifier" not in cells[2].text


def _merged_total(samples, priority):
    """A cumulative type's total as Health merges sources, computed here minute by minute: each minute counts the
    share of the first source in `priority` that has a sample over it."""
    total = 0.0
    for minute in range(24 * 60):
        for source in priority:
            covering = [(start, end, value) for name, start, end, value in samples
                        if name == source and start <= minute < end]
            if covering:
                total += sum(value / (end - start) for start, end, value in covering)
                break
    return total


def test_imported_sources_count_in_apples_default_order(browser, daemon, tmp_path, shoot):
    # An app stored first, then the iPhone, the watch and an entry made by hand, over the same hour (minutes of day).
    samples = [("Pedometer", 600, 660, 900), ("Ann's iPhone", 600, 660, 600), ("Ann's Apple Watch", 630, 690, 800),
               ("Health", 600, 630, 300)]
    _import_records(browser, daemon, tmp_path, [
        f'<Record type="HKQuantityTypeIdentifierSwimmingStrokeCount" sourceName="{name}" unit="count" '
        f'value="{value}" startDate="2024-03-02 {start // 60:02d}:{start % 60:02d}:00 +0000" '
        f'endDate="2024-03-02 {end // 60:02d}:{end % 60:02d}:00 +0000"/>'
        for name, start, end, value in samples])
    open_page(browser, daemon, "/types/swimmingStrokeCount?range=day&date=2024-03-02")
    apple = ["Health", "Ann's iPhone", "Ann's Apple Watch", "Pedometer"]
    assert [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#priority .source-name")] == apple
    # Health 300, the iPhone's other half hour 300, the watch's last half hour 400; first stored first would be
    # 900 + 400.
    expected = round(_merged_total(samples, apple))
    assert expected == 1000 and round(_merged_total(samples, [name for name, *_ in samples])) == 1300
    assert text(browser, "#headline") == f"Total {expected:,.0f} strokes"
    shoot("type-sources-in-apples-order")


def _owner_cookie(browser):
    return "health_session=" + browser.get_cookie("health_session")["value"]


def _progress(daemon, job, cookie):
    request = urllib.request.Request(daemon.address + f"/import/jobs/{job}/progress", headers={"Cookie": cookie})
    with urllib.request.urlopen(request, timeout=PATIENCE) as response:
        return json.loads(response.read())


def test_an_import_healthd_stopped_during_is_interrupted_with_what_it_committed_and_resumes(
        browser, daemon, tmp_path, shoot):
    subprocess.run([sys.executable, str(ROOT / "Scripts" / "generate_export.py"), "--size-mb", "25", "--out",
                    str(tmp_path), "--zip"], check=True, capture_output=True)
    upload(browser, daemon, tmp_path / "export.zip")
    job = browser.current_url.rsplit("/", 1)[1]
    cookie = _owner_cookie(browser)
    # Once a batch is committed, healthd is killed in the middle of the import.
    wait(browser).until(lambda _: _progress(daemon, job, cookie).get("added", 0) > 0)
    daemon.restart_after_kill()
    if daemon.database:
        # On PostgreSQL sessions live in the database (every healthd on it shares them), so the session outlives the
        # restart: the open page turns into the job's summary by itself.
        wait(browser).until(EC.visibility_of_element_located((By.ID, "import-interrupted")))
    else:
        # On SQLite sessions live in healthd's memory: the open page says the restart ended the session.
        link = wait(browser).until(EC.visibility_of_element_located((By.ID, "import-signin")))
        assert "healthd restarted" in text(browser, "#import-connection")
        shoot("import-restarted")
        navigate(browser, link)
        submit_sign_in(browser, daemon.owner_secret)
    assert f"/import/jobs/{job}" in browser.current_url
    interrupted = text(browser, "#import-interrupted")
    assert "healthd stopped while this export was being imported" in interrupted
    committed = int(interrupted.split(" record")[0].rsplit(". ", 1)[1].replace(",", ""))
    assert committed > 0
    shoot("import-interrupted")
    navigate(browser, browser.find_element(By.ID, "import-resume"))
    import_ended(browser)
    headline = text(browser, "#import-headline")
    assert int(headline.split(" already stored")[0].split(", ")[1].replace(",", "")) >= committed
    assert "Resumed after healthd stopped" in text(browser, "#import-resumed")
    # Both runs are in the access log.
    open_page(browser, daemon, "/log?app=owner&period=all")
    operations = [element.text for element in browser.find_elements(By.CSS_SELECTOR, "#log .log-operation")]
    assert "Import interrupted (healthd stopped)" in operations
    assert operations.count("Imported an export") >= 3
    interrupted_row = browser.find_element(By.XPATH, "//tr[td[text()='Import interrupted (healthd stopped)']]")
    assert interrupted_row.find_element(By.CSS_SELECTOR, ".log-count").text == f"{committed:,} samples"


def _lived_in(daemon):
    """A month and a half of a person's data from a band (steps on most days, heart rates, resting heart rates,
    nights with sleep stages); returns what the pages must show, computed here independently."""
    band = App(daemon, daemon.register("com.example.band", "Band", read_reason="r", write_reason="Band records."))
    grants = {name: {"share": "sharingAuthorized", "read": "authorized"} for name in (STEPS, HEART_RATE, RESTING, SLEEP)}
    assert daemon.owner("PUT", "/v1/owner/apps/com.example.band/grants", {"grants": grants}).status == 200
    objects, daily_steps = [], {}

    def sample(type_name, start, end, **fields):
        objects.append({"uuid": str(uuid.uuid4()).upper(), "type": type_name, "startDate": start.timestamp(),
                        "endDate": end.timestamp(), **fields})

    for offset in range(1, 45):
        date = day(offset)
        if offset % 4 != 0:  # a quarter of the days without steps
            for hour, steps in ((8, 1200), (17, 2300 + offset * 10)):
                sample(STEPS, at(date, hour), at(date, hour, 40), quantity={"value": steps, "unit": "count"})
                daily_steps[date] = daily_steps.get(date, 0) + steps
        for hour in range(0, 24, 3):
            sample(HEART_RATE, at(date, hour), at(date, hour), quantity={"value": 60 + hour + offset % 7,
                                                                        "unit": "count/min"})
        sample(RESTING, at(date, 7), at(date, 7), quantity={"value": 54 + offset % 4, "unit": "count/min"})
        bed = at(date - datetime.timedelta(days=1), 23, 10)
        sample(SLEEP, bed, at(date, 6, 50), value=0)
        start = bed + datetime.timedelta(minutes=10)
        for stage, minutes in ((3, 60), (4, 50), (2, 10), (5, 90), (3, 150)):
            sample(SLEEP, start, start + datetime.timedelta(minutes=minutes), value=stage)
            start += datetime.timedelta(minutes=minutes)
    assert band.call("POST", "/v1/samples", {"objects": objects}).status == 200
    return {"daily_steps": daily_steps}


def test_type_pages_open_at_the_latest_data_with_a_date_picker_and_latest(browser, daemon, size, shoot):
    if "expected" not in state:
        state["expected"] = _lived_in(daemon)
    # High heart rate notifications came from the 2024 export: the Summary's link carries that date.
    open_page(browser, daemon, "/")
    row = browser.find_element(By.CSS_SELECTOR, "a.summary-row[data-type='HKCategoryTypeIdentifierHighHeartRateEvent']")
    assert row.get_attribute("href").endswith("/types/highHeartRateEvent?range=day&date=2024-03-12")
    assert "Above 120 BPM for 10 min" in row.text
    navigate(browser, row)
    assert text(browser, "#window-title") == "12 Mar 2024"
    assert text(browser, "#headline") == "1 recorded"
    assert len(browser.find_elements(By.CSS_SELECTOR, ".sample")) == 1
    assert browser.find_element(By.ID, "at-latest").is_displayed()
    # Opened without a date, a type page shows its latest data too.
    open_page(browser, daemon, "/types/highHeartRateEvent?range=week")
    assert text(browser, "#window-title") == "6 Mar 2024 – 12 Mar 2024"
    # The date picker goes to a day; Latest comes back.
    browser.execute_script("document.getElementById('date').value = '2024-03-10'")
    navigate(browser, browser.find_element(By.ID, "go-date"))
    assert text(browser, "#window-title") == "4 Mar 2024 – 10 Mar 2024"
    navigate(browser, browser.find_element(By.ID, "latest"))
    assert text(browser, "#window-title") == "6 Mar 2024 – 12 Mar 2024"
    shoot(f"type-notifications-{size}", width=browser.get_window_size()["width"])


def _expected_average(daily, first, last):
    days = [value for date, value in daily.items() if first <= date <= last]
    return round(sum(days) / len(days)), len(days), sum(days)


def _month_before(date):
    """The same day a month earlier, the last of that month when it has no such day."""
    year, month = (date.year - 1, 12) if date.month == 1 else (date.year, date.month - 1)
    for last in (31, 30, 29, 28):
        try:
            return datetime.date(year, month, min(date.day, last))
        except ValueError:
            continue


def test_averages_are_over_the_days_with_data_and_the_year_shows_daily_averages(browser, daemon, size):
    daily = state["expected"]["daily_steps"]
    end = day(1)
    # A month ending with `end`: from the day after it a month back.
    month_start = _month_before(end + datetime.timedelta(days=1))
    average, days, total = _expected_average(daily, month_start, end)
    open_page(browser, daemon, f"/types/stepCount?range=month&date={end.isoformat()}")
    assert text(browser, "#headline") == f"Daily average {average:,} steps"
    assert text(browser, "#headline-detail") == f"Total {total:,} steps · {days} days with data"
    open_page(browser, daemon, f"/types/stepCount?range=year&date={end.isoformat()}")
    month = end.replace(day=1)
    in_month = {date: value for date, value in daily.items() if date >= month and date <= end}
    figures = {row.find_element(By.TAG_NAME, "th").get_attribute("textContent"):
               row.find_element(By.TAG_NAME, "td").get_attribute("textContent")
               for row in browser.find_elements(By.CSS_SELECTOR, "#chart-figures tbody tr")}
    label = month.strftime("%B %Y")
    expected = round(sum(in_month.values()) / len(in_month))
    assert figures[label] == f"daily average {expected:,} steps ({len(in_month)} days with data)", figures
    # Six months: 26 weeks ending with `end`, each bar its week's daily average; the menu offers the period.
    open_page(browser, daemon, f"/types/stepCount?range=6months&date={end.isoformat()}")
    assert text(browser, "#range-6months") == "6 Months"
    assert browser.find_element(By.ID, "range-6months").get_attribute("aria-current") == "page"
    assert len(browser.find_elements(By.CSS_SELECTOR, "#chart-figures tbody tr")) == 26
    week_start = end - datetime.timedelta(days=6)
    in_week = {date: value for date, value in daily.items() if week_start <= date <= end}
    figures = {row.find_element(By.TAG_NAME, "th").get_attribute("textContent"):
               row.find_element(By.TAG_NAME, "td").get_attribute("textContent")
               for row in browser.find_elements(By.CSS_SELECTOR, "#chart-figures tbody tr")}
    label = f"week of {week_start.day} {week_start.strftime('%b %Y')}"
    expected = round(sum(in_week.values()) / len(in_week))
    assert figures[label] == f"daily average {expected:,} steps ({len(in_week)} days with data)", figures


def test_each_bar_reads_its_value_when_focused_or_tapped(browser, daemon, size, shoot):
    end = day(1)
    open_page(browser, daemon, f"/types/stepCount?range=week&date={end.isoformat()}")
    readout = browser.find_element(By.ID, "chart-readout")
    slots = browser.find_elements(By.CSS_SELECTOR, shown_chart(browser) + " .slot.has-data")
    assert slots and all(slot.is_displayed() for slot in slots)
    # Tapped (clicked) ...
    slots[-1].click()
    expected = f"{end.strftime('%a')} {end.day} {end.strftime('%b %Y')}: {state['expected']['daily_steps'][end]:,} steps"
    assert readout.text == expected
    # ... or reached with the keyboard: focus, then the arrow keys.
    browser.execute_script("arguments[0].focus()", slots[0])
    assert readout.text == slots[0].get_attribute("aria-label")
    ActionChains(browser).send_keys(Keys.ARROW_RIGHT).perform()
    assert browser.switch_to.active_element == slots[1]
    assert readout.text == slots[1].get_attribute("aria-label")
    # The figures as a table, for screen readers: one row per bar.
    table = browser.find_element(By.ID, "chart-figures")
    assert len(table.find_elements(By.CSS_SELECTOR, "tbody tr")) == 7
    assert table.find_element(By.TAG_NAME, "caption").get_attribute("textContent").startswith("Steps, ")
    shoot(f"type-steps-week-{size}", width=browser.get_window_size()["width"], full=False)


PHONE_READABLE = """
    const chart = document.querySelector(arguments[0]);
    const labels = Array.from(chart.querySelectorAll("text.axis")).map((label) => label.getBoundingClientRect().height);
    const dots = Array.from(chart.querySelectorAll("circle.average")).map((dot) => dot.getBoundingClientRect().width);
    const targets = Array.from(chart.querySelectorAll(".slot.has-data .hit")).map((hit) => {
        const box = hit.getBoundingClientRect();
        return Math.min(box.width, box.height);
    });
    const box = chart.getBoundingClientRect();
    return {height: box.height, width: box.width, label: Math.min(...labels), dot: Math.min(...dots, 99),
            target: Math.min(...targets, 99)};
"""


def test_charts_on_a_phone_are_tall_with_labels_dots_and_targets_to_read_and_tap(browser, daemon):
    # The session's window is a phone's (390 × 844).
    end = day(1)
    for path in (f"/types/stepCount?range=month&date={end.isoformat()}",
                 f"/types/heartRate?range=week&date={end.isoformat()}"):
        open_page(browser, daemon, path)
        assert shown_chart(browser) == "#phone-chart"
        assert not browser.find_element(By.ID, "chart").is_displayed()
        drawn = browser.execute_script(PHONE_READABLE, "#phone-chart")
        assert drawn["height"] >= 240 and drawn["label"] >= 11, (path, drawn)
    # Blood pressure's average dots are 8 px across.
    open_page(browser, daemon, "/types/bloodPressure")
    drawn = browser.execute_script(PHONE_READABLE, "#phone-chart")
    assert drawn["dot"] >= 7, drawn
    # A night's stages: rows and targets of at least 44 px, however short the stage (10 minutes awake).
    open_page(browser, daemon, f"/types/sleepAnalysis?date={day(2).isoformat()}")
    drawn = browser.execute_script(PHONE_READABLE, "#phone-chart")
    assert drawn["target"] >= 44 and drawn["label"] >= 11, drawn
    # The five periods on one row, each a target of 44 px.
    periods = browser.find_elements(By.CSS_SELECTOR, "nav.segmented a")
    assert len(periods) == 5 and len({period.rect["y"] for period in periods}) == 1, [p.rect for p in periods]
    assert all(period.size["height"] >= 44 for period in periods)
    # Data Sources' buttons.
    open_page(browser, daemon, "/types/stepCount")
    for button in browser.find_elements(By.CSS_SELECTOR, "#priority button"):
        assert button.size["width"] >= 44 and button.size["height"] >= 44, button.size


def test_the_samples_list_follows_the_period_shown(browser, daemon, size):
    end = day(1)
    open_page(browser, daemon, f"/types/stepCount?range=week&date={end.isoformat()}")
    week = [day(offset) for offset in range(1, 8)]
    expected = sum(2 for date in week if date in state["expected"]["daily_steps"])
    assert len(browser.find_elements(By.CSS_SELECTOR, ".sample")) == expected
    assert text(browser, "#samples-title") == "Samples · " + text(browser, "#window-title")


def test_sleep_is_shown_as_nights_with_their_stages(browser, daemon, size, shoot):
    night = day(2)
    open_page(browser, daemon, f"/types/sleepAnalysis?date={night.isoformat()}")
    # Core, deep, 10 minutes awake, REM, core: 5 h 50 min asleep from 23:20; in bed 23:10 to 06:50.
    assert text(browser, "#headline") == "Asleep 5 h 50 min"
    assert text(browser, "#headline-detail") == "In bed 7 h 40 min · 23:10–06:50"
    assert [row.text for row in browser.find_elements(By.CSS_SELECTOR, "#stage-totals li")] == [
        "In Bed 7 h 40 min", "Awake 10 min", "REM 1 h 30 min", "Core 3 h 30 min", "Deep 50 min"]
    stage = browser.find_elements(By.CSS_SELECTOR, shown_chart(browser) + " .slot.has-data")[1]
    stage.click()
    assert text(browser, "#chart-readout").startswith("Awake, ")
    shoot(f"type-sleep-night-{size}", width=browser.get_window_size()["width"], full=False)
    open_page(browser, daemon, f"/types/sleepAnalysis?range=week&date={night.isoformat()}")
    assert text(browser, "#headline") == "Average asleep 5 h 50 min"
    assert text(browser, "#headline-detail") == "Average in bed 7 h 40 min · 7 nights"


def test_blood_pressure_and_food_are_entered_and_shown_together(browser, daemon, size, shoot):
    moment = NOW - datetime.timedelta(minutes=5)
    when = moment.strftime("%Y-%m-%dT%H:%M")
    open_page(browser, daemon, f"/types/bloodPressure?date={moment.date().isoformat()}")
    browser.find_element(By.ID, "add-systolic").send_keys("121")
    browser.find_element(By.ID, "add-diastolic").send_keys("79")
    browser.execute_script("document.getElementById('add-start').value = arguments[0]", when)
    navigate(browser, browser.find_element(By.ID, "add-submit"))
    assert text(browser, "#flash") == "Added 121/79 mmHg to Blood Pressure."
    assert [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".sample-value")][:1] == ["121/79 mmHg"]
    assert len(browser.find_elements(By.CSS_SELECTOR, "#chart rect.range.second")) >= 1
    assert text(browser, "#headline").startswith("Average ") and text(browser, "#headline").endswith(" mmHg")
    shoot(f"type-blood-pressure-{size}", width=browser.get_window_size()["width"], full=False)
    open_page(browser, daemon, f"/types/food?date={moment.date().isoformat()}")
    browser.find_element(By.ID, "add-food").send_keys("Apple")
    browser.execute_script("document.getElementById('add-start').value = arguments[0]", when)
    browser.find_element(By.ID, "add-energy").send_keys("95")
    navigate(browser, browser.find_element(By.ID, "add-submit"))
    assert "Apple · Dietary Energy 95 kcal" in [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".sample-value")]


def test_after_adding_a_sample_the_page_shows_its_day_and_a_refused_one_stays_put(browser, daemon, size):
    week_ago, month_ago = day(7), day(30)
    open_page(browser, daemon, f"/types/bodyMass?range=week&date={week_ago.isoformat()}")
    title = text(browser, "#window-title")
    browser.find_element(By.ID, "add-value").send_keys("-5")
    navigate(browser, browser.find_element(By.ID, "add-submit"))
    # Refused: the same week, and the sentence without the model's echo of the value.
    assert text(browser, "#add-error") == "Weight requires a value of zero or more."
    assert text(browser, "#window-title") == title
    assert "range=week" in browser.find_element(By.CSS_SELECTOR, "input[name='back']").get_attribute("value")
    value = browser.find_element(By.ID, "add-value")
    value.clear()
    value.send_keys("150")
    browser.execute_script("document.getElementById('add-start').value = arguments[0]",
                           f"{month_ago.isoformat()}T08:00")
    navigate(browser, browser.find_element(By.ID, "add-submit"))
    # Added a month back: the page goes to the week ending that day, where the new sample is listed.
    assert f"date={month_ago.isoformat()}" in browser.current_url and "range=week" in browser.current_url
    assert "150 lb" in [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".sample-value")]


def test_forms_offer_only_the_units_people_use(browser, daemon, size):
    open_page(browser, daemon, "/types/stepCount")
    assert text(browser, "#add-unit-name") == "steps"
    assert not browser.find_elements(By.ID, "add-unit")
    # Whatever the form sends, steps are never percent.
    browser.execute_script("document.querySelector('#add input[name=unit]').value = '%'")
    browser.find_element(By.ID, "add-value").send_keys("50")
    navigate(browser, browser.find_element(By.ID, "add-submit"))
    assert text(browser, "#add-error") == "Steps is given in steps, not in %."
    open_page(browser, daemon, "/types/bodyMass")
    assert [o.text for o in Select(browser.find_element(By.ID, "add-unit")).options] == ["lb", "kg", "st"]
    open_page(browser, daemon, "/types/heartRate")
    assert text(browser, "#add-unit-name") == "BPM"


def test_texts_use_healths_names(browser, daemon, size):
    open_page(browser, daemon, "/types/bodyMass")
    browser.find_element(By.ID, "add-value").send_keys("-3")
    navigate(browser, browser.find_element(By.ID, "add-submit"))
    assert text(browser, "#add-error") == "Weight requires a value of zero or more."
    open_page(browser, daemon, "/types/highHeartRateEvent?date=2024-03-12")
    metadata = text(browser, ".sample .metadata")
    assert "Threshold" in metadata and "120 BPM" in metadata and "HKHeartRateEventThreshold" not in metadata
    open_page(browser, daemon, "/sources")
    assert "POST /v1" not in text(browser, "main")


def _a_watch_day(daemon):
    """Yesterday from a watch: 11 hours stood and 3 idle, a heart rate of 105.1 with a sync identifier and the
    weather Apple writes (humidity 71 % as "7100 %", 56 °F); and flights climbed for 400 days, 12 a day over the
    last 90 days and 8 a day before (a trend)."""
    watch = App(daemon, daemon.register("com.example.watch", "Ann's Apple Watch", read_reason="r",
                                        write_reason="Watch records."))
    stand = "HKCategoryTypeIdentifierAppleStandHour"
    grants = {name: {"share": "sharingAuthorized", "read": "authorized"} for name in (stand, HEART_RATE, FLIGHTS)}
    assert daemon.owner("PUT", "/v1/owner/apps/com.example.watch/grants", {"grants": grants}).status == 200
    date = day(1)
    objects = [{"uuid": str(uuid.uuid4()).upper(), "type": stand, "startDate": at(date, hour).timestamp(),
                "endDate": at(date, hour + 1).timestamp(), "value": 0 if hour < 19 else 1} for hour in range(8, 22)]
    device = {"name": "Apple Watch", "manufacturer": "Apple Inc.", "model": "Watch", "hardwareVersion": "Watch6,1"}
    metadata = {"HKMetadataKeySyncIdentifier": {"string": "watch-reading-7"}, "HKMetadataKeySyncVersion": {"number": 1},
                "HKWeatherHumidity": {"quantity": {"value": 7100, "unit": "%"}},
                "HKWeatherTemperature": {"quantity": {"value": 56, "unit": "degF"}}}
    objects.append({"uuid": str(uuid.uuid4()).upper(), "type": HEART_RATE, "startDate": at(date, 12, 30).timestamp(),
                    "endDate": at(date, 12, 30).timestamp(), "quantity": {"value": 105.1, "unit": "count/min"},
                    "device": device, "metadata": metadata})
    for offset in range(1, 401):
        climbed = day(offset)
        objects.append({"uuid": str(uuid.uuid4()).upper(), "type": FLIGHTS, "startDate": at(climbed, 9).timestamp(),
                        "endDate": at(climbed, 10).timestamp(),
                        "quantity": {"value": 12 if offset < 90 else 8, "unit": "count"}})
    answer = watch.call("POST", "/v1/samples", {"objects": objects})
    assert answer.status == 200, answer
    return date


def test_values_read_as_health_writes_them(browser, daemon, size):
    if "watch_day" not in state:
        state["watch_day"] = _a_watch_day(daemon)
    date = state["watch_day"]
    open_page(browser, daemon, f"/types/appleStandHour?range=day&date={date.isoformat()}")
    assert text(browser, "#headline") == "Total 11 hr"
    open_page(browser, daemon, f"/types/heartRate?range=day&date={date.isoformat()}")
    row = [e for e in browser.find_elements(By.CSS_SELECTOR, ".sample") if "Ann's Apple Watch" in e.text][0]
    assert row.find_element(By.CSS_SELECTOR, ".sample-value").text == "105 BPM"
    # The source names the watch: no device line repeating it, no sync bookkeeping.
    assert not row.find_elements(By.CSS_SELECTOR, ".sample-device")
    metadata = row.find_element(By.CSS_SELECTOR, ".metadata").get_attribute("textContent")
    assert "Sync" not in metadata and "watch-reading-7" not in metadata
    assert "71 %" in metadata and "7,100" not in metadata and "56 °F" in metadata


def test_the_time_zone_chosen_on_me_is_used_by_every_page_and_by_hk(browser, daemon, size):
    open_page(browser, daemon, "/me")
    Select(browser.find_element(By.ID, "timeZone")).select_by_value("Pacific/Auckland")
    navigate(browser, browser.find_element(By.ID, "save-time-zone"))
    assert "Pacific/Auckland" in text(browser, "#flash")
    # The notification of 12 March 2024 18:02 in Paris was early on 13 March in Auckland.
    open_page(browser, daemon, "/types/highHeartRateEvent?range=day&date=2024-03-13")
    assert text(browser, ".sample-when").startswith("13 Mar 2024, 06:02")
    listed = subprocess.run([daemon.hk, "samples", "highHeartRateEvent", *daemon.store_arguments, "--format", "csv"],
                            capture_output=True, text=True, check=True, env=daemon.environment).stdout
    assert "2024-03-13T06:02:00+13:00" in listed
    open_page(browser, daemon, "/me")
    Select(browser.find_element(By.ID, "timeZone")).select_by_value("")
    navigate(browser, browser.find_element(By.ID, "save-time-zone"))


def test_the_summary_has_favorites_highlights_and_categories(browser, daemon, size, shoot):
    open_page(browser, daemon, "/types/restingHeartRate")
    if browser.find_element(By.ID, "favorite").get_attribute("value") == "add":
        navigate(browser, browser.find_element(By.ID, "favorite"))
        assert "Resting Heart Rate is in your Favorites" in text(browser, "#flash")
    open_page(browser, daemon, "/")
    assert [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#favorites .summary-name")] == ["Resting Heart Rate"]
    titles = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".category .section-title")]
    for title in ("ACTIVITY", "HEART", "SLEEP", "CYCLE TRACKING"):
        assert title in titles, titles
    highlights = browser.find_elements(By.CSS_SELECTOR, "#highlights .highlight")
    assert highlights
    sentence = highlights[0].find_element(By.CSS_SELECTOR, ".highlight-sentence").text
    assert "this week" in sentence and "previous four weeks (" in sentence
    shoot(f"summary-{size}", width=browser.get_window_size()["width"])


def test_the_summary_states_the_trends_of_the_last_90_days(browser, daemon, size):
    open_page(browser, daemon, "/")
    trends = browser.find_elements(By.CSS_SELECTOR, "#trends .highlight")
    names = [trend.find_element(By.CSS_SELECTOR, ".highlight-name").text for trend in trends]
    assert "Flights Climbed" in names, names
    sentence = trends[names.index("Flights Climbed")].find_element(By.CSS_SELECTOR, ".highlight-sentence").text
    # Today's flights are not in yet: the last 90 days hold 89 days of 12; the year before 8 a day.
    assert sentence == ("You averaged 12 floors a day over the last 90 days, 50% more than over the year before "
                        "(8 floors a day)."), sentence


def test_browse_has_categories_and_a_search_box(browser, daemon, size):
    open_page(browser, daemon, "/types")
    groups = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".browse-group h2")]
    assert groups[:3] == ["Activity", "Body Measurements", "Cycle Tracking"] and "Other Data" in groups
    search = browser.find_element(By.ID, "search")
    search.send_keys("heart rate")
    shown = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".browse-group li:not([hidden]) a")]
    assert "Heart Rate" in shown and "Steps" not in shown
    assert "results" in browser.find_element(By.ID, "search-status").get_attribute("textContent")
    navigate(browser, browser.find_element(By.ID, "search-submit"))
    assert "q=heart+rate" in browser.current_url
    assert "Steps" not in text(browser, "main")


def test_browse_marks_the_types_that_hold_data_and_its_rows_are_tap_targets(browser, daemon, size):
    open_page(browser, daemon, "/types")
    marked = {e.text for e in browser.find_elements(By.CSS_SELECTOR, "#heart li.has-data a")}
    unmarked = {e.text for e in browser.find_elements(By.CSS_SELECTOR, "#heart li:not(.has-data) a")}
    # The band wrote heart rates and the export held an electrocardiogram; nothing wrote a walking average.
    assert "Heart Rate" in marked and "Electrocardiograms (ECG)" in marked, marked
    assert "Walking Heart Rate Average" in unmarked, unmarked
    dot = browser.find_element(By.CSS_SELECTOR, "#heart li.has-data .data-mark")
    assert dot.size["width"] >= 6 and dot.is_displayed()
    if size == "phone":
        heights = [e.size["height"] for e in browser.find_elements(By.CSS_SELECTOR, ".type-list a")]
        assert min(heights) >= 44, min(heights)


def test_the_menu_fits_and_a_skip_link_comes_first(browser, daemon, size):
    open_page(browser, daemon, "/")
    width = browser.execute_script("return window.innerWidth")
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width
    links = browser.find_elements(By.CSS_SELECTOR, "#menu a")
    assert [link.text for link in links] == ["Summary", "Browse", "Sources", "Sharing", "Me", "Access Log", "Import"]
    for link in links:
        box = link.rect
        assert link.is_displayed() and box["x"] >= 0 and box["x"] + box["width"] <= width, (link.text, box)
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    skip = browser.switch_to.active_element
    assert skip.get_attribute("id") == "skip-link" and skip.is_displayed()
    skip.send_keys(Keys.ENTER)
    assert browser.switch_to.active_element.get_attribute("id") == "content"


def test_errors_are_pages_for_people_and_the_api_stays_json(browser, daemon, size, shoot):
    open_page(browser, daemon, "/summary")
    assert text(browser, "h1") == "Page Not Found"
    assert "Health has no page at /summary." in text(browser, "#error-message")
    assert browser.find_elements(By.CSS_SELECTOR, "#menu a")
    shoot(f"error-404-{size}", width=browser.get_window_size()["width"], full=False)
    answer = daemon.call("GET", "/v1/nothing-here")
    assert answer.status == 404 and answer.headers["Content-Type"].startswith("application/json")
    page = daemon.call("GET", "/summary")
    assert page.status == 404 and page.headers["Content-Type"].startswith("text/html")
    assert b"Sign In" in page.body


def test_access_log_entries_say_on_or_off(browser, daemon, size):
    open_page(browser, daemon, "/sources/com.example.band")
    switch = browser.find_element(By.ID, "read-heartRate")
    turned_on = switch.is_selected()
    navigate(browser, switch)
    open_page(browser, daemon, "/log?app=owner&period=all")
    latest = text(browser, "#log tbody tr .log-operation")
    assert latest == ("Turned off reading for Band" if turned_on else "Turned on reading for Band")


def test_all_health_data_is_exported_from_me_and_downloaded(browser, daemon, shoot):
    open_page(browser, daemon, "/me")
    browser.find_element(By.ID, "export-apple-xml").click()
    navigate(browser, browser.find_element(By.ID, "export-submit"))
    assert "/export/jobs/" in browser.current_url
    # The page refreshes itself while the export runs, then offers the file.
    wait(browser).until(lambda driver: driver.execute_script(
        "const status = document.getElementById('export-status'); return status && status.dataset.outcome") == "done")
    link = browser.find_element(By.ID, "export-download")
    assert link.text == "Download export.zip"
    shoot("export-done", full=False)
    fetched = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch(arguments[0], {credentials: "same-origin"}).then(async (answer) => {
            const bytes = new Uint8Array(await answer.arrayBuffer());
            done({status: answer.status, disposition: answer.headers.get("Content-Disposition"),
                  size: bytes.length, head: String.fromCharCode(bytes[0], bytes[1])});
        });""", link.get_attribute("href"))
    assert fetched["status"] == 200 and fetched["head"] == "PK" and fetched["size"] > 1000, fetched
    assert fetched["disposition"] == 'attachment; filename="export.zip"'


@pytest.mark.parametrize("path, name", [
    ("/", "summary"), ("/types", "browse"), ("/types/stepCount?range=week", "steps-week"),
    ("/types/stepCount?range=year", "steps-year"), ("/types/heartRate", "heart-rate-day"),
    ("/types/sleepAnalysis", "sleep-night"), ("/types/sleepAnalysis?range=month", "sleep-month"),
    ("/types/bloodPressure", "blood-pressure"), ("/types/food", "food"),
    ("/types/highHeartRateEvent", "high-heart-rate"), ("/sources", "sources"), ("/sources/com.example.band", "app"),
    ("/sources/webhooks", "webhooks"), ("/me", "me"), ("/log", "access-log"), ("/import", "import"), ("/electrocardiograms", "electrocardiograms"),
    ("/audiograms", "audiograms"), ("/records", "health-records"), ("/records/mind", "mind"),
    ("/records/medications", "medications"), ("/records/vision", "vision"), ("/nothing-here", "not-found"),
])
def test_every_page_fits_the_screen_and_its_screenshot_is_taken(browser, daemon, size, shoot, path, name):
    open_page(browser, daemon, path)
    overflowing = browser.execute_script("""
        const width = document.documentElement.clientWidth;
        return Array.from(document.querySelectorAll("body *"))
            .filter((element) => element.getBoundingClientRect().right > width + 0.5)
            .filter((element) => !element.closest(".table-scroll, .visually-hidden"))
            .map((element) => element.tagName + "#" + element.id + "." + element.getAttribute("class"));""")
    assert overflowing == [], overflowing
    # Nothing scrolls sideways.
    assert browser.execute_script(
        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    shoot(f"page-{name}-{size}", width=browser.get_window_size()["width"])
