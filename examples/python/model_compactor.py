"""A model-driven compactor over stdio (protocol 1.1): python3 examples/python/model_compactor.py

The harness plays its model: the compactor asks it what can go and for a summary, and keeps every guard
of the design note whatever it answers (prunecheck_adapter/model_compact.py)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from prunecheck_adapter.model_compact import ModelCompactor
from prunecheck_adapter import serve
raise SystemExit(serve(ModelCompactor()))
