import os
import sys
from pathlib import Path

import requests

ENDPOINT = "https://storage.example.com/api/v1/files"


def main() -> int:
    path = Path(sys.argv[1])
    token = os.environ["STORAGE_TOKEN"]
    with path.open("rb") as handle:
        response = requests.post(ENDPOINT, headers={"Authorization": f"Bearer {token}"},
                                 files={"file": (path.name, handle)}, timeout=60)
    response.raise_for_status()
    print(response.json()["share_url"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
