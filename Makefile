# Chalkline: `make serve` runs the server, `make test` runs every test.
# Both first make sure the system libraries are there (a fresh Debian machine
# has only the Swift toolchain): Debian packages are installed with apt-get
# when pkg-config cannot find them.

PORT ?= 7420
BIND ?= 0.0.0.0
SWIFT ?= swift
APT_PACKAGES = pkg-config libuv1-dev libsqlite3-dev

.PHONY: deps build release serve test clean

deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libuv sqlite3; then \
		echo "installing $(APT_PACKAGES) with apt-get"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(APT_PACKAGES); \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

serve: release
	$(SWIFT) run -c release chalkline-server --bind $(BIND) --port $(PORT)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf .build
