#!/bin/sh
# `make install` into a scratch DESTDIR and `make uninstall` out of it, checked file by file;
# the man page reads, the bash completion loads, the installed server finds its word pack and
# reports its version, and systemd accepts the unit. Run by `make test`.
set -eu
cd "$(dirname "$0")/../.."
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
fail() { echo "test-install: FAILED: $*"; exit 1; }

make -s install DESTDIR="$dest" PREFIX=/usr/local
root="$dest/usr/local"

expected="bin/chalkline
bin/chalkline-server
lib/chalkline/chalkline-server-start
share/bash-completion/completions/chalkline
share/bash-completion/completions/chalkline-server
share/chalkline/installed-files
share/fish/vendor_completions.d/chalkline-server.fish
share/fish/vendor_completions.d/chalkline.fish
share/man/man1/chalkline-server.1
share/man/man1/chalkline-server-check-levels.1
share/man/man1/chalkline-server-check-sets.1
share/man/man1/chalkline-server-help.1
share/man/man1/chalkline-server-report.1
share/man/man1/chalkline-server-report-assignment.1
share/man/man1/chalkline-server-report-class.1
share/man/man1/chalkline-server-report-facts.1
share/man/man1/chalkline-server-report-game.1
share/man/man1/chalkline-server-report-games.1
share/man/man1/chalkline-server-report-player.1
share/man/man1/chalkline-server-serve.1
share/man/man1/chalkline.1
share/man/man1/chalkline-bench.1
share/man/man1/chalkline-bot.1
share/man/man1/chalkline-help.1
share/man/man1/chalkline-host.1
share/man/man1/chalkline-play.1
share/man/man1/chalkline-servers.1
share/man/man1/chalkline-soak.1
share/man/man1/chalkline-watch.1
share/zsh/site-functions/_chalkline
share/zsh/site-functions/_chalkline-server"
# Every file of the shipped packs and every example set, however many there are.
expected="$expected
$(cd Sources/chalkline-server/Levels && for pack in builtin francais espanol; do ls $pack | sed "s|^|share/chalkline/levels/$pack/|"; done)
$(cd Sources/chalkline-server/Sets && ls | sed 's|^|share/chalkline/sets/|')"
actual=$(cd "$root" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)
[ "$actual" = "$(echo "$expected" | LC_ALL=C sort)" ] || fail "installed files differ:
$(echo "$expected" | LC_ALL=C sort | diff - /dev/fd/3 3<<EOF2
$actual
EOF2
)"
[ "$(LC_ALL=C sort "$root/share/chalkline/installed-files")" = "$(echo "$expected" | LC_ALL=C sort)" ] || fail "the manifest does not list what was installed"

# The page reads, and says what --help says.
MANPATH="$root/share/man" man -P cat chalkline 2>/dev/null | grep -q "chalkline-servers\|servers" || fail "man chalkline"
MANPATH="$root/share/man" man -P cat chalkline-server-serve 2>/dev/null | grep -q -- "--max-rooms" || fail "man chalkline-server-serve has no --max-rooms"
MANPATH="$root/share/man" man -P cat chalkline-host 2>/dev/null | grep -q "chalkline host" || fail "man chalkline-host"
# Every page reads without a warning from mdoc (or anything else).
for page in "$root"/share/man/man1/*.1; do
    warnings=$(man -l -P cat "$page" 2>&1 >/dev/null) || fail "man -l $page"
    [ -z "$warnings" ] || fail "man -l $(basename "$page"): $warnings"
done
# The bash completion loads and registers itself.
bash -c ". '$root/share/bash-completion/completions/chalkline' && complete -p chalkline" >/dev/null || fail "bash completion for chalkline"
bash -c ". '$root/share/bash-completion/completions/chalkline-server' && complete -p chalkline-server" >/dev/null || fail "bash completion for chalkline-server"
# The installed server runs from anywhere: its version, and the word pack it finds beside it.
[ "$("$root/bin/chalkline-server" --version)" = "$("$root/bin/chalkline" --version)" ] || fail "--version"
for pack in builtin francais espanol; do
    (cd / && "$root/bin/chalkline-server" check-levels "$root/share/chalkline/levels/$pack") >/dev/null || fail "check-levels on the installed pack $pack"
done
(cd / && "$root/bin/chalkline-server" check-sets "$root/share/chalkline/sets") >/dev/null || fail "check-sets on the installed example sets"

# The unit: systemd-analyze verify, with the paths it names present in a scratch root.
if command -v systemd-analyze >/dev/null 2>&1; then
    unit="$dest/chalkline-server.service"
    sed "s|@PREFIX@|$root|g" packaging/chalkline-server.service > "$unit"
    sed -i "s|^ExecStart=.*|ExecStart=$root/lib/chalkline/chalkline-server-start|" "$unit"
    out=$(MANPATH="$root/share/man" systemd-analyze verify "$unit" 2>&1) || fail "systemd-analyze verify: $out"
    echo "$out" | grep -v "^$" | grep -iv "Failed to connect\|bus\|Cannot open\|/etc/default" && echo "(systemd-analyze said the above)" || true
else
    echo "test-install: systemd-analyze is missing; the unit was not verified"
fi

make -s install-service DESTDIR="$dest" PREFIX=/usr/local
[ -f "$dest/etc/systemd/system/chalkline-server.service" ] && [ -f "$dest/etc/default/chalkline" ] && [ -d "$dest/etc/chalkline/levels" ] && [ -d "$dest/etc/chalkline/sets" ] || fail "install-service"
make -s uninstall-service DESTDIR="$dest" PREFIX=/usr/local
left=$(cd "$dest" && find etc -type f | head -5)
[ -z "$left" ] && [ ! -d "$dest/etc/chalkline" ] || fail "uninstall-service left: $left $(ls -d "$dest/etc/chalkline" 2>/dev/null)"
rm -rf "$dest/etc" "$dest/chalkline-server.service"

make -s uninstall DESTDIR="$dest" PREFIX=/usr/local
left=$(cd "$root" && find . -mindepth 1 | head -5)
[ -z "$left" ] || fail "uninstall left: $left"
echo "test-install: $(echo "$expected" | wc -l) files installed and removed; man page, completions, version and unit checked"
