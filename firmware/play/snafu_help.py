"""Snafu help pages: (title, line, ...) each, 14/16 characters at most, plain ASCII."""

PAGES = (
    (
        "Goal",
        "You are red. All",
        "trails grow one",
        "square a tick.",
        "Blocked: you go",
        "round; boxed in:",
        "crash. Last wins",
    ),
    (
        "Rules option",
        "Text (default):",
        "blocked? take a",
        "free side square",
        "Arcade: blocked",
        "means a crash,",
        "as the cartridge",
    ),
    (
        "A round",
        "A: start. Trails",
        "set off a random",
        "way. Steer with",
        "the d-pad.",
        "U-turns are",
        "ignored.",
    ),
    (
        "Same square",
        "2+ trails, one",
        "square: all roll",
        "a d6. High roll",
        "takes it, rest",
        "go round. A tie:",
        "all crash.",
    ),
    (
        "Winning",
        "Last trail left",
        "wins the round.",
        "Crash together:",
        "a draw.",
        "Most round wins",
        "take the match.",
    ),
    (
        "16 variations",
        "Trails: 2 or 4.",
        "8-way: diagonal",
        " moves allowed.",
        "Vanish: crashed",
        " trails go away.",
        "Obstacles: 5-8.",
    ),
    (
        "Controls",
        "d-pad: steer red",
        "8-way: hold 2",
        "arrows: diagonal",
        "A: go  B: pause",
        "Hold A+B: save",
        "and quit.",
    ),
    (
        "2 players",
        "Red: d-pad.",
        "Blue: B = left,",
        "A = right turn",
        "(8-way: 1/8).",
        "Pause: B between",
        "rounds only.",
    ),
    (
        "Tips",
        "Arrow before A:",
        "your first turn.",
        "2 quick turns =",
        "a U-turn.",
        "Trap the others:",
        "cut across them.",
    ),
)

# The README pictures (host_sim.shots): (name, caption, options, computer steps or None
# for the end of the match).
SHOTS = (
    (
        "round",
        "4 trails and obstacles, mid-round",
        {"variant": 10, "speed": 2, "others": "smart", "rounds": 3},
        161,
    ),
    (
        "over",
        "a round won",
        {"variant": 9, "speed": 4, "others": "classic", "rounds": 3},
        359,
    ),
)
