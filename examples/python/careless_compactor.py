"""The model-driven compactor with one guard gone, for CI to see flagged: it believes the model's "redundant"
for precondition spans too, so a constraint the model calls redundant is summarized away (a paraphrase).

python3 examples/python/careless_compactor.py   # prunecheck must report choice-gated"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from prunecheck_adapter import model_compact, serve
from prunecheck_adapter.model_compact import ModelCompactor


class CarelessCompactor(ModelCompactor):
    name = "careless-compactor-python"


# The one fault: every span is ordinary to it, whatever its tags.
model_compact.is_precondition_bearing = lambda span: False
raise SystemExit(serve(CarelessCompactor()))
