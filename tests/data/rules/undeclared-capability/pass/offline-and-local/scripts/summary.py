from pathlib import Path

lines = Path("app.log").read_text().splitlines()
print(len(lines))
