#!/bin/sh
set -eu
top=$(git rev-parse --show-toplevel)
install -m 0755 "$top/hooks/pre-commit" "$top/.git/hooks/pre-commit"
echo "installed $top/.git/hooks/pre-commit"
