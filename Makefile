# Pocket Table. `make sim` runs the simulator, `make test` runs every test.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum < requirements.txt | cut -d' ' -f1)

.PHONY: venv sim test shots lint format clean

$(STAMP): requirements.txt
	@test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	@rm -f $(VENV)/.installed-*
	@touch $@

venv: $(STAMP)

## the device's launcher in this terminal
sim: venv
	$(BIN)/python -m host_sim

## every test: CPython, and inside the MicroPython VM (on up to four CPUs at once)
test: venv
	$(BIN)/python -m pytest -q -n auto --maxprocesses=4 --durations=15 tests

## regenerate the README screenshots (docs/img/*.png)
shots: venv
	$(BIN)/python -m host_sim shots

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: venv
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) build .pytest_cache .ruff_cache

.PHONY: build flash install-cp

## the device build with manifest.json: build/device/ (.mpy modules), or with
## RUNTIME=circuitpython the CIRCUITPY layout in build/circuitpython/; MARCH is the
## machine code of the viper modules (armv6m: RP2040 and RP2350; host: this machine)
RUNTIME ?= micropython
MARCH ?= armv6m
build: venv
	$(BIN)/python -m host_sim.build --runtime $(RUNTIME) --march $(MARCH)

## copy the build to the Pico over USB: make flash [PORT=/dev/ttyACM0]
flash: build
	$(BIN)/python -m host_sim flash --no-build $(if $(PORT),--port $(PORT))

## build for CircuitPython and copy the changed files to the CIRCUITPY drive:
## make install-cp [DRIVE=/media/$$USER/CIRCUITPY]
install-cp: venv
	$(BIN)/python -m host_sim.build --runtime circuitpython
	$(BIN)/python -m host_sim.install_cp $(if $(DRIVE),"$(DRIVE)")

.PHONY: uf2

## a MicroPython firmware for the Pico with the modules frozen in (most free memory):
## build/uf2/pocket-table.uf2, to copy to the RPI-RP2 drive (Debian; root the first time)
uf2: venv
	$(BIN)/python -m host_sim uf2

.PHONY: bench bench-vm fuzz fuzz-cli soak calibrate

## the budgets (heap, frame time, latency, saves, display bytes) measured on the emulated
## Pico for every game, installed as files and as a uf2 (sets the emulator up the first time:
## Debian, root, npm; the firmware is built once and kept in build/ by its inputs)
bench: venv
	$(BIN)/python -m host_sim picoemu setup
	$(BIN)/python -m host_sim bench

## quick estimates from the 64-bit MicroPython VM (and 1,000 games in one process)
bench-vm: venv
	$(BIN)/python -m host_sim bench-vm

## measure the bench's Pico factors on an emulated Pico (rp2040js running MicroPython
## built from Debian's sources: needs Debian, root, npm) -> host_sim/pico_calibration.json
calibrate: venv
	$(BIN)/python -m host_sim picoemu calibrate

## random input through the whole app: 1,000,000 presses on CPython, 200,000 in the VM;
## then every game's save truncated at every offset and with 2,000 flipped bits
fuzz: venv
	$(BIN)/python -m host_sim fuzz --presses 1000000 --jobs 2
	$(BIN)/python -m host_sim fuzz --presses 200000 --jobs 2 --vm
	PT_SAVE_FUZZ_TRUNCATIONS=1000000 PT_SAVE_FUZZ_FLIPS=2000 $(BIN)/python -m pytest -q \
		tests/test_contract_app.py -k damaged_save

## the host command line under 5,000 random and hostile command lines and files
fuzz-cli: venv
	PT_CLI_FUZZ_CASES=5000 PT_CLI_FUZZ_SEED=$(or $(SEED),7) $(BIN)/python -m pytest -q -s tests/test_cli_fuzz.py

## every game by computer for a long run in one VM process (at least 10 minutes)
soak: venv
	$(BIN)/python -m host_sim soak --games 1000 --minutes 10

.PHONY: web web-serve bench-web

## the game in a web page: build/web/, a static page running the firmware on MicroPython's
## WebAssembly port (the runtime pinned in web/package-lock.json, installed with npm ci)
web: venv
	$(BIN)/python -m host_sim web build

## serve build/web/ on localhost and print its address: make web-serve [PORT=8024]
web-serve: web
	$(BIN)/python -m host_sim web serve $(if $(PORT),--port $(PORT))

## page load to the launcher and frame time in a headless Chromium (Debian's chromium)
bench-web: venv
	$(BIN)/python -m host_sim web bench
