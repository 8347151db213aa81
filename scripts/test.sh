#!/usr/bin/env bash
# Install the test dependencies (Python packages in .venv, Debian's chromium for the
# browser tests) and run the whole test suite, doctests included.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -e '.[test]'
if [ ! -x /usr/bin/chromium ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
set +e
.venv/bin/python -m pytest "$@"
rc=$?
set -e
[ "$rc" -eq 5 ] && { echo "no tests collected"; rc=0; }
exit "$rc"
