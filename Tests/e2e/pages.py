"""What the browser tests do on a page, whatever the story: wait, open, click through to the next page, read."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from healthd import PATIENCE


def wait(browser):
    """A wait for a condition on the page, failing only after PATIENCE (a hang, not a slow machine)."""
    return WebDriverWait(browser, PATIENCE)


def text(browser, selector):
    return browser.find_element(By.CSS_SELECTOR, selector).text


def open_page(browser, daemon, path):
    browser.get(daemon.address + path)


def open_signed_in(browser, daemon, path):
    """Opens a page of Health, signing the owner in first if the browser is not."""
    open_page(browser, daemon, path)
    if browser.find_elements(By.ID, "secret"):
        submit_sign_in(browser, daemon.owner_secret)


def navigate(browser, element, confirm=False):
    """Clicks something that loads a new page (a link, a form's button), and waits for that page."""
    browser.execute_script("window.previousPage = true")
    element.click()
    if confirm:
        wait(browser).until(EC.alert_is_present())
        browser.switch_to.alert.accept()
    wait(browser).until(lambda driver: driver.execute_script(
        "return window.previousPage === undefined && document.readyState === 'complete'"))


def import_ended(browser, outcome="done"):
    """Waits until an import's page shows how it ended (`done`, `failed`), read in one script: the page reloads
    itself when the import ends, so an element found before the reload would be gone when read."""
    wait(browser).until(lambda driver: driver.execute_script(
        "const status = document.getElementById('import-status'); return status && status.dataset.outcome") == outcome)


def submit_sign_in(browser, secret, name="owner"):
    """Fills in Health's sign-in form and submits it. A healthd that serves many users (on PostgreSQL) asks for a
    name too; the server's owner is `owner` there."""
    names = browser.find_elements(By.ID, "name")
    if names:
        names[0].send_keys(name)
    browser.find_element(By.ID, "secret").send_keys(secret)
    navigate(browser, browser.find_element(By.ID, "signin"))


def shown_chart(browser):
    """The chart the window shows: a type page holds the one drawn for a laptop (`#chart`) and the one drawn for a
    phone (`#phone-chart`), and CSS shows one of them."""
    phone = browser.execute_script("return window.matchMedia('(max-width: 520px)').matches")
    return "#phone-chart" if phone else "#chart"
