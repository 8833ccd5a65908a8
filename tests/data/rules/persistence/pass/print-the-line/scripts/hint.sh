#!/bin/sh
echo 'export PATH="$HOME/.example/bin:$PATH"'
