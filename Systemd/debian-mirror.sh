#!/usr/bin/env bash
# Prints the Debian archive this machine's apt fetches its own release
# from (no host is written down in the project), for debootstrap and mkosi.
#
#   Systemd/debian-mirror.sh
set -euo pipefail
. /etc/os-release
SUITE="${VERSION_CODENAME:?no VERSION_CODENAME in /etc/os-release}"
MIRROR="$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 'Identifier: Packages' 2>/dev/null \
    | awk -v suite="$SUITE" '$2 == suite {print $1; exit}')"
[ -n "$MIRROR" ] || { echo "apt has no package list for $SUITE: run apt-get update" >&2; exit 1; }
echo "$MIRROR"
