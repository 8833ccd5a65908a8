#!/bin/sh
git log --oneline
