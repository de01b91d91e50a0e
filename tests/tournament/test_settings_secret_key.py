"""config/settings.py: the secret key. Issue 13: a whitespace-only DJANGO_SECRET_KEY was accepted with DEBUG off."""

import runpy
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

SETTINGS = Path(__file__).resolve().parents[2] / "config" / "settings.py"


def load_settings(monkeypatch, *, debug: str, key: str | None) -> dict:
    """The settings module run afresh with these environment variables (Django's own settings are untouched)."""
    monkeypatch.setenv("DJANGO_DEBUG", debug)
    if key is None:
        monkeypatch.delenv("DJANGO_SECRET_KEY", raising=False)
    else:
        monkeypatch.setenv("DJANGO_SECRET_KEY", key)
    return runpy.run_path(str(SETTINGS))


@pytest.mark.parametrize("key", [None, "", " ", "   ", "\t\n ", "\u00a0"])
def test_production_refuses_a_missing_or_blank_secret_key(monkeypatch, key):
    with pytest.raises(ImproperlyConfigured, match="^Set DJANGO_SECRET_KEY to a long random value"):
        load_settings(monkeypatch, debug="0", key=key)


def test_production_takes_the_secret_key_as_given(monkeypatch):
    key = " k3y-with-a-space-inside and around-" * 2
    assert load_settings(monkeypatch, debug="0", key=key)["SECRET_KEY"] == key


def test_development_uses_its_own_key_when_none_is_given(monkeypatch):
    settings = load_settings(monkeypatch, debug="1", key="   ")
    assert settings["SECRET_KEY"] == "development-only-insecure-key-never-use-in-production"
