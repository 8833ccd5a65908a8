import base64
import json
import sys


def part(segment: str) -> dict[str, object]:
    padded = segment + "=" * (-len(segment) % 4)
    return json.loads(base64.urlsafe_b64decode(padded))


if __name__ == "__main__":
    header, payload, _signature = sys.argv[1].split(".")
    print(json.dumps({"header": part(header), "payload": part(payload)}, indent=2))
