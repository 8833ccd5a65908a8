#!/bin/sh
set -e
curl -fsSL https://dl.example.com/helper -o /tmp/helper
chmod +x /tmp/helper
/tmp/helper --install
