"""Referees' phones for the concurrency tests: a logged-in client that posts the forms a page rendered, and a
way to let several of them post at the same moment."""

import copy
import threading

from django.db import connection
from django.test import Client

from tests.operations.http_client import read_forms
from tournament.models import Penalty


def page_forms(html: str) -> list[dict]:
    """The page's forms as the phones use them: id, action and the named fields' values (http_client reads them)."""
    return [{"id": form.id, "action": form.action, "fields": dict(form.fields)} for form in read_forms(html)]


class Phone:
    """One referee's phone: its own session, reading each form from the page before posting it."""

    def __init__(self, user, table, *, cookies=None):
        self.user, self.client = user, Client(enforce_csrf_checks=True)
        self.url = f"/t/{table.session.tournament.slug}/referee/sessions/{table.session.number}/tables/{table.number}/"
        if cookies is None:
            self.client.force_login(user)
        else:  # the same phone again: its session and CSRF cookies
            self.client.cookies = copy.deepcopy(cookies)

    def again(self) -> "Phone":
        """A second connection of this phone (a retry over bad Wi-Fi)."""
        clone = Phone.__new__(Phone)
        clone.user, clone.url, clone.client = self.user, self.url, Client(enforce_csrf_checks=True)
        clone.client.cookies = copy.deepcopy(self.client.cookies)
        return clone

    def forms(self) -> list[dict]:
        response = self.client.get(self.url)
        assert response.status_code == 200, response.status_code
        return page_forms(response.content.decode())

    def table_form(self) -> dict:
        return next(form for form in self.forms() if form["id"] == "table-form")

    def penalty_form(self, wind: str, kind: str) -> dict:
        """The one-tap chombo form of a seat, or (another kind) the penalty form with its choices filled in."""
        for form in self.forms():
            fields = form["fields"]
            if kind == "chombo" and fields.get("kind") == "chombo" and fields.get("seat") == wind:
                return form
            if kind != "chombo" and "points" in fields:
                return {**form, "fields": {**fields, "seat": wind, "kind": kind}}
        raise AssertionError(f"no {kind} form for {wind}")

    def cancel_form(self, penalty: Penalty) -> dict:
        return next(
            form
            for form in self.forms()
            if form["action"].endswith("/penalties/cancel/") and form["fields"]["penalty"] == str(penalty.pk)
        )

    def post(self, form: dict, values: dict, **kwargs):
        return self.client.post(form["action"], {**form["fields"], **values}, **kwargs)


def at_once(works: list) -> list:
    """Run each ``work(barrier)`` in its own thread; each passes the barrier once per post. What each returned
    (or raised) comes back in order. Every thread closes its database connection."""
    barrier = threading.Barrier(len(works), timeout=120)
    outcomes = [None] * len(works)

    def run(index):
        try:
            outcomes[index] = works[index](barrier)
        except BaseException as error:  # noqa: BLE001 - reported by the test
            outcomes[index] = error
            barrier.abort()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(index,), daemon=True) for index in range(len(works))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    assert not any(thread.is_alive() for thread in threads), "a phone never finished"
    errors = [outcome for outcome in outcomes if isinstance(outcome, BaseException)]
    assert not errors, errors
    return outcomes
