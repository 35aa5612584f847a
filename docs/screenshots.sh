#!/usr/bin/env bash
# Headless screenshots of the main pages, at 1280 px and at a phone's width, for a visual check
# that nothing is clipped. Usage: bash docs/screenshots.sh [OUT_DIR] (default: screenshots/).
# Needs Debian's chromium (apt-get install -y chromium) and the docs extra (pip install '.[docs]').
# Set SITE to a folder built with `mkdocs build --strict` to skip the build.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-screenshots}"
mkdir -p "$out"
browser="$(command -v chromium || command -v chromium-browser || true)"
[ -n "$browser" ] || { echo "chromium not found: apt-get install -y chromium" >&2; exit 2; }
site="${SITE:-}"
if [ -z "$site" ]; then
  site="$(mktemp -d)/site"
  NO_MKDOCS_2_WARNING=1 mkdocs build --strict --site-dir "$site"
fi
# page (relative to the site) and the name its screenshots get
pages=(
  "index.html home"
  "rulebooks/classic/index.html classic"
  "rulebooks/my-first/step-2/index.html step-2"
  "comparison/index.html comparison"
  "cases/classic/index.html cases-classic"
  "language/index.html language"
)
for entry in "${pages[@]}"; do
  read -r page name <<<"$entry"
  for size in 1280,2400 390,2400; do
    width="${size%,*}"
    "$browser" --headless --no-sandbox --disable-gpu --window-size="$size" \
      --screenshot="$out/$name-$width.png" "file://$(realpath "$site/$page")" 2>/dev/null
    echo "$out/$name-$width.png"
  done
done
