"""rp2 in Pocket Table's uf2: the port's C module (_rp2: Flash, PIO, StateMachine,
DMA ...) as it is, without the port's rp2.py around it, whose PIO assembler (asm_pio)
the console never runs; its flash goes to the games (host_sim/uf2.py)."""

from _rp2 import *  # noqa: F403
