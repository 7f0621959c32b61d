"""MCR quick entry by its fans (scoring/tables/forms.FanWinForm, game.by_fans): the fans ticked,
the flowers counted, the total and the money from the engine; an exclusion or a hand under the
minimum refused in the engine's words, the ticks kept. Players A=0, B=1, C=2, D=3 sit East,
South, West, North in the first hand."""

import pytest
from django.urls import reverse

from scoring.tables.game import WinEntry, net_of, quick_entry, start
from scoring.tables.models import Table

A, B, C, D = range(4)
NAMES = {"player0": "Ann", "player1": "Bob", "player2": "Cy", "player3": "Di"}


def test_ticked_fans_are_added_up_and_paid_by_the_engine():
    # B (South) wins All Pungs 6 + Half Flush 6 = 12 on A's discard: A pays 8 + 12, C and D 8.
    recorded = quick_entry("mcr", {}, start(4), WinEntry(
        winner=B, discarder=A, fans=(("48", 1), ("49", 1))))
    assert recorded.total == 12
    assert net_of(recorded.transfers, 4) == [-20, 36, -8, -8]
    assert recorded.detail["fans"] == {"48": 1, "49": 1}


def test_flowers_are_paid_but_not_toward_the_minimum():
    # Half Flush 6 + Pure Double Chow 1 + 3 flowers = 10 but 7 without them: refused.
    from scoring.engine.errors import HandError
    with pytest.raises(HandError, match="under the minimum of 8"):
        quick_entry("mcr", {}, start(4), WinEntry(
            winner=B, discarder=A, fans=(("49", 1), ("69", 1)), flowers=3))
    # With Mixed Straight 8 too, self-drawn: 8 + 1 + 2 flowers = 11, each pays 8 + 11.
    recorded = quick_entry("mcr", {}, start(4), WinEntry(
        winner=B, self_drawn=True, fans=(("39", 1), ("80", 1)), flowers=2))
    assert recorded.total == 11
    assert net_of(recorded.transfers, 4) == [-19, 57, -19, -19]


@pytest.fixture
def mcr_table(client):
    client.post(reverse("table-new"), {"variant": "mcr", "name": "Club", **NAMES})
    return Table.objects.get()


@pytest.mark.django_db
def test_the_page_offers_the_fans_grouped_by_value_with_the_flowers(client, mcr_table):
    page = client.get(reverse("table-edit", args=[mcr_table.edit_token])).content.decode()
    # The 13 values: 88 64 48 32 24 16 12 8 6 5 (Concealed and Melded Kong) 4 2 1.
    assert page.count('class="fan-group"') == 13
    assert "Worth 88 fan" in page and "Big Four Winds" in page
    assert 'name="fan_48" type="checkbox"' in page or 'type="checkbox" name="fan_48"' in page
    assert 'name="fan_59"' in page and "×4" in page  # Dragon Pung: counted per set
    assert 'name="fan_81"' not in page and 'name="flowers"' in page


@pytest.mark.django_db
def test_posting_the_ticks_records_the_engine_total(client, mcr_table):
    url = reverse("table-win", args=[mcr_table.edit_token])
    posted = client.post(url, {"winner": B, "source": A, "total": "", "fan_48": "on",
                               "fan_49": "on", "flowers": 1})
    assert posted.status_code == 302
    hand = mcr_table.hands.get()
    assert hand.total == 13  # 6 + 6 + a flower
    assert mcr_table.totals() == [-21, 37, -8, -8]
    assert hand.detail["fans"] == {"48": 1, "49": 1} and hand.detail["flowers"] == 1


@pytest.mark.django_db
@pytest.mark.parametrize("ticks, message", [
    pytest.param({"fan_1": "on", "fan_48": "on"},
                 "Big Four Winds already counts All Pungs: untick All Pungs.", id="exclusion"),
    pytest.param({"fan_49": "on", "fan_69": "1", "flowers": "2"},
                 "7 fan without the flowers is under the minimum of 8", id="minimum"),
    pytest.param({"fan_48": "on", "total": "12"}, "Type the total or tick the fans, not both.",
                 id="both"),
    pytest.param({"flowers": "2", "total": "12"}, "The flowers are counted with the ticked",
                 id="flowers-alone"),
    pytest.param({}, "Type the hand&#x27;s total, or tick its fans.", id="nothing"),
])
def test_refused_ticks_come_back_with_the_message_and_the_ticks(client, mcr_table, ticks,
                                                                   message):
    url = reverse("table-win", args=[mcr_table.edit_token])
    posted = client.post(url, {"winner": B, "source": A, "total": "", **ticks},
                         HTTP_HX_REQUEST="true")
    page = posted.content.decode()
    assert posted.status_code == 200 and message in page
    assert not mcr_table.hands.exists()
    if "fan_1" in ticks:
        assert '<details class="fan-ticks" open>' in page
        assert 'name="fan_1" id="id_fan_1" checked' in page or (
            'checked' in page.split('name="fan_1"')[1][:80])


@pytest.mark.django_db
def test_a_typed_total_still_works(client, mcr_table):
    url = reverse("table-win", args=[mcr_table.edit_token])
    assert client.post(url, {"winner": A, "source": B, "total": 10}).status_code == 302
    assert mcr_table.totals() == [34, -18, -8, -8]


@pytest.mark.django_db
def test_the_fans_are_named_in_the_page_language(client, mcr_table):
    client.cookies["django_language"] = "fr"
    page = client.get(reverse("table-edit", args=[mcr_table.edit_token]),
                      HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Cocher les fans" in page


@pytest.mark.django_db
def test_a_hand_entered_by_its_fans_is_edited_by_its_ticks(client, mcr_table):
    client.post(reverse("table-win", args=[mcr_table.edit_token]),
                {"winner": B, "source": A, "total": "", "fan_48": "on", "fan_49": "on",
                 "fan_59": "1", "flowers": 1})
    hand = mcr_table.hands.get()
    assert hand.total == 15  # 6 + 6 + a Dragon Pung 2 + a flower
    url = reverse("table-hand", args=[mcr_table.edit_token, hand.pk])
    page = client.get(url).content.decode()
    assert '<details class="fan-ticks" open>' in page
    assert 'checked' in page.split('name="fan_48"')[1][:60]
    assert '<option value="1" selected>×1</option>' in page
    # Half Flush unticked, two pungs of 9s and 1s instead: All Pungs 6 + Dragon Pung 2 + Pung
    # of Terminals or Honors 2 x 1 + 1 flower = 11, Ann pays 8 + 11.
    posted = client.post(url, {"action": "win", "version": hand.version, "winner": B,
                               "source": A, "total": "", "fan_48": "on", "fan_59": "1",
                               "fan_73": "2", "flowers": 1})
    assert posted.status_code == 302, posted.content.decode()[:300]
    hand.refresh_from_db()
    assert hand.total == 11 and hand.detail["fans"] == {"48": 1, "59": 1, "73": 2}
    assert mcr_table.totals() == [-19, 35, -8, -8]
