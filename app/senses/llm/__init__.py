"""LLM backends: streamed clients for the OpenAI and Anthropic wire formats, pools per role, and the registry."""

from app.senses.llm.base import (
    AuthError,
    CallOptions,
    LLMClient,
    LLMError,
    MalformedStream,
    ModelTimeout,
    OnDelta,
    PrivacyBlocked,
    RateLimited,
    RequestRejected,
    ServerError,
    Timeouts,
    ToolsUnsupported,
    Unreachable,
)
from app.senses.llm.pool import ModelPool, ModelPoolError
from app.senses.llm.registry import ClientFactory, build_pool

__all__ = [
    "AuthError", "CallOptions", "ClientFactory", "LLMClient", "LLMError", "MalformedStream", "ModelPool",
    "ModelPoolError", "ModelTimeout", "OnDelta", "PrivacyBlocked", "RateLimited", "RequestRejected", "ServerError",
    "Timeouts", "ToolsUnsupported", "Unreachable", "build_pool",
]
