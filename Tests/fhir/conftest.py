"""What the FHIR tests share: the built hk, the fixture exports, and the throwaway PostgreSQL server the stores
live in with FHIR_DATABASE=postgresql (Tests/e2e/postgres.py)."""

import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Tests" / "OpenHealthKitExchangeTests" / "Fixtures"
HK = os.environ.get("HK_BINARY") or str(ROOT / ".build" / "debug" / "hk")
ON_POSTGRESQL = os.environ.get("FHIR_DATABASE") == "postgresql"
sys.path.insert(0, str(ROOT / "Tests" / "e2e"))


@pytest.fixture(scope="session")
def postgresql():
    """The throwaway PostgreSQL server the stores live in with FHIR_DATABASE=postgresql, else None."""
    if not ON_POSTGRESQL:
        yield None
        return
    from postgres import PostgreSQL
    server = PostgreSQL()
    yield server
    server.stop()


def hk(*arguments, password=None):
    environment = dict(os.environ, PGPASSWORD=password) if password else None
    result = subprocess.run([HK, *arguments], capture_output=True, text=True, timeout=300, env=environment)
    assert result.returncode == 0, f"hk {' '.join(arguments)}: {result.stderr}"
    return result.stdout
