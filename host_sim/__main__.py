from host_sim.cli import main

main()
