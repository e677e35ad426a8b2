"""The lobby in a real browser: the games and their options, and switching to French."""

from __future__ import annotations

from browser_steps import create_table, open_lobby
from playwright.sync_api import Browser, Page, expect


def test_lobby_offers_every_game_with_explained_options(page: Page, server: str) -> None:
    open_lobby(page, server)
    titles = page.locator(".game-pick .game-title").all_inner_texts()
    assert {"Akropolis", "Aztec", "Zapotec"} <= {t.strip() for t in titles}
    page.locator('.game-pick:has(input[value="aztec"])').click()
    page.locator("details.options summary").click()
    options = page.locator(".option")
    assert options.count() >= 5
    # Each option has its one-line explanation, and the ASSUMED readings are marked.
    for i in range(options.count()):
        assert options.nth(i).locator(".explain").inner_text().strip()
    assert page.locator(".option .assumed").count() >= 1
    # Player count follows the game: Aztec is for 2 or 3.
    assert page.locator("#players option").all_inner_texts() == ["2", "3"]


def test_the_expert_seat_is_offered_only_where_a_network_ships(page: Page, server: str) -> None:
    open_lobby(page, server)

    def choices() -> list[str]:
        return page.locator("#seat-1 option").evaluate_all("els => els.map(e => e.value)")

    def offered(game: str, players: int) -> bool:
        page.locator(f'.game-pick:has(input[value="{game}"])').click()
        page.select_option("#players", str(players))
        return "expert" in choices()

    assert offered("aztec", 2)
    page.select_option("#seat-1", "expert")
    expect(page.locator("#seat-1 option:checked")).to_have_text("AI expert (network)")
    # Three players: no network ships, so the seat falls back to hard and expert is gone.
    page.select_option("#players", "3")
    assert "expert" not in choices()
    expect(page.locator("#seat-1")).to_have_value("hard")
    # Akropolis's leaf network ships for two players, Zapotec's for two, three and four.
    assert offered("akropolis", 2)
    assert not offered("akropolis", 4)
    assert offered("zapotec", 2)
    page.select_option("#seat-1", "expert")
    expect(page.locator("#seat-1 option:checked")).to_have_text("AI expert (network)")
    assert offered("zapotec", 4)
    assert offered("zapotec", 3)


def test_switching_to_french_changes_the_texts_and_is_remembered(page: Page, server: str) -> None:
    open_lobby(page, server)
    expect(page.locator("#create")).to_have_text("Create the table")
    page.click("#lang-fr")
    expect(page.locator("#create")).to_have_text("Créer la table")
    expect(page.locator("#create-title")).to_have_text("Nouvelle partie")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.locator('.game-pick:has(input[value="akropolis"])').click()
    page.locator("details.options summary").click()
    assert "Variante" in page.locator(".option .explain").first.inner_text()
    page.reload()
    expect(page.locator("#create")).to_have_text("Créer la table")
    # The table speaks French too: whose turn, the sheet, the choices, the rules.
    create_table(page, server, "aztec", ["you", "easy"], seed=2)
    expect(page.locator(".your-turn")).to_contain_text("À vous de jouer")
    expect(page.locator(".sheet th", has_text="Total")).to_be_visible()
    expect(page.locator("h2", has_text="Feuille de score")).to_be_visible()
    expect(page.locator(".choices h2")).to_have_text("Vos choix")
    page.locator("summary", has_text="Résumé des règles").click()
    expect(page.locator(".rules li").first).to_contain_text("bâtisseurs")
    page.click("#lang-en")
    expect(page.locator("h2", has_text="Score sheet")).to_be_visible()
    expect(page.locator(".your-turn")).to_contain_text("Your turn")


def test_an_unknown_table_says_so(page: Page, server: str) -> None:
    page.goto(server + "/t/no-such-table")
    expect(page.locator(".message.error")).to_contain_text("No such table")


def test_a_phone_held_sideways_gets_the_whole_width_and_the_choices_in_view(
    browser: Browser, server: str
) -> None:
    phone = browser.new_context(viewport={"width": 844, "height": 390}, locale="en-GB")
    try:
        page = phone.new_page()
        open_lobby(page, server)
        assert page.evaluate("document.documentElement.scrollWidth") <= 844
        create_table(page, server, "aztec", ["you", "easy"], seed=3)
        expect(page.locator(".your-turn")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 844
        board = page.locator(".board").bounding_box()
        assert board and board["width"] > 780
        choices = page.locator(".choices").bounding_box()
        assert choices and choices["y"] + choices["height"] <= 390 + 1
    finally:
        phone.close()
