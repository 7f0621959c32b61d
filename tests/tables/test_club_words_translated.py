"""The club tables' words in French and Chinese on the pages: an MCR table's games of sixteen
hands and their table points, a Riichi table's East-only game, bust and abortive draw, and the
words the offline board draws with (read from the catalogs with their `%s` kept)."""
import pytest
from django.urls import reverse

from scoring.tables.models import Table

pytestmark = pytest.mark.django_db

NAMES = {"player0": "Ann", "player1": "Bob", "player2": "Cy", "player3": "Di"}
A, B, C, D = range(4)
ACCEPT = {"fr": "fr", "zh_hans": "zh-CN", "zh_hant": "zh-HK"}


def open_table(client, variant, **fields):
    response = client.post(reverse("table-new"), {"variant": variant, "name": "Club", **NAMES,
                                                  **fields})
    assert response.status_code == 302, response.content.decode()[:800]
    return Table.objects.get()


def post(client, table, name, data):
    response = client.post(reverse(name, args=[table.edit_token]), data)
    assert response.status_code in (200, 302), response.content.decode()[:800]


def page(client, table, name, language, token="view_token") -> str:
    return client.get(reverse(name, args=[getattr(table, token)]),
                      HTTP_ACCEPT_LANGUAGE=ACCEPT[language]).content.decode()


@pytest.mark.parametrize(("language", "words"), [
    ("fr", ["La prochaine main est la première de la partie 2.", "Points de table",
            "Partie 1 : 16 mains sur 16", "Points de table, toutes les parties",
            "4, 2, 1 et 0 points de table"]),
    ("zh_hans", ["下一局是第 2 场的第一局。", "标准分", "第 1 场：已打 16 局，共 16 局",
                 "标准分（所有场次）"]),
    ("zh_hant", ["下一局是第 2 場的第一局。", "標準分", "第 1 場：已打 16 局，共 16 局",
                 "標準分（所有場次）"]),
])
def test_an_mcr_club_game_in_other_languages(client, language, words):
    table = open_table(client, "mcr")
    post(client, table, "table-false-win", {"false-declarer": C, "false-source": D})
    for _ in range(16):
        post(client, table, "table-draw", {})
    text = page(client, table, "table-view", language)  # game 1 over, game 2 next
    post(client, table, "table-win", {"winner": D, "source": "self", "total": 8})
    text += page(client, table, "table-settle", language)
    assert [w for w in words if w not in text] == []
    for english in ("Table points", "The next hand is the first of game", "a penalty;"):
        assert english not in text


@pytest.mark.parametrize(("language", "words"), [
    ("fr", ["Main nulle interrompue : quatre kongs (suukaikan). Personne ne paie ; le donneur "
            "garde la donne.", "Ann : sous 0 points, en faillite (tobi)."]),
    ("zh_hans", ["途中流局： 四杠散了. 无人付点；庄家连庄。", "Ann：点数低于 0，被飞。"]),
    ("zh_hant", ["途中流局： 四槓散了. 無人付點；莊家連莊。", "Ann：點數低於 0，被飛。"]),
])
def test_a_riichi_club_game_in_other_languages(client, language, words):
    table = open_table(client, "riichi", east_only="on", tobi="on")
    post(client, table, "table-draw", {"draw-abortive": "four_kongs"})
    post(client, table, "table-win", {"winner": B, "source": A, "total": "yakuman1"})
    text = page(client, table, "table-view", language)
    assert [w for w in words if w not in text] == []
    assert "Abortive draw" not in text and "bust (tobi)" not in text


@pytest.mark.parametrize(("language", "wins_self"), [
    ("fr", 'data-wins-self="%s gagne sur sa pioche"'),
    ("zh_hans", 'data-wins-self="%s自摸"'),
    ("zh_hant", 'data-wins-self="%s自摸"'),
])
def test_the_offline_boards_words_keep_their_placeholder(client, language, wins_self):
    table = open_table(client, "riichi")
    assert wins_self in page(client, table, "table-edit", language, token="edit_token")


@pytest.mark.parametrize(("language", "words"), [
    ("fr", ["chombo : une fausse victoire.", "La main est rejouée : le même donneur",
            "Personne n&#x27;a atteint 30000 points : la partie continue dans le tour Sud",
            "Enregistrer le chombo"]),
    ("zh_hans", ["错和：诈胡。", "这一局重打：同一庄家", "无人达到 30000 点：对局继续进入南风圈",
                 "记录错和"]),
    ("zh_hant", ["錯和：詐糊。", "這一局重打：同一莊家", "無人達到 30000 點：對局繼續進入南風圈",
                 "記錄錯和"]),
])
def test_a_riichi_chombo_and_the_extra_round_in_other_languages(client, language, words):
    """A chombo, then four non-dealer wins of 1,000 in turn: East only with the West-round
    extension, nobody at 30,000, the game goes on into South."""
    table = open_table(client, "riichi", east_only="on", west_round="on")
    post(client, table, "table-false-win", {"false-declarer": B, "false-reason": "false_win"})
    for winner, discarder in ((B, C), (C, D), (D, A), (A, B)):
        post(client, table, "table-win", {"winner": winner, "source": discarder, "total": "1",
                                          "fu": "30"})
    text = page(client, table, "table-edit", language, token="edit_token")
    assert [w for w in words if w not in text] == []
    assert "chombo: a false win" not in text and "Nobody has reached" not in text
