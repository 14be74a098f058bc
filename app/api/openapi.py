"""The OpenAPI 3.1 document of the local API, built from the routes the server actually serves.

Each Route brings its own operation (summary, parameters, replies); this module adds what every route shares:
the bearer security scheme and its 401 and 429, the 400/413/415 of a route that reads a body, the 503 of a busy
app, the 421 of a foreign Host and the 403 of a web page's Origin, and the Error schema all of them reply with.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.api.route import Route

OPENAPI_VERSION = "3.1.0"

ERROR_SCHEMA = {
    "type": "object",
    "required": ["error", "message"],
    "properties": {
        "error": {"type": "string", "description": "a short code: unauthorized, invalid, too_large, ..."},
        "message": {"type": "string", "description": "a sentence saying what went wrong"},
    },
}

_SHARED = {
    "400": "The request breaks a rule; the message says which, and nothing was stored.",
    "401": "No token, or a token that is not (or no longer) valid.",
    "413": "The body is larger than the API accepts; nothing was stored.",
    "415": "The body was not sent as JSON.",
    "421": "The Host header is not one of this computer's names (127.0.0.1, localhost, [::1]; in LAN mode its "
           "own address), with the server's port. Nothing was read.",
    "403": "The request came from a web page (an Origin header, `null` included). Nothing was read.",
    "429": "Too many wrong tokens from this address in the last minute; wait the seconds Retry-After says.",
    "503": "Bea is busy or stopping; try again.",
}


def error_reply(description: str) -> dict[str, Any]:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


def json_reply(description: str, schema: Mapping[str, Any]) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": dict(schema)}}}


def openapi_path(path: str) -> str:
    """aiohttp's {name:regex} placeholders as OpenAPI's {name}."""
    return re.sub(r"\{(\w+):[^}]*\}", r"{\1}", path)


def _operation(route: Route) -> dict[str, Any]:
    op = copy.deepcopy(dict(route.operation))
    op.setdefault("operationId", getattr(route.handler, "__name__", None) or route.path)
    responses = op.setdefault("responses", {})
    shared = ["403"] if route.any_host else ["421", "403"]
    if route.auth:
        op["security"] = [{"bearerAuth": []}]
        shared += ["401", "429", "503"]
    else:
        op["security"] = []
    if route.body is not None:
        op.setdefault("requestBody", {"required": True,
                                      "content": {"application/json": {"schema": copy.deepcopy(route.body)}}})
        shared += ["400", "413", "415"]
    for status in shared:
        responses.setdefault(status, error_reply(_SHARED[status]))
    return op


def document(routes: Iterable[Route], schemas: Mapping[str, Any], *, title: str, version: str,
             prefix: str) -> dict[str, Any]:
    paths: dict[str, dict[str, Any]] = {}
    paths[prefix + "/openapi.json"] = {"get": {
        "operationId": "openapi", "summary": "This document.", "security": [],
        "responses": {"200": json_reply("The OpenAPI document of this API.", {"type": "object"})}}}
    for route in routes:
        paths.setdefault(prefix + openapi_path(route.path), {})[route.method.lower()] = _operation(route)
    return {
        "openapi": OPENAPI_VERSION,
        "info": {"title": title, "version": version,
                 "description": "Bea's local HTTP API. Every call but this document needs a device token "
                                "(`python -m app token create NAME`, or the You dock) as `Authorization: "
                                "Bearer <token>`; the owner it acts for always comes from that token."},
        "paths": paths,
        "components": {
            "securitySchemes": {"bearerAuth": {"type": "http", "scheme": "bearer",
                                               "description": "a device token, shown once when it is made"}},
            "schemas": {"Error": ERROR_SCHEMA, **copy.deepcopy(dict(schemas))},
        },
    }
