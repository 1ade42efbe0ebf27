"""A throwaway PostgreSQL 15 server for the end-to-end tests run on PostgreSQL (`E2E_DATABASE=postgresql`): as the
Swift tests' `PostgreSQLServer`, a cluster made by initdb in a temporary folder, on a free loopback port, signed
into with a password, run as the `postgres` user when the tests run as root, stopped and removed at the end."""

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

BINARIES = Path(os.environ.get("OPENHEALTHKIT_POSTGRES_BIN") or "/usr/lib/postgresql/15/bin")


def _free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgreSQL:
    def __init__(self):
        if not (BINARIES / "initdb").exists():
            raise RuntimeError(f"no PostgreSQL 15 in {BINARIES}: apt-get install -y postgresql")
        self.as_postgres = os.geteuid() == 0
        self.directory = Path(tempfile.mkdtemp(prefix="ohk-e2e-pg-"))
        self.data = self.directory / "data"
        self.port = _free_port()
        self.password = uuid.uuid4().hex
        password_file = self.directory / "password"
        password_file.write_text(self.password + "\n")
        password_file.chmod(0o600)
        if self.as_postgres:
            account = pwd.getpwnam("postgres")
            for path in (self.directory, password_file):
                os.chown(path, account.pw_uid, account.pw_gid)
        self._run(BINARIES / "initdb", "-D", self.data, "-U", "postgres", f"--pwfile={password_file}",
                  "--auth-host=scram-sha-256", "--auth-local=trust", "-E", "UTF8", "--no-locale", "--no-sync")
        options = (f"-c listen_addresses=127.0.0.1 -c port={self.port} -c unix_socket_directories={self.directory} "
                   "-c fsync=off")
        self._run(BINARIES / "pg_ctl", "-D", self.data, "start", "-w", "-l", self.directory / "log", "-o", options)

    def _run(self, *command):
        line = [str(part) for part in command]
        if self.as_postgres:
            line = ["runuser", "-u", "postgres", "--"] + line
        subprocess.run(line, check=True, cwd="/", stdout=subprocess.PIPE, stderr=subprocess.STDOUT)

    def create_database(self):
        """A new empty database; its URL (without the password, which goes in PGPASSWORD)."""
        name = "e2e_" + uuid.uuid4().hex
        subprocess.run([str(BINARIES / "psql"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-d",
                        "postgres", "-X", "-q", "-c", f"CREATE DATABASE {name}"],
                       check=True, env=dict(os.environ, PGPASSWORD=self.password), stdout=subprocess.PIPE)
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self):
        try:
            self._run(BINARIES / "pg_ctl", "-D", self.data, "stop", "-m", "fast")
        finally:
            shutil.rmtree(self.directory, ignore_errors=True)
