import pytest

from tournament.models import AuditEntry


@pytest.fixture
def admin_client(client, django_user_model, demo):
    admin = django_user_model.objects.create_superuser("boss", password="x-secret-123")
    client.force_login(admin)
    return client


def test_admin_edit_is_audited(admin_client, demo):
    player = demo.registrations.get(key="p01").player
    response = admin_client.post(
        f"/admin/tournament/player/{player.pk}/change/",
        {"first_name": "Anna", "last_name": "de Vries-Bakker", "ema_id": player.ema_id, "country": "NED"},
    )
    assert response.status_code == 302
    entry = AuditEntry.objects.filter(action="player.update").latest("id")
    assert entry.actor_label == "boss" and list(entry.data["changes"]) == ["last_name"]


def test_rules_are_read_only_in_admin_once_results_exist(admin_client, demo):
    html = admin_client.get(f"/admin/tournament/tournament/{demo.pk}/change/").content.decode()
    assert '<select name="ruleset" disabled' in html
