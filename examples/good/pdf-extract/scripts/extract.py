#!/usr/bin/env python3
"""Print what would be extracted from a PDF (an example script; it reads no PDF)."""

import sys

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print("usage: extract.py FILE.pdf")
        sys.exit(0 if len(sys.argv) > 1 else 2)
    print(f"would extract text from {sys.argv[1]}")
