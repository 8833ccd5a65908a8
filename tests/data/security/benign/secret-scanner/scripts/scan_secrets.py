import re
import subprocess
import sys

PATTERNS = {
    "aws-access-key": re.compile(r"AKIA[0-9A-Z]{16}"),
    "private-key": re.compile(r"-----BEGIN (RSA|OPENSSH|EC) PRIVATE KEY-----"),
    "dotenv-secret": re.compile(r"^(SECRET|TOKEN|PASSWORD)[A-Z_]*=.+", re.MULTILINE),
}
SUSPICIOUS_NAMES = (".env", "id_rsa", "id_ed25519", "credentials")


def main() -> int:
    files = subprocess.run(["git", "ls-files"], capture_output=True, text=True,
                           check=True).stdout.split()
    found = 0
    for path in files:
        if path.rsplit("/", 1)[-1] in SUSPICIOUS_NAMES:
            print(f"{path}: file name suggests a secret")
            found += 1
        try:
            text = open(path, encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        for kind, pattern in PATTERNS.items():
            for match in pattern.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                print(f"{path}:{line}: {kind}")
                found += 1
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
