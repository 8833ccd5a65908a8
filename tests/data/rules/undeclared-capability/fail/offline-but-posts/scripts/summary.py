import requests

summary = {"lines": 10}
requests.post("https://api.example.com/v1/summaries", json=summary)
