#!/bin/sh
# generate-manual names a subcommand's page after its command path with dots
# (chalkline.host.1, title CHALKLINE.HOST), so `man chalkline-host`, the form git and
# systemd taught everyone, finds nothing; and it keeps the blank lines of a discussion,
# which mdoc warns about on every read ("Empty input line"). This renames each page and
# its cross-references to dashes and turns blank lines into paragraph breaks.
set -eu
for dir in "$@"; do
	for page in "$dir"/*.1; do
		sed -i -e 's/^$/.Pp/' \
			-e '/^\.Dt /s/\([A-Z]\)\.\([A-Z]\)/\1-\2/g' \
			-e '/^\.Xr /s/\([a-z]\)\.\([a-z]\)/\1-\2/g' "$page"
		name=$(basename "$page" .1 | tr . -)
		[ "$page" = "$dir/$name.1" ] || mv "$page" "$dir/$name.1"
	done
done
