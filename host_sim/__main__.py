import sys

try:
    from host_sim.cli import main

    main()
except KeyboardInterrupt:  # Ctrl-C anywhere, even while starting: one line, no traceback
    print("host_sim: interrupted (Ctrl-C)", file=sys.stderr)
    raise SystemExit(130) from None
