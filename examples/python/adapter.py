"""Entry point for the reference port, the command a harness starts: python3 examples/python/adapter.py"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from prunecheck_adapter import ReferencePruner, serve
raise SystemExit(serve(ReferencePruner()))
