"""Duel, a scratch game defined only in tests/: its registry entry, registered by the
tests that use it (firmware.games.register(*ENTRY))."""

ENTRY = (
    "duel",
    "Duel",
    "scratch_game.duel",
    "scratch_game.duel_screen",
    "scratch_game.duel_help",
)
