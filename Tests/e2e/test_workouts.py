"""Workouts in Health, in a real headless Chromium against a healthd of this file's own: a running app saves a
30-minute run through healthd as an app does (the workout with its pause, laps, a segment and a marker; a heart rate
every 5 s; its route, a location every 5 s while running), a triathlon with its three activities and an indoor ride
without route or heart rate; the owner finds them in Browse, opens each page at a laptop's size and a phone's, and a
bad address gets Health's error page. The figures the pages must show are computed here, independently."""

import math
import uuid
import zipfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from healthd import ROOT, App
from pages import import_ended, navigate, submit_sign_in, wait

WORKOUT = "HKWorkoutTypeIdentifier"
ROUTE = "HKWorkoutRouteTypeIdentifier"
HEART_RATE = "HKQuantityTypeIdentifierHeartRate"
RESTING = "HKQuantityTypeIdentifierRestingHeartRate"
EFFORT = "HKQuantityTypeIdentifierWorkoutEffortScore"
MILE = 1609.344
# 20 November 2026, 07:00 UTC (the file's healthd runs in UTC with a US locale: miles).
RUN_START = 1_795_158_000
RUN_SECONDS = 1800
PAUSE = (900, 960)
CENTRE = (47.62, -122.35)


def new_uuid():
    return str(uuid.uuid4()).upper()


def haversine(a, b):
    radius = 6_371_008.8
    (lat1, lon1), (lat2, lon2) = [(math.radians(x), math.radians(y)) for x, y in (a, b)]
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * radius * math.asin(min(1, math.sqrt(h)))


def run_locations():
    """Four fifths of a circle of 800 m around the centre, a location every 5 s while running."""
    points = []
    for second in range(0, RUN_SECONDS + 1, 5):
        if PAUSE[0] <= second < PAUSE[1]:
            continue
        angle = second / RUN_SECONDS * 2 * math.pi * 0.8
        north, east = 800 * math.sin(angle), 800 * (1 - math.cos(angle))
        latitude = CENTRE[0] + north / 111_195.08
        longitude = CENTRE[1] + east / (111_195.08 * math.cos(math.radians(CENTRE[0])))
        points.append((second, latitude, longitude, 20 + 10 * math.sin(angle)))
    return points


def route_metres(points):
    """The distance along the route, not counting the step across the pause."""
    total = 0
    for before, after in zip(points, points[1:]):
        if before[0] < PAUSE[0] <= after[0]:
            continue
        total += haversine(before[1:3], after[1:3])
    return total


LOCATIONS = run_locations()
RUN_METRES = route_metres(LOCATIONS)


@pytest.fixture(scope="module")
def saved(daemon):
    """The runner's app saves its workouts through healthd; returns their UUIDs."""
    runner = App(daemon, daemon.register("com.example.runner", "Runner", read_reason="r", write_reason="Runs."))
    grants = {name: {"share": "sharingAuthorized", "read": "authorized"}
              for name in (WORKOUT, ROUTE, HEART_RATE, RESTING, EFFORT)}
    assert daemon.owner("PUT", "/v1/owner/apps/com.example.runner/grants", {"grants": grants}).status == 200
    ids = {"run": new_uuid(), "triathlon": new_uuid(), "ride": new_uuid()}

    def event(kind, at, lasting=0):
        return {"type": kind, "startDate": RUN_START + at, "endDate": RUN_START + at + lasting}

    run = {
        "uuid": ids["run"], "type": WORKOUT, "startDate": RUN_START, "endDate": RUN_START + RUN_SECONDS,
        "workoutActivityType": 37, "totalDistance": {"value": RUN_METRES, "unit": "m"},
        "totalEnergyBurned": {"value": 320, "unit": "kcal"},
        "metadata": {"HKIndoorWorkout": {"bool": False}},
        # pause 1, resume 2, lap 3, marker 4, segment 7
        "workoutEvents": [event(1, PAUSE[0]), event(2, PAUSE[1]), event(3, 600), event(3, 1200), event(4, 1500),
                          event(7, 300, 300)],
    }
    heart_rates = [{"uuid": new_uuid(), "type": HEART_RATE, "startDate": RUN_START + second,
                    "endDate": RUN_START + second, "quantity": {"value": 105 + 70 * second / RUN_SECONDS,
                                                                "unit": "count/min"}}
                   for second in range(0, RUN_SECONDS, 5)]
    tri_start = RUN_START - 3 * 86_400

    def leg(activity_type, start, minutes, distance_type, metres, kcal):
        return {"uuid": new_uuid(), "activityType": activity_type, "locationType": 3, "swimmingLocationType": 0,
                "startDate": tri_start + start, "endDate": tri_start + start + minutes * 60,
                "duration": minutes * 60, "workoutEvents": [],
                "statistics": [
                    {"type": distance_type, "startDate": tri_start + start,
                     "endDate": tri_start + start + minutes * 60, "sum": {"value": metres, "unit": "m"}},
                    {"type": "HKQuantityTypeIdentifierActiveEnergyBurned", "startDate": tri_start + start,
                     "endDate": tri_start + start + minutes * 60, "sum": {"value": kcal, "unit": "kcal"}}]}

    triathlon = {
        "uuid": ids["triathlon"], "type": WORKOUT, "startDate": tri_start, "endDate": tri_start + 94 * 60,
        "workoutActivityType": 82,
        "workoutActivities": [
            leg(46, 0, 20, "HKQuantityTypeIdentifierDistanceSwimming", 750, 180),
            leg(13, 22 * 60, 40, "HKQuantityTypeIdentifierDistanceCycling", 20_000, 420),
            leg(37, 64 * 60, 30, "HKQuantityTypeIdentifierDistanceWalkingRunning", 5_000, 350)],
    }
    ride = {
        "uuid": ids["ride"], "type": WORKOUT, "startDate": RUN_START - 86_400, "endDate": RUN_START - 86_400 + 2700,
        "workoutActivityType": 13, "totalEnergyBurned": {"value": 400, "unit": "kcal"},
        "metadata": {"HKIndoorWorkout": {"bool": True}},
    }
    # A resting heart rate of 60 the morning before: the run's zones are shares of the reserve above it.
    resting = {"uuid": new_uuid(), "type": RESTING, "startDate": RUN_START - 3600, "endDate": RUN_START - 3600,
               "quantity": {"value": 60, "unit": "count/min"}}
    answer = runner.call("POST", "/v1/samples", {"objects": [run, triathlon, ride, resting] + heart_rates})
    assert answer.status == 200, answer
    effort = {"uuid": new_uuid(), "type": EFFORT, "startDate": RUN_START, "endDate": RUN_START + RUN_SECONDS,
              "quantity": {"value": 8, "unit": "appleEffortScore"}}
    assert runner.call("POST", "/v1/samples", {"objects": [effort]}).status == 200
    related = runner.call("POST", "/v1/workouts/effort/relate", {"sample": effort, "workout": ids["run"]})
    assert related.status == 200, related
    route = runner.call("POST", "/v1/workouts/routes", {
        "route": {"uuid": new_uuid(), "type": ROUTE, "startDate": RUN_START, "endDate": RUN_START + RUN_SECONDS},
        "workout": ids["run"],
        "locations": [{"timestamp": RUN_START + second, "latitude": latitude, "longitude": longitude,
                       "altitude": altitude, "horizontalAccuracy": 5}
                      for second, latitude, longitude, altitude in LOCATIONS]})
    assert route.status == 200, route
    return ids


def no_horizontal_scroll(browser):
    return browser.execute_script(
        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def fact(browser, name):
    return browser.find_element(By.CSS_SELECTOR, f"#fact-{name} dd").text


def test_sign_in_and_find_the_workouts_in_browse(browser, daemon, saved, shoot):
    browser.get(daemon.address + "/types")
    wait(browser).until(EC.url_contains("/signin"))
    submit_sign_in(browser, daemon.owner_secret)
    # One Workouts in Browse: its page (the chart) leads to the list of every workout, which leads back.
    names = [link.text for link in browser.find_elements(By.CSS_SELECTOR, "#activity .type-list a")]
    assert names.count("Workouts") == 1 and not any("All Workouts" in name for name in names), names
    navigate(browser, browser.find_element(By.CSS_SELECTOR, "#activity a[href='/types/workout']"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Workouts"
    navigate(browser, browser.find_element(By.ID, "all-workouts"))
    assert browser.find_element(By.ID, "workouts-heading").text == "All Workouts"
    assert browser.find_element(By.CSS_SELECTOR, ".crumb a[href='/types/workout']").text == "Workouts"


def test_the_list_shows_each_workout_newest_first_with_its_route_mark(browser, daemon, saved, shoot, size):
    browser.get(daemon.address + "/workouts")
    rows = browser.find_elements(By.CSS_SELECTOR, ".workout-row")
    names = [row.find_element(By.CSS_SELECTOR, ".workout-name").text for row in rows]
    assert [name.removesuffix(" Route") for name in names] == ["Running", "Cycling", "Swim Bike Run"]
    # The route mark is drawn (an inline SVG), not a character the machine's fonts may lack.
    mark = rows[0].find_element(By.CSS_SELECTOR, ".route-mark svg.route-icon")
    assert mark.size["width"] > 0 and mark.size["height"] > 0
    assert names[0].endswith(" Route") and all("Route" not in name for name in names[1:])
    figures = rows[0].find_element(By.CSS_SELECTOR, ".workout-figures").text
    assert "0:30:00" not in figures and "0:29:00" in figures
    assert f"{RUN_METRES / MILE:.2f} mi" in figures
    assert no_horizontal_scroll(browser)
    shoot(f"40-workouts-{size}", width=browser.get_window_size()["width"])


def test_the_list_filters_by_activity_type(browser, daemon, saved):
    browser.get(daemon.address + "/workouts")
    Select(browser.find_element(By.ID, "workout-type")).select_by_value("cycling")
    navigate(browser, browser.find_element(By.ID, "workout-filter-button"))
    names = [element.text for element in browser.find_elements(By.CSS_SELECTOR, ".workout-name")]
    assert names == ["Cycling"] and browser.find_element(By.ID, "workouts-heading").text == "Cycling Workouts"


def test_a_run_shows_its_route_heart_rate_zones_splits_and_laps(browser, daemon, saved, shoot, size):
    browser.get(daemon.address + "/workouts")
    navigate(browser, browser.find_element(By.CSS_SELECTOR, f"a[href='/workouts/{saved['run']}']"))
    assert browser.find_element(By.ID, "workout-name").text == "Running"
    # 30 minutes less the minute's pause; the route's distance in miles; the pace over the running time.
    assert fact(browser, "duration") == "0:29:00" and fact(browser, "elapsed") == "0:30:00"
    assert fact(browser, "distance") == f"{RUN_METRES / MILE:.2f} mi"
    pace = round(1740 / (RUN_METRES / MILE))
    assert fact(browser, "pace") == f"{pace // 60}'{pace % 60:02d}\"/mi"
    assert fact(browser, "heart-rate") == f"{round(sum(105 + 70 * s / 1800 for s in range(0, 1800, 5)) / 360)} BPM"
    # The route: two stretches (the pause is a gap), a start and an end.
    assert len(browser.find_elements(By.CSS_SELECTOR, "#route polyline.route-line")) == 2
    assert browser.find_elements(By.CSS_SELECTOR, "#route circle.route-start")
    # Heart rate: a line, and five zones from the default maximum of 190.
    assert browser.find_elements(By.CSS_SELECTOR, "#heart-rate polyline.heart-line")
    zones = browser.find_elements(By.CSS_SELECTOR, "#zones tbody tr")
    assert len(zones) == 5 and "maximum heart rate of 190 BPM" in browser.find_element(By.ID, "zones-note").text
    # Zones from the heart rate reserve (60 at rest, 190 at most): zone 2 from 60 + 0.6 × 130 = 138.
    assert "heart rate reserve: 60 BPM at rest" in browser.find_element(By.ID, "zones-note").text
    assert zones[1].find_elements(By.TAG_NAME, "td")[1].text == "138–150 BPM"
    assert fact(browser, "effort") == "8 · Hard"
    # Every label of the heart-rate chart inside the drawing (the top tick, "Zone 5") and at least 11 px tall.
    labels = browser.execute_script("""
        const chart = document.querySelector("#heart-rate .heart-rate-chart");
        const box = chart.getBoundingClientRect();
        return Array.from(chart.querySelectorAll("text")).map((label) => {
            const r = label.getBoundingClientRect();
            return {text: label.textContent, height: r.height,
                    inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5};
        });""")
    assert labels and all(label["inside"] and label["height"] >= 11 for label in labels), labels
    # Splits per mile: each whole mile, then the rest.
    splits = browser.find_elements(By.CSS_SELECTOR, "#splits-table tbody tr")
    assert len(splits) == math.floor(RUN_METRES / MILE) + 1
    assert splits[0].find_elements(By.TAG_NAME, "td")[1].text == "1.00 mi"
    events = [row.find_element(By.TAG_NAME, "td").text for row in
              browser.find_elements(By.CSS_SELECTOR, "#events-table tbody tr")]
    assert events == ["Segment", "Lap", "Pause", "Resume", "Lap", "Marker"]
    assert len(browser.find_elements(By.CSS_SELECTOR, "#events rect.timeline-lap")) == 2
    assert len(browser.find_elements(By.CSS_SELECTOR, "#events rect.timeline-pause")) == 1
    assert no_horizontal_scroll(browser)
    shoot(f"41-workout-run-{size}", width=browser.get_window_size()["width"])


def test_a_multi_sport_workout_shows_each_activity_with_its_own_totals(browser, daemon, saved, shoot, size):
    browser.get(daemon.address + f"/workouts/{saved['triathlon']}")
    activities = browser.find_elements(By.CSS_SELECTOR, "#activities .workout-activity")
    names = [a.find_element(By.TAG_NAME, "h3").get_attribute("textContent") for a in activities]
    assert names == ["Swimming", "Cycling", "Running"]
    assert f"{20_000 / MILE:.2f} mi" in activities[1].text and "420 kcal" in activities[1].text
    assert "mph" in activities[1].text and "/mi" in activities[2].text
    # The swim's pace per 100 yards (the owner counts in miles): 20 minutes for 750 m.
    swim_pace = round(1200 / (750 / 91.44))
    assert f"{swim_pace // 60}'{swim_pace % 60:02d}\"/100 yd" in activities[0].text, activities[0].text
    assert no_horizontal_scroll(browser)
    shoot(f"42-workout-triathlon-{size}", width=browser.get_window_size()["width"])


def test_a_workout_without_route_or_heart_rate_says_so(browser, daemon, saved, shoot):
    browser.get(daemon.address + f"/workouts/{saved['ride']}")
    assert browser.find_element(By.ID, "no-route").text == "An indoor workout has no route."
    assert browser.find_element(By.ID, "no-heart-rate").text == "No heart rate was recorded during this workout."
    assert not browser.find_elements(By.CSS_SELECTOR, "svg.route-drawing, svg.heart-rate-chart, #zones")
    assert no_horizontal_scroll(browser)
    shoot("43-workout-indoor")


@pytest.mark.parametrize("path, status, message", [
    ("/workouts/not-a-workout", "400", "This address does not name a workout."),
    (f"/workouts/{str(uuid.uuid4()).upper()}", "404", "Health has no such workout."),
])
def test_a_bad_workout_address_gets_the_error_page(browser, daemon, saved, path, status, message):
    browser.get(daemon.address + path)
    assert browser.find_element(By.ID, "error-message").text == message
    assert f"Error {status}" in browser.find_element(By.CSS_SELECTOR, ".error-card").text


EVERYTHING = ROOT / "Tests" / "OpenHealthKitExchangeTests" / "Fixtures" / "Synthetic" / "everything"


def test_an_imported_run_shows_the_route_of_its_gpx_file(browser, daemon, saved, shoot, tmp_path):
    """The synthetic export with every kind of record, zipped as the Health app zips it: its 2022 run, whose route is
    a GPX file in workout-routes/, and its statistics (5.12 km, an average of 151 BPM)."""
    export = tmp_path / "export.zip"
    with zipfile.ZipFile(export, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(EVERYTHING.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(EVERYTHING).as_posix())
    browser.get(daemon.address + "/import")
    browser.find_element(By.ID, "import-file").send_keys(str(export))
    browser.find_element(By.ID, "import-submit").click()
    wait(browser).until(EC.url_contains("/import/jobs/"))
    import_ended(browser)
    browser.get(daemon.address + "/workouts?type=running")
    rows = browser.find_elements(By.CSS_SELECTOR, ".workout-row")
    imported = [row for row in rows if "2022" in row.find_element(By.CSS_SELECTOR, ".workout-when").text]
    assert len(imported) == 1 and imported[0].find_elements(By.CSS_SELECTOR, ".route-mark svg")
    navigate(browser, imported[0].find_element(By.TAG_NAME, "a"))
    assert fact(browser, "distance") == f"{5120 / MILE:.2f} mi"
    assert fact(browser, "heart-rate") == "151 BPM"
    # Three track points, the first two before the pause (18:10–18:15 local), the last after it: two stretches.
    assert len(browser.find_elements(By.CSS_SELECTOR, "#route polyline.route-line")) == 2
    assert browser.find_elements(By.CSS_SELECTOR, "#route circle.route-end")
    shoot("44-workout-imported")


def test_the_imported_activity_summaries_are_rings_on_the_summary_and_in_activity(browser, daemon, shoot, size):
    """The export's two days of rings (31 October and 1 November 2022): 2,100 kJ (502 kcal) of a 2,092 kJ (500 kcal)
    goal, 35 of 30 exercise minutes, 9 of 12 stand hours on the latest."""
    browser.get(daemon.address + "/")
    card = browser.find_element(By.CSS_SELECTOR, "#summary-activity a.summary-activity")
    assert card.get_attribute("href").endswith("/activity?date=2022-11-01")
    assert len(card.find_elements(By.CSS_SELECTOR, "svg.rings circle.ring")) == 3
    navigate(browser, card)
    assert browser.find_element(By.ID, "activity-title").text == "Tuesday 1 November 2022"
    figures = [row.text for row in browser.find_elements(By.CSS_SELECTOR, "#ring-figures .ring-figure")]
    assert figures[1:] == ["Exercise\n35/30 min 117 %", "Stand\n9/12 hr 75 %"], figures
    assert figures[0].startswith("Move\n502/500 ") and figures[0].endswith(" 100 %"), figures
    # The history: 35 days ending with it, the two with a summary drawn.
    days = browser.find_elements(By.CSS_SELECTOR, "#activity-history .ring-history li")
    assert len(days) == 35 and len(browser.find_elements(By.CSS_SELECTOR, "#activity-history svg.rings")) == 2
    assert days[-1].get_attribute("aria-current") == "date"
    navigate(browser, days[-2].find_element(By.TAG_NAME, "a"))
    assert browser.find_element(By.ID, "activity-title").text == "Monday 31 October 2022"
    assert "42/30 min" in browser.find_element(By.ID, "ring-figures").text
    shoot(f"45-activity-{size}", width=browser.get_window_size()["width"])
    # Browse lists it under Activity, marked as holding data.
    browser.get(daemon.address + "/types")
    assert browser.find_element(By.CSS_SELECTOR, "#activity li.has-data a[href='/activity']").text == "Activity Rings"
