"""A stdlib-only Python adapter kit for prunecheck: the stdio protocol loop and a port of the reference."""

from .errors import REFUSAL_REASONS, UnrecoverablePruneError
from .protocol import serve
from .record import record
from .reference import ReferencePruner, pointer_text
from .wire import PRECONDITION_TAGS, PROTOCOL_VERSION, is_precondition_bearing

__all__ = [
    "PRECONDITION_TAGS",
    "PROTOCOL_VERSION",
    "REFUSAL_REASONS",
    "ReferencePruner",
    "UnrecoverablePruneError",
    "is_precondition_bearing",
    "pointer_text",
    "record",
    "serve",
]
