# Chalkline: `make serve` runs the server, `make test` runs every test.
# Both first make sure the system libraries are there (a fresh Debian machine
# has only the Swift toolchain): Debian packages are installed with apt-get
# when pkg-config cannot find them.

PORT ?= 7420
BIND ?= 0.0.0.0
# Word-puzzle pack folders, each given to the server with --levels: make serve LEVELS="$$HOME/weather"
LEVELS ?=
SWIFT ?= swift
APT_PACKAGES = pkg-config libuv1-dev libsqlite3-dev
# python3 runs the example bot's test and the soak; most machines have it already.

.PHONY: deps build release serve test fuzz fuzz-build fuzz-smoke soak clean

deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libuv sqlite3; then \
		echo "installing $(APT_PACKAGES) with apt-get"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(APT_PACKAGES); \
	fi
	@if ! command -v python3 >/dev/null 2>&1; then \
		echo "installing python3 with apt-get"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq python3; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

serve: release
	$(SWIFT) run -c release chalkline-server --bind $(BIND) --port $(PORT) $(foreach dir,$(LEVELS),--levels $(dir))

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) fuzz-smoke

# The fuzz target (FuzzTesting/) builds apart from the main package, with libFuzzer and
# AddressSanitizer. `make fuzz FUZZ_SECONDS=600` explores; new inputs go to a scratch folder and
# the seed corpus stays as committed. A crasher is written to FuzzTesting/ as crash-*: add it to
# FuzzTesting/FailCases/ so every later `make test` replays it.
FUZZ_SECONDS ?= 60
FUZZ_BIN = FuzzTesting/.build-fuzz/debug/FuzzInputPath
FUZZ_FLAGS = -max_len=4096

fuzz-build:
	cd FuzzTesting && $(SWIFT) build -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --scratch-path .build-fuzz 2>&1 | grep -v "Cannot export local symbol"; test -x .build-fuzz/debug/FuzzInputPath

fuzz: fuzz-build
	mkdir -p fuzz-corpus-tmp
	cd FuzzTesting && ../$(FUZZ_BIN) $(FUZZ_FLAGS) -max_total_time=$(FUZZ_SECONDS) ../fuzz-corpus-tmp Corpus/InputPath

# Part of `make test`: replays the seed corpus and every known crasher, then a short run with a
# fixed seed (the same inputs every time, so CI is repeatable).
fuzz-smoke: fuzz-build
	cd FuzzTesting && ../$(FUZZ_BIN) $(FUZZ_FLAGS) Corpus/InputPath/* $$(ls FailCases/* 2>/dev/null)
	rm -rf fuzz-corpus-tmp/smoke && mkdir -p fuzz-corpus-tmp/smoke
	cd FuzzTesting && ../$(FUZZ_BIN) $(FUZZ_FLAGS) -seed=1 -runs=20000 ../fuzz-corpus-tmp/smoke Corpus/InputPath

# Hundreds of well-behaved bots in several rooms while misbehaving clients of every kind attack
# the server, on loopback, for a bounded time (tools/soak.py says what it checks).
SOAK_ARGS ?= --rooms 8 --players 40 --rounds 30
soak: release
	python3 tools/soak.py --server .build/release/chalkline-server $(SOAK_ARGS)

clean:
	rm -rf .build
