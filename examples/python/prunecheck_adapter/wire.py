"""Checks a decoded request against the protocol 1.1 shapes of src/wire (schema/request.schema.json).

A request that fails is answered with a BadRequest error instead of reaching the pruner, so a pruner may
index spans without guarding every field. Nothing here changes the request.
"""

PROTOCOL_VERSION = 1
# 1.1: an adapter that declares "model" may call the harness's model while it handles a request.
PROTOCOL_MINOR = 1

# Same set, same spelling as src/wire/tags.ts. The seed's prose names `precondition`; its code forgot it.
PRECONDITION_TAGS = ("invariant", "constraint", "negative_result", "scope_qualifier", "precondition")

SPAN_KINDS = ("original", "pointer", "summary")

OPERATIONS = ("prune", "summarize", "reground", "compact")

BUDGET_UNITS = ("chars", "tokens")

# The fields each request must have; summarize's summary_text is absent when the pruner writes the summary
# itself with the harness's model (it declared "model").
_REQUEST_FIELDS = {
    "hello": ("id", "op", "protocol"),
    "prune": ("id", "op", "window", "evict_ids", "store"),
    "summarize": ("id", "op", "window", "span_ids", "summary_id", "store"),
    "reground": ("id", "op", "window", "store"),
    "compact": ("id", "op", "window", "store", "budget"),
    "shutdown": ("id", "op"),
}
_OPTIONAL_FIELDS = {"summarize": ("summary_text",)}

_MAX_SAFE_INTEGER = 2**53 - 1


class BadRequest(Exception):
    """The request line is not a protocol v1 request; `path` says where, as in `spans[3].tags`."""

    def __init__(self, message, path=""):
        self.path = path
        super().__init__(f"{message} (at {path})" if path else message)


def is_precondition_bearing(span):
    return any(tag in PRECONDITION_TAGS for tag in span["tags"])


# Unicode's White_Space property, 25 code points: what an empty summary may hold and nothing else
# (docs/protocol.md, [p-model-failure]). Not str.strip's notion, which also takes U+001C..U+001F, nor
# JavaScript's trim, which takes U+FEFF and keeps U+0085: the harness has this very set (src/wire/blank.ts).
WHITE_SPACE = frozenset("\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")


def is_blank(text):
    """Whether a summary's text is empty in the protocol's sense: no character but white space ("" included)."""
    return all(char in WHITE_SPACE for char in text)


def request_id(request):
    """The request's id when it is a valid one, else None: what a BadRequest answer can still carry."""
    value = request.get("id") if isinstance(request, dict) else None
    return _as_int(value)


def check_request(request, known_ops):
    """Validates a request whose op is in `known_ops` and returns it with integral floats made ints."""
    if not isinstance(request, dict):
        raise BadRequest("a request is a JSON object")
    op = request.get("op")
    if not isinstance(op, str):
        raise BadRequest('a request needs a string "op"', "op")
    if op not in known_ops:
        raise BadRequest(f"unknown op {op!r}", "op")
    fields = _REQUEST_FIELDS[op]
    _check_fields(request, fields, fields + _OPTIONAL_FIELDS.get(op, ()), "")
    checked = dict(request)
    checked["id"] = _int_at(request["id"], "id")
    if op == "hello" and _as_int(request["protocol"]) != PROTOCOL_VERSION:
        raise BadRequest(f"protocol must be {PROTOCOL_VERSION}", "protocol")
    if "window" in request:
        checked["window"] = check_window(request["window"], "window")
    if "store" in request:
        _check_store(request["store"], "store")
    for name in ("evict_ids", "span_ids"):
        if name in request:
            _string_list(request[name], name)
    if op == "summarize":
        _nonempty_string(request["summary_id"], "summary_id")
        if "summary_text" in request:
            _string(request["summary_text"], "summary_text")
    if op == "compact":
        checked["budget"] = _check_budget(request["budget"], "budget")
    return checked


def _check_budget(budget, path):
    if not isinstance(budget, dict):
        raise BadRequest("a budget is an object", path)
    _check_fields(budget, ("unit", "limit"), ("unit", "limit"), path)
    if budget["unit"] not in BUDGET_UNITS:
        raise BadRequest(f"unit is one of {', '.join(BUDGET_UNITS)}", f"{path}.unit")
    return {"unit": budget["unit"], "limit": _int_at(budget["limit"], f"{path}.limit")}


def check_window(window, path):
    if not isinstance(window, dict):
        raise BadRequest("a window is an object", path)
    _check_fields(window, ("spans", "derivation_depth"), ("spans", "derivation_depth"), path)
    if not isinstance(window["spans"], list):
        raise BadRequest("spans is an array", f"{path}.spans")
    spans = []
    seen = {}
    for index, span in enumerate(window["spans"]):
        span_path = f"{path}.spans[{index}]"
        spans.append(check_span(span, span_path))
        first = seen.setdefault(span["span_id"], index)
        if first != index:
            raise BadRequest(f"span_id is already used by spans[{first}]; span ids are unique within a window", f"{span_path}.span_id")
    return {"spans": spans, "derivation_depth": _int_at(window["derivation_depth"], f"{path}.derivation_depth")}


def check_span(span, path):
    """Extra fields are allowed and returned untouched: a pruner must carry them through."""
    if not isinstance(span, dict):
        raise BadRequest("a span is an object", path)
    _check_fields(span, ("span_id", "text", "tags", "externalized_key"), None, path)
    _nonempty_string(span["span_id"], f"{path}.span_id")
    _string(span["text"], f"{path}.text")
    _string_list(span["tags"], f"{path}.tags")
    if span["externalized_key"] is not None:
        _string(span["externalized_key"], f"{path}.externalized_key")
    kind = span.get("kind", "original")
    if not isinstance(kind, str) or kind not in SPAN_KINDS:
        raise BadRequest(f"kind is one of {', '.join(SPAN_KINDS)}", f"{path}.kind")
    checked = span
    if "provenance" in span:
        _check_provenance(span["provenance"], f"{path}.provenance")
    if "derivation_depth" in span:
        depth = _int_at(span["derivation_depth"], f"{path}.derivation_depth")
        if depth is not span["derivation_depth"]:
            checked = dict(span)
            checked["derivation_depth"] = depth
    if kind == "summary" and ("provenance" not in span or "derivation_depth" not in span):
        raise BadRequest("a summary span must carry provenance and derivation_depth", path)
    if kind == "original" and ("provenance" in span or "derivation_depth" in span):
        raise BadRequest('only summary spans (or pointers to them) carry provenance and derivation_depth; set kind to "summary"', path)
    if kind == "pointer" and span["externalized_key"] is None:
        raise BadRequest("a pointer must keep the store key of the text it replaced", f"{path}.externalized_key")
    return checked


def _check_provenance(provenance, path):
    if not isinstance(provenance, list) or not provenance:
        raise BadRequest("provenance is a non-empty array", path)
    for index, entry in enumerate(provenance):
        entry_path = f"{path}[{index}]"
        if not isinstance(entry, dict):
            raise BadRequest("a provenance entry is an object", entry_path)
        fields = ("span_id", "externalized_key")
        _check_fields(entry, fields, fields, entry_path)
        _nonempty_string(entry["span_id"], f"{entry_path}.span_id")
        _string(entry["externalized_key"], f"{entry_path}.externalized_key")


def _check_store(store, path):
    if not isinstance(store, dict):
        raise BadRequest("the store is an object of key -> text", path)
    for key, text in store.items():
        _string(text, f"{path}[{key!r}]")


def _check_fields(value, required, allowed, path):
    for name in required:
        if name not in value:
            raise BadRequest(f"missing field {name!r}", path)
    if allowed is not None:
        for name in value:
            if name not in allowed:
                raise BadRequest(f"unexpected field {name!r}", path)


def _as_int(value):
    # JSON has one number type: 2.0 is the integer 2 (as JSON.parse reads it); true is not a number.
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and 0 <= value <= _MAX_SAFE_INTEGER:
        return value
    return None


def _int_at(value, path):
    number = _as_int(value)
    if number is None:
        raise BadRequest("expected an integer >= 0", path)
    return number


def _string(value, path):
    if not isinstance(value, str):
        raise BadRequest("expected a string", path)


def _nonempty_string(value, path):
    if not isinstance(value, str) or value == "":
        raise BadRequest("expected a non-empty string", path)


def _string_list(value, path):
    if not isinstance(value, list):
        raise BadRequest("expected an array of strings", path)
    for index, item in enumerate(value):
        _string(item, f"{path}[{index}]")
