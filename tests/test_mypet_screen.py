"""My Pet on the headless device: a turn through the picker, why a card is refused, the
turn's end saved and resumed, the kind ending, the stats' list of past pets (and damage
to it set aside), and two people taking turns without counting in the stats."""

import json

from firmware import buttons as btn
from firmware import records, result
from host_sim import device
from shared_rules import mypet as p


def open_game(tmp_path, options=None, seed=3):
    app, board, d = device.make(str(tmp_path))
    d.idle()
    screen = app.start_game("mypet", seed=seed, options=options, resume=False)
    d.idle()
    return app, board, d, screen


play = device.press_move


def finish(app, screen, limit=400):
    for _ in range(limit):
        if screen.finished:
            return
        key = screen.bot_press()
        app.frame(key, key)
        app.frame(0, 0)
    raise AssertionError("the game did not end")


def test_a_turn_by_the_picker_and_the_turns_end_is_saved(tmp_path):
    app, board, d, screen = open_game(tmp_path)
    s = screen.s
    assert device.text_on_screen(board, "Rex", 0)
    played = 0
    for m in p.moves(s):
        if m != p.END:
            play(app, screen, m)
            played += 1
            break
    assert s.nmoves == played and s.turns[0] == 1
    play(app, screen, p.END)
    while s.phase == p.PH_DISCARD:
        play(app, screen, p.moves(s)[0])
    assert s.turns[0] == 2
    saved = p.dump(s)
    app2, board2, d2 = device.make(str(tmp_path))
    d2.idle()
    resumed = app2.start_game("mypet", resume=True)
    assert p.dump(resumed.s) == saved


def test_a_refused_card_says_why(tmp_path):
    app, board, d, screen = open_game(tmp_path)
    s = screen.s
    s.table[0][p.AGE] = 0
    s.hands[0][p.PLAY] += 1
    s.decks[0][: s.ndeck[0]]  # the deck is as it was; one Play card moved from it
    for i in range(s.ndeck[0]):
        if s.decks[0][i] == p.PLAY:
            s.decks[0][i] = s.decks[0][s.ndeck[0] - 1]
            s.ndeck[0] -= 1
            break
    p.check(s)
    screen.picker.reset()
    cells = screen.cells("hand")
    screen.picker.place("hand", cells.index(p.PLAY))
    app.frame(btn.A, btn.A)
    app.frame(0, 0)
    assert device.text_on_screen(board, "needs more Age", 56)


def test_the_end_tells_the_life_and_the_stats_keep_every_pet(tmp_path):
    app, board, d, screen = open_game(tmp_path, seed=3)
    finish(app, screen)
    s = screen.s
    a, b = p.life_words(p.score(s))
    assert device.text_on_screen(board, a, 27) and device.text_on_screen(board, b, 36)
    assert device.text_on_screen(board, "Rex: %d years" % s.table[0][p.AGE], 6)
    st = records.load_stats(app.store, "mypet", p)
    assert st["games"] == 1 and st["lives"] == "%d:%d" % (s.table[0][p.AGE], p.score(s))
    # a second pet: the list grows, newest last
    d.keys("A")
    screen = app.screen
    finish(app, screen)
    st = records.load_stats(app.store, "mypet", p)
    assert st["games"] == 2 and len(records.lives(st)) == 2
    assert records.lives(st)[1] == (screen.s.table[0][p.AGE], p.score(screen.s))


def test_the_list_keeps_the_last_hundred():
    st = {"games": 0, "lives": ""}
    for i in range(130):
        st["games"] += 1
        result.add_life(st, p.LIVES, i % 21, i % 30)
    got = records.lives(st, p.LIVES, 0, 29)
    assert len(got) == 100 and got[-1] == (129 % 21, 129 % 30) and got[0] == (30 % 21, 0)


def test_damaged_lives_are_set_aside(tmp_path):
    app, board, d = device.make(str(tmp_path))
    d.idle()
    bad = {"games": 1, "wins": 0, "clean": 0, "best": 5, "total": 5, "lives": "14:x"}
    with open(app.store.path("mypet.json"), "w") as f:
        json.dump(bad, f)
    st = records.load_stats(app.store, "mypet", p)
    assert st["games"] == 0 and st["lives"] == ""
    assert app.store.exists("mypet.json.bad")


def test_the_stats_screen_lists_past_pets(tmp_path):
    from firmware import launcher

    app, board, d = device.make(str(tmp_path))
    d.idle()
    st = {"games": 5, "wins": 0, "clean": 0, "best": 20, "total": 60, "lives": ""}
    for age, pts in ((3, 2), (20, 20), (14, 12), (9, 8), (17, 18)):
        result.add_life(st, p.LIVES, age, pts)
    result.save_stats(app.store, "mypet", st)
    app.go(launcher.StatsScreen(app, "mypet"))
    d.idle()
    assert device.text_on_screen(board, "Pets 5 best 20", 12)
    assert device.text_on_screen(board, "  5. 17y 18 pt", 34)  # newest first
    d.keys("DOWN,DOWN")
    assert device.text_on_screen(board, "  3. 14y 12 pt", 34)
    d.keys("DOWN")  # the end of the list: no further
    assert device.text_on_screen(board, "  3. 14y 12 pt", 34)


def test_two_people_take_turns_and_count_in_no_stats(tmp_path):
    app, board, d, screen = open_game(tmp_path, {"players": 2, "rules": "younger"})
    s = screen.s
    play(app, screen, p.END if p.END in p.moves(s) else p.moves(s)[0])
    while s.phase == p.PH_DISCARD or s.turn == 0:
        play(app, screen, p.moves(s)[-1])
    assert s.turn == 1 and device.text_on_screen(board, "Bella", 0)
    finish(app, screen, 2000)
    assert p.winner(s) == -1
    assert device.text_on_screen(board, "Rex", 6) and device.text_on_screen(board, "Bella", 16)
    assert records.load_stats(app.store, "mypet", p)["games"] == 0
