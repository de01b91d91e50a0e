"""config.settings._database: PostgreSQL's connections prepare the change stamp's statements unless turned off
(TENBOU_DB_PREPARED=0, for a pooler that cannot keep them), and are kept with a health check."""

from config.settings import _database


def test_postgresql_connections_prepare_unless_turned_off(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://tenbou@db.example:5432/tenbou?sslmode=require")
    monkeypatch.delenv("TENBOU_DB_PREPARED", raising=False)
    config = _database()
    assert config["OPTIONS"] == {"sslmode": "require", "prepare_threshold": 5}
    assert config["CONN_MAX_AGE"] == 60 and config["CONN_HEALTH_CHECKS"] is True
    monkeypatch.setenv("TENBOU_DB_PREPARED", "0")
    assert _database()["OPTIONS"]["prepare_threshold"] is None


def test_sqlite_has_no_prepare_threshold(monkeypatch, tmp_path):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'x.sqlite3'}")
    assert "prepare_threshold" not in _database()["OPTIONS"]
