"""A throwaway PostgreSQL 15 server for the end-to-end tests run on PostgreSQL (`E2E_DATABASE=postgresql`): as the
Swift tests' `PostgreSQLServer`, a cluster made by initdb in a temporary folder, on a free loopback port, signed
into with a password, run as the `postgres` user when the tests run as root, stopped and removed at the end."""

import os
import pwd
import shlex
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
        self._watch_over_cluster()
        # A free port can be taken between the probe and the server's bind: try another then.
        for attempt in range(5):
            self.port = _free_port()
            options = (f"-c listen_addresses=127.0.0.1 -c port={self.port} "
                       f"-c unix_socket_directories={self.directory} -c fsync=off")
            try:
                self._run(BINARIES / "pg_ctl", "-D", self.data, "start", "-w", "-l", self.directory / "log",
                          "-o", options)
                return
            except subprocess.CalledProcessError:
                log = (self.directory / "log").read_text(errors="replace")
                if "could not bind" not in log or attempt == 4:
                    raise RuntimeError("PostgreSQL did not start:\n" + log[-2000:])

    def _watch_over_cluster(self):
        """A watchdog in a session of its own: once this test process is gone, however it ended, it stops the
        server and removes its folder (as the Swift tests' PostgreSQLServer does)."""
        stop = [str(BINARIES / "pg_ctl"), "-D", str(self.data), "stop", "-m", "immediate"]
        if self.as_postgres:
            stop = ["runuser", "-u", "postgres", "--"] + stop
        script = (f"while kill -0 {os.getpid()} 2>/dev/null; do sleep 1; done; "
                  f"{' '.join(shlex.quote(part) for part in stop)} >/dev/null 2>&1; "
                  f"rm -rf {shlex.quote(str(self.directory))}")
        subprocess.Popen(["setsid", "sh", "-c", script], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)

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
