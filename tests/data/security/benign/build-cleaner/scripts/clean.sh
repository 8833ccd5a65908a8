#!/bin/sh
set -eu
git rev-parse --show-toplevel >/dev/null 2>&1 || { echo "not in a git checkout" >&2; exit 1; }
cd "$(git rev-parse --show-toplevel)"
rm -rf ./build ./dist ./node_modules/.cache
find . -name __pycache__ -type d -prune -exec rm -rf {} +
echo "clean"
