#!/bin/sh
# Make sure Debian's Chromium is at /usr/bin/chromium for the browser tests (tests/web).
# The tests drive it through Playwright's executable_path; we never run `playwright install`.
# On a fresh CI machine (Debian, root) this installs the `chromium` package; elsewhere it
# says what to do and fails, so a missing browser is one clear line rather than a skipped suite.
set -eu
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}  # overridable for the script's own test
if [ -x "$CHROMIUM" ]; then
    exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "ensure-chromium: $CHROMIUM is missing; install the Debian package 'chromium' (as root: apt-get install -y chromium)" >&2
    exit 1
fi
echo "ensure-chromium: installing Debian's chromium package" >&2
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium fonts-dejavu-core
if [ ! -x "$CHROMIUM" ]; then
    echo "ensure-chromium: apt-get finished but $CHROMIUM is still missing" >&2
    exit 1
fi
