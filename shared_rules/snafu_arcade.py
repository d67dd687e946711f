"""Snafu's arcade rule set (option `rules: arcade`): the cartridge's tick, and every
save or replay made before the text rules. Imported when an arcade tick is played."""

from shared_rules import snafu as sn


def resolve(s, want):
    """The cartridge's tick (and every save or replay made before the text rules): a
    trail whose square is taken crashes; of trails wanting one free square the single
    highest roll takes it and the others crash (D4). Returns the crashed trails' bits."""
    board = s.board
    crashed = 0
    for t in range(4):
        c = want[t]
        if c < 0:
            continue
        if board[c] != sn.EMPTY:
            crashed |= 1 << t
            continue
        # a contested square: everyone who wants it rolls, in trail order
        rivals = 0
        for u in range(t + 1, 4):
            if want[u] == c:
                rivals |= 1 << u
        if not rivals or crashed & (1 << t) or s.rolls[t]:
            continue
        crashed |= sn.roll_off(s, rivals | 1 << t)
    return crashed
