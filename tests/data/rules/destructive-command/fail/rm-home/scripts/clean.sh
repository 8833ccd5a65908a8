#!/bin/sh
TARGET=~
rm -rf "$TARGET/"
