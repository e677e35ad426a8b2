"""Two browsers as the two seats of a Zapotec game: each sees its own hand only, in the page and
in every WebSocket frame it receives."""

from __future__ import annotations

import re

from browser_steps import create_table, play_one_move, record_frames, view_json
from playwright.sync_api import Browser, expect


def _hand_tokens(view: dict) -> set[str]:
    seat = view["you"]
    hand = view["observation"]["players"][seat]["hand"]
    return {re.match(r"#\d+", card).group(0) for card in hand}


def test_two_seats_each_see_only_their_own_hand(browser: Browser, server: str) -> None:
    first = browser.new_context(locale="en-GB")
    second = browser.new_context(locale="en-GB")
    third = browser.new_context(locale="en-GB")
    try:
        host = first.new_page()
        frames_host = record_frames(host)
        table = create_table(host, server, "zapotec", ["you", "friend"], seed=8)
        invite = host.locator(".invite-url").first.input_value()
        assert f"/t/{table}?invite=" in invite
        guest = second.new_page()
        frames_guest = record_frames(guest)
        guest.goto(invite)
        guest.wait_for_url(f"**/t/{table}")
        expect(guest.locator(".table-head h1")).to_have_text("Zapotec")
        expect(host.locator(".badge.status-running")).to_be_visible()
        host_view = view_json(host, server, table)
        guest_view = view_json(guest, server, table)
        assert host_view["you"] == 0 and guest_view["you"] == 1
        host_hand, guest_hand = _hand_tokens(host_view), _hand_tokens(guest_view)
        assert host_hand and guest_hand and not host_hand & guest_hand
        # Play the secret card choice from the host's screen, then look at what each received.
        expect(host.locator(".your-turn")).to_be_visible()
        play_one_move(host)
        expect(guest.locator(".your-turn")).to_be_visible()
        guest.wait_for_timeout(500)
        assert frames_host and frames_guest
        host_text, guest_text = "\n".join(frames_host), "\n".join(frames_guest)
        for token in host_hand:
            assert token not in guest_text, f"the guest received {token} of the host's hand"
            assert token not in guest.locator(".board").inner_text()
        for token in guest_hand:
            assert token not in host_text, f"the host received {token} of the guest's hand"
            assert token not in host.locator(".board").inner_text()
        # Each does see its own hand.
        assert any(token in host_text for token in host_hand)
        assert any(token in guest_text for token in guest_hand)
        # A spectator watching from the lobby's list sees neither hand and has no choices.
        watcher = third.new_page()
        frames_watcher = record_frames(watcher)
        watcher.goto(server + "/")
        watcher.locator(f"#list-running a[href='/t/{table}']").click()
        watcher.wait_for_url(f"**/t/{table}")
        expect(watcher.locator(".table-head")).to_contain_text("You are watching this game.")
        expect(watcher.locator(".board svg")).to_be_visible()
        expect(watcher.locator(".choices")).to_be_empty()
        watcher.wait_for_timeout(500)
        watcher_text = "\n".join(frames_watcher) + watcher.locator(".board").inner_text()
        assert frames_watcher
        for token in host_hand | guest_hand:
            assert token not in watcher_text, f"a spectator received {token}"
    finally:
        first.close()
        second.close()
        third.close()
