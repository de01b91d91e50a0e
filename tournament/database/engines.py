"""Copying the whole database to a file and back, one engine per database vendor (used by tournament/database/backups.py).

SQLite: Python's ``sqlite3`` online backup API, page by page in one step, from a read-only connection of its own (a
consistent copy of what is committed while the server keeps running; WAL readers and writers are not stopped).
Restoring copies the pages back into the live file in one write transaction.

PostgreSQL: ``pg_dump --format=custom`` (one consistent snapshot; the server keeps running) and, to restore, the
file's SQL from ``pg_restore`` run by ``psql`` in one transaction after dropping this schema's tables and functions: a failure
anywhere leaves the database as it was; its commit notifies every server process that everything changed. The
client programs must have the server's major version; they are looked up in ``TENBOU_PG_BIN``, then
``/usr/lib/postgresql/<server major>/bin`` (Debian), then the PATH. The password goes to them through the
environment, never on a command line.
"""

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path
from urllib.parse import quote

from django.db import connection

from tournament.database.notices import CHANNEL, EVERY_TOURNAMENT


class EngineError(Exception):
    """A copy that could not be made or loaded; the message is one line for the operator."""


def engine_for_connection():
    if connection.vendor == "sqlite":
        return SqliteEngine()
    if connection.vendor == "postgresql":
        return PostgresEngine()
    raise EngineError(f"backups support SQLite and PostgreSQL, not {connection.vendor}")


def _outside_transaction(action: str) -> None:
    if connection.in_atomic_block:
        raise EngineError(f"cannot {action} inside a database transaction")


class SqliteEngine:
    vendor = "sqlite"
    member = "database.sqlite3"

    def dump(self, target: Path) -> None:
        source = self._source()
        destination = sqlite3.connect(target)
        try:
            source.backup(destination)
        except sqlite3.Error as error:
            raise EngineError(f"the SQLite backup failed ({error})") from error
        finally:
            destination.close()
            if source is not connection.connection:
                source.close()

    def _source(self) -> sqlite3.Connection:
        connection.ensure_connection()
        if connection.is_in_memory_db():  # the test database: only this connection can see it
            _outside_transaction("back up an in-memory database")
            return connection.connection
        path = Path(connection.settings_dict["NAME"]).resolve()
        return sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True)

    def load(self, source_path: Path) -> None:
        _outside_transaction("restore")
        source = sqlite3.connect(f"file:{quote(str(source_path))}?mode=ro", uri=True)
        try:
            if source.execute("PRAGMA quick_check").fetchone() != ("ok",):
                raise EngineError("the backup's database file is damaged")
            connection.ensure_connection()
            source.backup(connection.connection)
        except sqlite3.DatabaseError as error:
            raise EngineError(f"the backup's database could not be read ({error})") from error
        finally:
            source.close()


_DROP_TABLES = """
DO $$
DECLARE name text;
BEGIN
  FOR name IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() LOOP
    EXECUTE format('DROP TABLE IF EXISTS %I CASCADE', name);
  END LOOP;
  -- and the schema's own functions (the change count's trigger: migration 0014), not an extension's
  FOR name IN SELECT proc.oid::regprocedure::text FROM pg_proc proc
      WHERE proc.pronamespace = current_schema()::regnamespace
      AND NOT EXISTS (SELECT 1 FROM pg_depend dep WHERE dep.objid = proc.oid AND dep.deptype = 'e') LOOP
    EXECUTE 'DROP FUNCTION IF EXISTS ' || name || ' CASCADE';
  END LOOP;
END $$;
"""


class PostgresEngine:
    vendor = "postgresql"
    member = "database.pgdump"

    def dump(self, target: Path) -> None:
        self._run(
            "pg_dump",
            "--format=custom",
            "--no-owner",
            "--no-privileges",
            "--lock-wait-timeout=60000",
            f"--file={target}",
        )

    def load(self, source_path: Path) -> None:
        _outside_transaction("restore")
        script = source_path.with_suffix(".sql")
        drops = source_path.with_suffix(".drop.sql")
        drops.write_text(_DROP_TABLES, encoding="utf-8")
        # the rows come back without their triggers (made after the data): the server processes are told that
        # everything changed, when the restore commits (tournament/database/notices.py)
        notice = source_path.with_suffix(".notice.sql")
        notice.write_text(f"NOTIFY {CHANNEL}, '{EVERY_TOURNAMENT}';\n", encoding="utf-8")
        self._run(
            "pg_restore", "--no-owner", "--no-privileges", f"--file={script}", str(source_path), db=False
        )
        connection.close()  # the restore drops tables this process may hold open statements on
        self._run(
            "psql",
            "--no-psqlrc",
            "--quiet",
            "--single-transaction",
            "--set=ON_ERROR_STOP=1",
            f"--file={drops}",
            f"--file={script}",
            f"--file={notice}",
        )

    def _run(self, program: str, *arguments: str, db: bool = True) -> None:
        command = [self._binary(program), *arguments]
        if db:
            command.append(connection.settings_dict["NAME"])
        result = subprocess.run(command, env=self._environment(), capture_output=True, text=True, check=False)
        if result.returncode != 0:
            first = next((line for line in result.stderr.splitlines() if line.strip()), "no message")
            raise EngineError(f"{program} failed: {first.strip()}")

    def _environment(self) -> dict:
        settings = connection.settings_dict
        options = settings.get("OPTIONS") or {}
        values = {
            "PGHOST": settings.get("HOST"),
            "PGPORT": settings.get("PORT"),
            "PGUSER": settings.get("USER"),
            "PGPASSWORD": settings.get("PASSWORD"),
            "PGSSLMODE": options.get("sslmode"),
        }
        return {**os.environ, **{key: str(value) for key, value in values.items() if value}}

    def _binary(self, program: str) -> str:
        for folder in self._folders():
            candidate = Path(folder) / program
            if candidate.is_file() and os.access(candidate, os.X_OK):
                return str(candidate)
        found = shutil.which(program)
        if found is None:
            raise EngineError(
                f"{program} is not installed; install the PostgreSQL client programs of the server's version "
                "(Debian: postgresql-client) or set TENBOU_PG_BIN to their folder"
            )
        return found

    def _folders(self) -> list[str]:
        folders = [os.environ["TENBOU_PG_BIN"]] if os.environ.get("TENBOU_PG_BIN") else []
        connection.ensure_connection()
        major = connection.pg_version // 10000
        return [*folders, f"/usr/lib/postgresql/{major}/bin"]
