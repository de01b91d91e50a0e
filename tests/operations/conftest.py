"""Fixtures shared by the operations tests."""

import pytest


@pytest.fixture
def backup_dir(settings, tmp_path):
    """Snapshots on, written into a fresh folder, kept 14 days."""
    settings.TENBOU_BACKUP_DIR = tmp_path / "backups"
    settings.TENBOU_SNAPSHOTS = True
    settings.TENBOU_BACKUP_KEEP_DAYS = 14
    return settings.TENBOU_BACKUP_DIR
