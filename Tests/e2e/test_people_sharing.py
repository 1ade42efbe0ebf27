"""Sharing between people, in a real browser: on a server of several people (PostgreSQL) the owner shares Heart
with Bob, who signs in, finds it under the owner's name and reads it without a way to change it, until the owner
stops sharing. A SQLite store has one person and offers no one to share with.
"""

import os
import subprocess

import pytest
from selenium.webdriver.common.by import By

from healthd import PATIENCE
from pages import navigate, open_page, open_signed_in, submit_sign_in

ON_POSTGRESQL = os.environ.get("E2E_DATABASE") == "postgresql"


def add_user(daemon, name):
    """`hk users add NAME` on the healthd's database; the secret it prints once."""
    result = subprocess.run(
        [daemon.hk, "users", "add", name, *daemon.arguments], capture_output=True, text=True,
        env=daemon.environment, timeout=PATIENCE)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]


def sign_in_as(browser, daemon, name, secret):
    open_page(browser, daemon, "/sharing")
    if not browser.find_elements(By.ID, "secret"):
        navigate(browser, browser.find_element(By.ID, "signout"))
        open_page(browser, daemon, "/sharing")
    submit_sign_in(browser, secret, name=name)


@pytest.mark.skipif(ON_POSTGRESQL, reason="a SQLite store's story")
def test_a_store_of_one_person_offers_no_one_to_share_with(daemon, browser):
    open_signed_in(browser, daemon, "/sharing")
    assert browser.find_elements(By.ID, "health-links")
    assert not browser.find_elements(By.ID, "person-shares")


@pytest.mark.skipif(not ON_POSTGRESQL, reason="sharing between people needs a database of several people")
def test_bob_reads_what_the_owner_shares_until_it_ends(daemon, browser, shoot):
    daemon.import_fixture()
    bob = add_user(daemon, "bob")
    sign_in_as(browser, daemon, "owner", daemon.owner_secret)
    browser.find_element(By.ID, "person-share-name").send_keys("bob")
    browser.find_element(By.ID, "person-heart").click()
    navigate(browser, browser.find_element(By.ID, "person-share-button"))
    assert browser.find_element(By.ID, "flash").text == "bob now sees Heart."
    assert [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".share-person")] == ["bob"]
    shoot("sharing-people")

    sign_in_as(browser, daemon, "bob", bob)
    navigate(browser, browser.find_element(By.LINK_TEXT, "owner"))
    assert browser.find_element(By.ID, "shared-person").text == "Shared by owner"
    navigate(browser, browser.find_element(By.LINK_TEXT, "Heart Rate"))
    assert browser.find_element(By.ID, "type-name").text == "Heart Rate"
    assert browser.find_elements(By.CSS_SELECTOR, "li.sample")
    assert not browser.find_elements(By.CSS_SELECTOR, "button.delete")
    assert not browser.find_elements(By.ID, "favorite")
    shoot("shared-heart-rate")

    sign_in_as(browser, daemon, "owner", daemon.owner_secret)
    navigate(browser, browser.find_element(By.CSS_SELECTOR, ".stop-sharing"), confirm=True)
    assert browser.find_element(By.ID, "no-person-shares").text == "You share with no one."

    sign_in_as(browser, daemon, "bob", bob)
    assert browser.find_element(By.ID, "nothing-shared-with-me")
    open_page(browser, daemon, "/shared/owner/types/heartRate")
    assert browser.find_element(By.ID, "error-message").text == "No one of this name shares anything with you."
