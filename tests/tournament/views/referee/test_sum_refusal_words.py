"""The refusal of a table whose scores do not add up, as the referee reads it (issue 21, item 2): every figure in
the page's number format, and the difference said as a person says it ("1,000 too many", "1,000 short"), never a
signed number after "too many". The demo's EMA 2016 rules: 4 x 30,000 = 120,000 at a table (3.6)."""

import re

import pytest

from tests.tournament.views.referee.conftest import form_data, table_url
from tournament.models import TableResult


def refusal(response) -> str:
    """The sentence at the top of the form, its tags and spacing gone."""
    html = response.content.decode()
    found = re.search(r"the scores add up to[^<]*|de scores tellen op tot[^<]*", html)
    assert found, html
    return " ".join(found.group(0).split())


@pytest.mark.parametrize(
    "raws, language, sentence",
    [
        # 41,000 + 30,000 + 30,000 + 20,000 = 121,000: 1,000 more than 120,000
        (
            ["41000", "30000", "30000", "20000"],
            "en",
            "the scores add up to 121,000; they must add up to 120,000 (1,000 too many)",
        ),
        # 40,000 + 30,000 + 30,000 + 19,000 = 119,000: 1,000 less than 120,000
        (
            ["40000", "30000", "30000", "19000"],
            "en",
            "the scores add up to 119,000; they must add up to 120,000 (1,000 short)",
        ),
        (
            ["41000", "30000", "30000", "20000"],
            "nl",
            "de scores tellen op tot 121.000; dat moet 120.000 zijn (1.000 te veel)",
        ),
        (
            ["40000", "30000", "30000", "19000"],
            "nl",
            "de scores tellen op tot 119.000; dat moet 120.000 zijn (1.000 te weinig)",
        ),
    ],
)
def test_the_sum_refusal_reads_as_a_person_says_it(referee_client, table, raws, language, sentence):
    response = referee_client.post(table_url(table), form_data(raws), headers={"accept-language": language})
    assert response.status_code == 400
    assert refusal(response) == sentence
    assert not TableResult.objects.filter(table=table).exists()


def test_no_english_figure_in_the_dutch_refusal(referee_client, table):
    # 60,500 + 30,000 + 30,000 + 20,000 = 140,500: 20,500 too many
    response = referee_client.post(
        table_url(table), form_data(["60500", "30000", "30000", "20000"]), headers={"accept-language": "nl"}
    )
    text = refusal(response)
    assert "140.500" in text and "(20.500 te veel)" in text
    assert not re.search(r"\d,\d{3}|[+-]\d", text)


@pytest.mark.parametrize("language, said", [("en", "· 1,000 too many"), ("nl", "· 1.000 te veel")])
def test_the_sum_box_says_how_many_too_many_without_a_sign(referee_client, table, language, said):
    """The sum box under the form: 121,000 typed of 120,000 (3.6) is "1,000 too many", not "-1,000 too many"."""
    response = referee_client.post(
        table_url(table),
        form_data(["41000", "30000", "30000", "20000"]),
        headers={"accept-language": language},
    )
    box = response.content.decode().split('<p class="sum">', 1)[1].split("</p>", 1)[0]
    text = " ".join(re.sub(r"<[^>]+>", " ", box).split())
    assert said in text and "-1" not in text, text


def test_the_refusal_is_shown_once_on_the_page(referee_client, table):
    """Item 11: the refused sum is said once, at the top of the form (the sum box beside it says "1,000 too many")."""
    response = referee_client.post(table_url(table), form_data(["41000", "30000", "30000", "20000"]))
    assert response.content.decode().count("the scores add up to 121,000") == 1


def test_the_live_preview_alone_still_says_the_refusal(referee_client, table):
    """The preview the phone asks for while typing (no top of the form there) keeps the sentence."""
    response = referee_client.post(
        table_url(table, "preview/"), form_data(["41000", "30000", "30000", "20000"])
    )
    assert "the scores add up to 121,000" in response.content.decode()
