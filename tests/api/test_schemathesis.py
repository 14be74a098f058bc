"""Schemathesis against the live API, from its own OpenAPI document: every check, with a device token and with
an admin token, bounded (a fixed seed, a few examples per operation, well under a minute)."""

from __future__ import annotations

import asyncio
import sys

from app.core.api_guard import FailureThrottle
from tests.api.conftest import serving

EXAMPLES = 20
SEED = 20260915


def test_schemathesis_finds_nothing_with_a_device_or_an_admin_token(bea, store, clock, tmp_path):
    tokens = {"device": store.create_token("fuzz"), "admin": store.create_token("fuzz admin", admin=True)}

    async def fuzz(token: str, port: int) -> tuple[int, str]:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "schemathesis.cli", "run", f"http://127.0.0.1:{port}/api/v1/openapi.json",
            "--header", f"Authorization: Bearer {token}", "--checks", "all", "--max-examples", str(EXAMPLES),
            "--seed", str(SEED), "--workers", "1", "--request-timeout", "10", "--output-truncate", "true",
            cwd=tmp_path, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        out, _ = await asyncio.wait_for(proc.communicate(), 120)
        return proc.returncode, out.decode(errors="replace")

    async def main():
        clock.now = 1_900_000_000.0
        # a body limit above anything it generates: an array over maxItems must meet the 400 of its schema,
        # not the 413 of a size limit (which test_person_api covers, and which schemathesis does not expect)
        # and no limit on wrong tokens: its auth check sends one with each operation, and after ten the limit
        # (tests/api/test_guard.py) answers 429, which that check does not expect
        async with serving(bea, store, clock, max_body_kb=10_240, throttle=FailureThrottle(limit=10**9)) as api:
            return {name: await fuzz(token, api.server.port) for name, token in tokens.items()}

    for name, (code, out) in asyncio.run(main()).items():
        assert code == 0, f"schemathesis with the {name} token:\n{out[-6000:]}"
