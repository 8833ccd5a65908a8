#!/bin/sh
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
docker container prune -f
docker image prune -f
docker builder prune -f --filter until=168h
rm -rf "$here/tmp"
docker system df
