"""The computer seats' turn loop: a pause a person can follow, a "thinking" sign, the
move, and a one-line log of what the computer did (docs/contract.md, seats).

Everything is counted in frames, so the same button inputs make the same computer
moves at the same frames: replays stay exact.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from firmware.app import tidy

PAUSE_FRAMES = const(16)  # 0.4 s before each computer move


class Seats:
    def __init__(self, screen):
        self.screen = screen
        self.wait = 0
        self.thinking = False

    def active(self):
        """A computer seat is to act."""
        screen = self.screen
        seat = screen.rules.to_act(screen.s)
        return seat >= 0 and seat not in screen.rules.humans(screen.s)

    def update(self):
        """One frame of a computer's turn: wait, show that it thinks, then move."""
        screen = self.screen
        rules = screen.rules
        s = screen.s
        self.wait += 1
        if self.wait < PAUSE_FRAMES:
            return
        seat = rules.to_act(s)
        if not self.thinking:  # drawn this frame; the search runs on the next
            self.thinking = True
            screen.thinking = True
            screen.show_log(rules.SEAT_NAMES[seat] + " thinking")
            return
        screen.players_room()
        move = rules.best_move(s)
        if screen.PLAYERS_EACH_MOVE:  # their room goes to the move's resolution
            screen.release_players()
        tidy()
        screen.thinking = False
        text = rules.move_log(s, seat, move)
        rules.play(s, move)
        self.thinking = False
        self.wait = 0
        screen.show_log(text)
        screen.after_move(move, seat)
        if not rules.over(s) and not self.active():
            screen.handed_over()  # in the thinking frame's time
            screen.autosave(False)  # back with a person, who may press at once: whole
