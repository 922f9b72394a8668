"""The play pages as a newcomer meets them, without a browser: a campaign's "Play in the browser"
link opens the new-game form ready for that campaign and scenario (it used to land on an empty
form that would start scenario 1 without the campaign), a refused form keeps what was chosen,
the home page leads to every face, seats are named in words."""

from __future__ import annotations

import re
import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def campaign_form(html: str) -> str:
    m = re.search(r'<details class="panel campaign-form".*?</details>', html, re.S)
    assert m is not None
    return m.group(0)


def test_the_play_link_of_a_campaign_scenario_opens_the_form_for_it(web: TestClient) -> None:
    scenarios = web.get("/campaigns/Gloom%20Hold/scenarios").text
    link = re.search(r'href="(/play\?campaign=[^"]+)">Play in the browser', scenarios)
    assert link is not None
    html = web.get(link.group(1).replace("&amp;", "&").replace("scenario=1", "scenario=2")).text
    box = campaign_form(html)
    assert " open>" in box.split("\n")[0]  # unfolded: the player sees it at once
    assert 'name="campaign" required value="Gloom Hold"' in box
    assert '<option value="2" selected>' in box
    assert '<option value="Gloom Hold">' in box  # the campaigns of this database, offered by name
    # above the plain new-game form (on a phone that form fills the screen: its Start would
    # begin a game without the campaign)
    assert html.index('id="campaign-box"') < html.index('id="new-game"')
    assert html.count('id="campaign-box"') == 1


def test_the_plain_form_keeps_its_defaults_and_ignores_a_bad_scenario(web: TestClient) -> None:
    html = web.get("/play?scenario=999").text
    box = campaign_form(html)
    assert " open>" not in box.split("\n")[0] and 'value=""' in box
    assert html.index('id="new-game"') < html.index('id="campaign-box"')
    assert '<option value="1" selected>' in box


def test_a_refused_campaign_game_returns_to_the_form_with_the_campaign_kept(web: TestClient) -> None:
    r = web.post(
        "/play/campaign",
        data={"campaign": "Gloom Hold", "characters": "", "scenario": "2", "difficulty": "normal"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    html = web.get(r.headers["location"]).text
    assert 'class="error"' in html and "scenario 2 is not unlocked" in html
    box = campaign_form(html)
    assert 'value="Gloom Hold"' in box and '<option value="2" selected>' in box


def test_the_home_page_leads_to_every_face_a_player_uses(web: TestClient) -> None:
    """The README says "open the address and choose Play": the home page offers it (and the
    campaigns and the table), not only the monster mover and the odds."""
    html = web.get("/").text
    home = html[html.index('<section class="home">') :]
    for href in ("/play", "/campaigns", "/table", "/mover", "/odds"):
        assert f'<a class="card" href="{href}">' in home


def test_a_refused_new_game_keeps_everything_the_player_chose(web: TestClient) -> None:
    """A wrong item number used to send the player back to a reset form (scenario 1, Brute and
    Mindthief): the classes, levels, players, items, difficulty and seed they chose were lost."""
    form = {
        "scenario": "4", "class1": "brute", "class2": "spellweaver", "class3": "scoundrel", "class4": "",
        "level1": "1", "level2": "3", "level3": "1", "level4": "1", "items1": "999", "items2": "",
        "items3": "", "items4": "", "player1": "person", "player2": "greedy", "player3": "random",
        "player4": "person", "difficulty": "hard", "seed": "11",
    }  # fmt: skip
    r = web.post("/play", data=form, follow_redirects=False)
    assert r.status_code == 422 and 'class="error"' in r.text and "item 999" in r.text
    main = r.text[r.text.index('id="new-game"') :]
    for selected in (
        '<option value="4" selected>', '<option value="spellweaver" selected>',
        '<option value="scoundrel" selected>', '<option value="3" selected>level 3',
        '<option value="greedy" selected>', '<option value="random" selected>',
        '<option value="hard" selected>',
    ):  # fmt: skip
        assert selected in main, selected
    assert 'value="999"' in main and 'value="11"' in main
    assert '<option value="mindthief" selected>' not in main  # not the defaults again


def test_the_campaign_form_says_in_words_what_is_wrong_and_not_where_the_server_keeps_it(
    web: TestClient,
) -> None:
    said = []
    for fields in ({"campaign": "Gloom Hold", "scenario": "abc"}, {"campaign": " ", "scenario": "1"},
                   {"campaign": "Nope", "scenario": "1"}):  # fmt: skip
        r = web.post("/play/campaign", data=fields, follow_redirects=False)
        said.append(re.search(r'class="error" role="alert">([^<]*)<', web.get(r.headers["location"]).text))
    words = [m.group(1) if m else "" for m in said]
    assert words[0] == "scenario: the scenario is a number, 1 to 95"  # not Python's "invalid literal"
    assert words[1] == "campaign: name the campaign whose characters play"
    assert "Nope" in words[2] and "sqlite3" not in words[2] and "Gloom Hold" in words[2]


def test_the_host_page_names_each_seat_in_words_not_by_its_id(web: TestClient) -> None:
    form = {"scenario": "1", "class1": "brute", "class2": "mindthief", "seed": "4"}
    page = web.post("/play", data=form).text  # the host's browser, on to the first seat
    assert '<b id="you">Brute</b>' in page
    assert "<li>Mindthief: <a " in page and "<li>Spectator (sees no hand): <a " in page
    assert "<li>mindthief:" not in page


def test_the_host_back_on_the_games_plain_link_is_offered_their_seats_first(web: TestClient) -> None:
    """"Continue a game" opens a game's plain link: the host who started it landed as a spectator
    with no control and the seats' links at the foot of the side column."""
    form = {"scenario": "1", "class1": "brute", "class2": "mindthief", "seed": "4"}
    started = web.post("/play", data=form, follow_redirects=False)
    gid = started.headers["location"].split("/play/")[1].split("?")[0]
    web.get(started.headers["location"])  # the host's cookie is set
    mine = web.get("/play").text
    assert f'href="/play/{gid}"' in mine  # the "Continue a game" link
    page = web.get(f"/play/{gid}").text
    banner = re.search(r'<p class="host-seats">(.*?)</p>', page, re.S)
    assert banner is not None and ">Brute</a>" in banner.group(1) and ">Mindthief</a>" in banner.group(1)
    assert page.index('class="host-seats"') < page.index('id="board"')
    with TestClient(web.app) as other:  # someone else on the plain link: a spectator, no seats offered
        assert 'class="host-seats"' not in other.get(f"/play/{gid}").text
