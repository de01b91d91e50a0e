"""Issue "Trust on the day", item 15: the seating search's seed is a whole number from 0 to MAX_SEED (2**63 - 1,
scoring.limits), refused by the form (a 400 naming the field), by the generator for the commands, and the proposal
page never computes a number it cannot show. Before, a 4,300-digit seed was searched with and the proposal page
answered 500 (seed + 1 has 4,301 digits, more than Python turns into text)."""

import io

import pytest
from django.core.management import CommandError, call_command

from scoring.limits import MAX_SEED
from scoring.seating import ScheduleError, generate_schedule, swiss_session
from tournament.models import AuditEntry, Job

BASE = "/t/event/organise/seating/"

pytestmark = pytest.mark.usefixtures("quick_search")  # the pages and flows, not the search


@pytest.fixture
def event(played):
    return played  # tests/conftest.py: built once, each test rolled back


@pytest.fixture
def organiser(client, event, make_user):
    client.force_login(make_user("org", tournament=event, role="organiser"))
    return client


@pytest.mark.parametrize(
    "seed",
    ["9" * 4300, str(MAX_SEED + 1), "-1", "²"],
    ids=["4300-digits", "max-plus-one", "minus-one", "superscript"],
)
def test_a_seed_outside_0_to_max_seed_is_refused_at_its_field(organiser, event, seed):
    before = (Job.objects.count(), AuditEntry.objects.count())
    response = organiser.post(BASE + "generate/", {"sessions": "8", "seed": seed})
    assert response.status_code == 400
    html = response.content.decode()
    error = html.split('name="seed"')[1].split("</p>")[0]
    assert 'aria-invalid="true"' in error or "field-error" in error
    assert (Job.objects.count(), AuditEntry.objects.count()) == before


def test_the_largest_seed_is_searched_with_and_the_proposal_offers_seed_0_next(organiser, event):
    response = organiser.post(BASE + "generate/", {"sessions": "8", "seed": str(MAX_SEED)})
    assert response.status_code == 302
    organiser.post(BASE + f"proposal/from-job/{event.jobs.get().pk}/")
    html = organiser.get(BASE + "proposal/").content.decode()
    assert f"Generated with seed {MAX_SEED}." in html
    assert 'name="seed" value="0"' in html  # the next seed wraps round instead of leaving the range


@pytest.mark.parametrize(
    "seed", [-1, MAX_SEED + 1, 10**4300], ids=["minus-one", "max-plus-one", "4301-digits"]
)
def test_the_generator_refuses_a_seed_outside_the_range(seed):
    with pytest.raises(ScheduleError) as caught:
        generate_schedule(8, 2, seed=seed, time_budget=5)
    assert caught.value.code == "bad_seed"
    assert caught.value.message == f"the seed must be a whole number from 0 to {MAX_SEED:,}"
    with pytest.raises(ScheduleError):
        swiss_session(list(range(8)), (), seed=seed)


def test_the_commands_refuse_it_in_one_line(event):
    with pytest.raises(CommandError, match="the seed must be a whole number from 0 to"):
        call_command(
            "seating_plan", "--players", "8", "--sessions", "2", "--seed", "9" * 4300, stdout=io.StringIO()
        )
    # generate_seating goes through the service: the sentence of tournament.errors, in the reader's language
    with pytest.raises(CommandError, match="The seed must be a whole number from 0 to"):
        call_command(
            "generate_seating", "event", "--sessions", "8", "--seed", str(MAX_SEED + 1), stdout=io.StringIO()
        )
