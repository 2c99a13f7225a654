# Chalkline: `make serve` runs the server, `make test` runs every test.
# Both first make sure the system libraries are there (a fresh Debian machine
# has only the Swift toolchain): Debian packages are installed with apt-get
# when pkg-config cannot find them.

PORT ?= 7420
BIND ?= 0.0.0.0
# Word-puzzle pack folders, each given to the server with --levels: make serve LEVELS="$$HOME/weather"
LEVELS ?=
SWIFT ?= swift
APT_PACKAGES = pkg-config libuv1-dev libsqlite3-dev libavahi-client-dev libpq-dev libwslay-dev nettle-dev libqrencode-dev zlib1g-dev
# What the tests use besides: Avahi and D-Bus for discovery, man for the installed pages,
# systemd-analyze for the service unit, PostgreSQL's server (initdb, pg_ctl) for the
# PostgreSQL store's tests, which start a throwaway cluster of their own; zbar and rsvg-convert
# read back the join QR code the server serves; Chromium, its WebDriver and Selenium (for
# /usr/bin/python3) run the pages' browser tests (Tests/Browser/); tmux gives the client's
# full-screen views a real terminal that the screen tests read back; wfrench and wspanish are
# the word lists every word of the French and Spanish word packs is checked against.
TEST_PACKAGES = avahi-daemon avahi-utils dbus man-db systemd postgresql zbar-tools librsvg2-bin \
	chromium chromium-driver python3-selenium tmux wfrench wspanish
# python3 runs the example bot's test; most machines have it already.

.PHONY: deps test-deps build release serve test fuzz fuzz-build fuzz-smoke soak clean install uninstall install-service uninstall-service manpages test-install

deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libuv sqlite3 avahi-client libpq nettle libqrencode zlib || [ ! -f /usr/include/wslay/wslay.h ]; then \
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

test-deps: deps
	@if ! command -v avahi-daemon >/dev/null 2>&1 || ! command -v avahi-browse >/dev/null 2>&1 || ! command -v man >/dev/null 2>&1 \
	    || ! command -v zbarimg >/dev/null 2>&1 || ! command -v rsvg-convert >/dev/null 2>&1 \
	    || ! command -v systemd-analyze >/dev/null 2>&1 || ! command -v dbus-daemon >/dev/null 2>&1 \
	    || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
	    || ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1 \
	    || ! command -v tmux >/dev/null 2>&1 \
	    || [ ! -f /usr/share/dict/french ] || [ ! -f /usr/share/dict/spanish ] \
	    || ! /usr/bin/python3 -c 'import selenium' >/dev/null 2>&1; then \
		echo "installing $(TEST_PACKAGES) with apt-get"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(TEST_PACKAGES); \
	fi
	@tools/discovery/start-avahi.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

serve: release
	$(SWIFT) run -c release chalkline-server --bind $(BIND) --port $(PORT) $(foreach dir,$(LEVELS),--levels $(dir))

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) fuzz-smoke
	$(MAKE) test-install

# The fuzz targets (FuzzTesting/) build apart from the main package, with libFuzzer and
# AddressSanitizer: InputPath (the line protocol into the core) and WebPath (the first-line sniff,
# HTTP heads, the WebSocket upgrade and frames into the core). `make fuzz FUZZ_SECONDS=600
# FUZZ_TARGET=WebPath` explores one; new inputs go to a scratch folder and the seed corpus stays
# as committed. A crasher is written to FuzzTesting/ as crash-*: add it to
# FuzzTesting/FailCases/TARGET/ so every later `make test` replays it.
FUZZ_SECONDS ?= 60
FUZZ_TARGET ?= InputPath
FUZZ_TARGETS = InputPath WebPath
FUZZ_DIR = FuzzTesting/.build-fuzz/debug
FUZZ_FLAGS = -max_len=4096

# The build's own exit status decides: a pipe into grep used to hide a failed build behind the
# binaries an earlier build left (CI caught it on a clean clone).
fuzz-build:
	cd FuzzTesting && { $(SWIFT) build -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --scratch-path .build-fuzz > fuzz-build.log 2>&1; rc=$$?; grep -v "Cannot export local symbol" fuzz-build.log; exit $$rc; }

fuzz: fuzz-build
	mkdir -p fuzz-corpus-tmp/$(FUZZ_TARGET)
	cd FuzzTesting && ../$(FUZZ_DIR)/Fuzz$(FUZZ_TARGET) $(FUZZ_FLAGS) -max_total_time=$(FUZZ_SECONDS) ../fuzz-corpus-tmp/$(FUZZ_TARGET) Corpus/$(FUZZ_TARGET)

# Part of `make test`: for each target, replays the seed corpus and every known crasher, then a
# short run with a fixed seed (the same inputs every time, so CI is repeatable).
fuzz-smoke: fuzz-build
	set -e; for t in $(FUZZ_TARGETS); do \
		(cd FuzzTesting && ../$(FUZZ_DIR)/Fuzz$$t $(FUZZ_FLAGS) Corpus/$$t/* $$(ls FailCases/$$t/* 2>/dev/null)); \
		rm -rf fuzz-corpus-tmp/smoke-$$t && mkdir -p fuzz-corpus-tmp/smoke-$$t; \
		(cd FuzzTesting && ../$(FUZZ_DIR)/Fuzz$$t $(FUZZ_FLAGS) -seed=1 -runs=20000 ../fuzz-corpus-tmp/smoke-$$t Corpus/$$t); \
	done

# Hundreds of well-behaved bots in several rooms while misbehaving clients of every kind attack
# the server, on loopback, for a bounded time; the bots answer with the client's own solvers
# (`chalkline soak --help` says what it checks).
SOAK_ARGS ?= --rooms 8 --players 40 --rounds 30
soak: release
	.build/release/chalkline soak --server .build/release/chalkline-server $(SOAK_ARGS)

clean:
	rm -rf .build

# Installing: `make install` (PREFIX=/usr/local, DESTDIR honoured), `make uninstall` removes
# exactly what was installed (listed in share/chalkline/installed-files), `make install-service`
# adds the systemd unit. Man pages come from the argument-parser declarations (generate-manual),
# completions from --generate-completion-script, so neither drifts from --help.
PREFIX ?= /usr/local
DESTDIR ?=
ROOT = $(DESTDIR)$(PREFIX)
# The word packs that ship with the server (LevelPack.shippedNames): English, French, Spanish.
SHIPPED_PACKS = builtin francais espanol
MANIFEST = $(ROOT)/share/chalkline/installed-files
MANUALS = .build/plugins/GenerateManual/outputs

manpages: deps
	rm -rf $(MANUALS)
	$(SWIFT) package generate-manual --multi-page
	tools/install/name-manpages.sh $(MANUALS)/chalkline $(MANUALS)/chalkline-server

install: release manpages
	@set -e; files=""; \
	put() { mode=$$1; src=$$2; dst=$$3; install -D -m $$mode "$$src" "$(ROOT)/$$dst"; files="$$files $$dst"; }; \
	put 755 .build/release/chalkline-server bin/chalkline-server; \
	put 755 .build/release/chalkline bin/chalkline; \
	for pack in $(SHIPPED_PACKS); do \
		for f in Sources/chalkline-server/Levels/$$pack/*; do put 644 "$$f" "share/chalkline/levels/$$pack/$$(basename $$f)"; done; \
	done; \
	for f in Sources/chalkline-server/Sets/*; do put 644 "$$f" "share/chalkline/sets/$$(basename $$f)"; done; \
	for f in $(MANUALS)/chalkline/*.1 $(MANUALS)/chalkline-server/*.1; do put 644 "$$f" "share/man/man1/$$(basename $$f)"; done; \
	tmp=$$(mktemp -d); \
	for prog in chalkline chalkline-server; do \
		.build/release/$$prog --generate-completion-script bash > $$tmp/$$prog.bash; \
		.build/release/$$prog --generate-completion-script zsh > $$tmp/_$$prog; \
		.build/release/$$prog --generate-completion-script fish > $$tmp/$$prog.fish; \
		put 644 $$tmp/$$prog.bash share/bash-completion/completions/$$prog; \
		put 644 $$tmp/_$$prog share/zsh/site-functions/_$$prog; \
		put 644 $$tmp/$$prog.fish share/fish/vendor_completions.d/$$prog.fish; \
	done; rm -rf $$tmp; \
	sed 's|@PREFIX@|$(PREFIX)|g' packaging/chalkline-server-start > .build/chalkline-server-start; \
	put 755 .build/chalkline-server-start lib/chalkline/chalkline-server-start; \
	files="$$files share/chalkline/installed-files"; \
	for f in $$files; do echo $$f; done > "$(MANIFEST)"; \
	echo "installed $$(echo $$files | wc -w) files under $(ROOT)"

uninstall:
	@set -e; test -f "$(MANIFEST)" || { echo "nothing to uninstall: no $(MANIFEST)"; exit 1; }; \
	for f in $$(cat "$(MANIFEST)"); do rm -f "$(ROOT)/$$f"; done; \
	for d in $(foreach pack,$(SHIPPED_PACKS),share/chalkline/levels/$(pack)) share/chalkline/levels share/chalkline/sets share/chalkline lib/chalkline share/man/man1 \
	         share/bash-completion/completions share/bash-completion share/zsh/site-functions share/zsh \
	         share/fish/vendor_completions.d share/fish share/man lib share bin; do \
		rmdir "$(ROOT)/$$d" 2>/dev/null || true; done; \
	echo "uninstalled from $(ROOT)"

# The unit, with its start script's path; then `systemctl enable --now chalkline-server`.
install-service:
	install -d $(DESTDIR)/etc/systemd/system $(DESTDIR)/etc/chalkline/levels $(DESTDIR)/etc/chalkline/sets
	sed 's|@PREFIX@|$(PREFIX)|g' packaging/chalkline-server.service > $(DESTDIR)/etc/systemd/system/chalkline-server.service
	test -f $(DESTDIR)/etc/default/chalkline || install -D -m 644 packaging/chalkline.default $(DESTDIR)/etc/default/chalkline

# What install-service put in place (`make uninstall` leaves /etc alone); stop the service
# first: `systemctl disable --now chalkline-server`. The teacher's levels and sets folders go only if empty.
uninstall-service:
	rm -f $(DESTDIR)/etc/systemd/system/chalkline-server.service $(DESTDIR)/etc/default/chalkline
	-rmdir $(DESTDIR)/etc/chalkline/levels $(DESTDIR)/etc/chalkline/sets $(DESTDIR)/etc/chalkline 2>/dev/null

# Part of `make test`: install into a scratch DESTDIR, check every file, the man page, the
# completions and the unit, then uninstall and check that nothing is left.
test-install:
	tools/install/test-install.sh

# Measuring tools, not part of `make test` (BENCHMARKS.md has their figures):
# bench-core runs the core alone without sockets (Benchmarks/, ordo-one's package-benchmark):
# mallocs and time per answer judged, and per /say to a room of 1,000.
# bench-peers runs tools/peers/run.sh: Chalkline against the loopback floor and Redis, in one run.
.PHONY: bench-core bench-peers
bench-core: deps
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark

bench-peers: deps
	tools/peers/run.sh
