#!/bin/sh
set -eu
tag=$1
: "${SLACK_WEBHOOK_URL:?set SLACK_WEBHOOK_URL to your channel webhook}"
notes=$(awk -v t="## $tag" '$0==t{f=1;next} /^## /{f=0} f' CHANGELOG.md)
payload=$(jq -n --arg t "Released $tag" --arg n "$notes" '{text: ($t + "\n" + $n)}')
curl -sf -X POST -H 'Content-Type: application/json' -d "$payload" "$SLACK_WEBHOOK_URL"
