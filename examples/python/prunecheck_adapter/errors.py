"""The typed refusal every pruner raises, with the stable reason codes of src/errors/unrecoverable.ts."""

import json
import re

# Same codes and wording as src/errors/unrecoverable.ts: codes travel on the wire as `error.code`, so a
# rename is a breaking change. tests/test_reference.py fails when the two drift apart.
REFUSAL_REASONS = {
    "derived_ungrounded": "the window is already derived (derivation_depth >= 1) and not every span resolves in the store; reground first",
    "not_externalized": "the span has no externalized_key; write it to the store before evicting it",
    "key_missing": "the span's externalized_key is not in the store; re-externalize it",
    "stale_key": "the store holds different text under the span's externalized_key; re-externalize the current text",
    "summary_depth_exceeded": "summarizing a summary would exceed derivation depth 1; summarize the original sources instead",
    "unresolvable_pointer": "a pointer's externalized_key is not in the store; its text cannot be recovered",
    "unresolvable_provenance": "a summary's provenance does not resolve in the store; it cannot justify this operation",
    "unknown_span": "the request names a span that is not in the window",
    "empty_selection": "a summary needs at least one source span",
    "budget_unreachable": "the budget cannot be met by evicting only spans that have a byte-exact copy; externalize more spans or raise the budget",
    "duplicate_span_id": "the summary_id is already used by a span in the window; pick a fresh id",
    "model_failed": "the model failed (an error, a timeout or an empty answer), so nothing was changed; try again later",
}

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def js_string(text):
    """JSON.stringify(text): non-ASCII kept as is, lone surrogates escaped (Python would keep them raw)."""
    return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(text, ensure_ascii=False))


class UnrecoverablePruneError(Exception):
    """The seed's loud refusal: the operation would be a mutation, not a compaction, so nothing changed.

    Its fields are named as the wire names them: `code` is one of REFUSAL_REASONS; `span_id` names the
    span to blame, or is None when the whole request is."""

    def __init__(self, code, span_id=None, detail=None):
        if code not in REFUSAL_REASONS:
            raise ValueError(f"unknown refusal code {code!r}; use one of {sorted(REFUSAL_REASONS)}")
        self.code = code
        self.span_id = span_id
        subject = "window" if span_id is None else f"span {js_string(span_id)}"
        super().__init__(f"{subject}: {detail if detail is not None else REFUSAL_REASONS[code]} [{code}]")
