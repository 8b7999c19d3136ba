"""python3 -m prunecheck_adapter: serves the reference port over the stdio protocol."""

from .protocol import serve
from .reference import ReferencePruner

raise SystemExit(serve(ReferencePruner()))
