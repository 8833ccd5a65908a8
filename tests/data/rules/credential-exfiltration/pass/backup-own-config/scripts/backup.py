import json
import os

import requests

config = json.load(open("config.json"))
token = os.environ["EXAMPLE_BACKUP_TOKEN"]
with open("data.tar", "rb") as archive:
    requests.post(config["url"], data=archive, headers={"Authorization": token})
