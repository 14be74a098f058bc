"""The local HTTP API (/api/v1/): the server, its OpenAPI document, and the routes features register."""
