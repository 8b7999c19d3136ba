//! A prune-only adapter in Rust: the plain loop of docs/protocol.md §8, with serde_json and no
//! `String` for texts. serde_json rejects a lone surrogate ("\ud800") in a `String` or a `Value`
//! ("unexpected end of hex escape"), so spans and store values stay `Box<RawValue>`: texts are never
//! decoded, compared as the JSON the harness wrote (it writes equal strings alike), and sent back as they came.
use serde_json::value::RawValue;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashSet};
use std::io::{self, BufRead, Write};

type Raw = Box<RawValue>;
type Span = BTreeMap<String, Raw>;
type Store = BTreeMap<String, Raw>;

fn text_of(span: &Span, field: &str) -> Option<String> {
    span.get(field)
        .and_then(|raw| serde_json::from_str::<Option<String>>(raw.get()).ok().flatten())
}

fn kind(span: &Span) -> String {
    text_of(span, "kind").unwrap_or_else(|| "original".into())
}

fn provenance_resolves(span: &Span, store: &Store) -> bool {
    let entries: Vec<BTreeMap<String, Value>> = span
        .get("provenance")
        .and_then(|raw| serde_json::from_str(raw.get()).ok())
        .unwrap_or_default();
    entries.iter().all(|entry| {
        entry
            .get("externalized_key")
            .and_then(Value::as_str)
            .map_or(false, |key| store.contains_key(key))
    })
}

/// Why a span has no byte-exact copy in the store, or None.
fn copy_problem(span: &Span, store: &Store) -> Option<&'static str> {
    let key = text_of(span, "externalized_key");
    let stored = key.as_ref().and_then(|key| store.get(key));
    if kind(span) == "pointer" {
        if stored.is_none() {
            return Some("unresolvable_pointer");
        }
    } else if key.is_none() {
        return Some("not_externalized");
    } else if stored.is_none() {
        return Some("key_missing");
    } else if stored.map(|raw| raw.get()) != span.get("text").map(|raw| raw.get()) {
        return Some("stale_key");
    }
    if !provenance_resolves(span, store) {
        return Some("unresolvable_provenance");
    }
    None
}

/// The pruned window as JSON text: serialized from the raw spans, never through a `Value`, which would
/// parse (and reject) the texts again.
fn prune(request: &BTreeMap<String, Raw>) -> Result<String, (String, String)> {
    let field = |name: &str| request.get(name).map(|raw| raw.get()).unwrap_or("null");
    let window: BTreeMap<String, Raw> = serde_json::from_str(field("window")).map_err(|e| ("bad".into(), e.to_string()))?;
    let spans: Vec<Span> =
        serde_json::from_str(window.get("spans").map(|raw| raw.get()).unwrap_or("[]")).map_err(|e| ("bad".into(), e.to_string()))?;
    let depth: u64 = window.get("derivation_depth").and_then(|raw| raw.get().parse().ok()).unwrap_or(0);
    let store: Store = serde_json::from_str(field("store")).map_err(|e| ("bad".into(), e.to_string()))?;
    let evict: HashSet<String> = serde_json::from_str(field("evict_ids")).map_err(|e| ("bad".into(), e.to_string()))?;
    let id = |span: &Span| text_of(span, "span_id").unwrap_or_default();
    if depth > 0 {
        for span in &spans {
            let grounded = if kind(span) == "summary" {
                provenance_resolves(span, &store)
            } else {
                copy_problem(span, &store).is_none()
            };
            if !grounded {
                return Err(("derived_ungrounded".into(), id(span)));
            }
        }
    }
    let mut out = Vec::with_capacity(spans.len());
    for span in spans {
        if !evict.contains(&id(&span)) {
            out.push(span);
            continue;
        }
        if let Some(problem) = copy_problem(&span, &store) {
            return Err((problem.into(), id(&span)));
        }
        let mut span = span;
        if kind(&span) != "pointer" {
            let key = text_of(&span, "externalized_key").unwrap_or_default();
            span.insert("kind".into(), RawValue::from_string(json!("pointer").to_string()).unwrap());
            span.insert(
                "text".into(),
                RawValue::from_string(json!(format!("[externalized: {key}]")).to_string()).unwrap(),
            );
        }
        out.push(span);
    }
    let spans = serde_json::to_string(&out).map_err(|e| ("bad".into(), e.to_string()))?;
    Ok(format!(r#"{{"spans":{spans},"derivation_depth":{}}}"#, depth + 1))
}

fn main() {
    let stdin = io::stdin();
    let mut stdout = io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        let request: BTreeMap<String, Raw> = match serde_json::from_str(&line) {
            Ok(request) => request,
            Err(error) => {
                let response =
                    json!({"id": null, "ok": false, "error": {"type": "BadRequest", "message": error.to_string(), "span_id": null}});
                let _ = writeln!(stdout, "{response}");
                continue;
            }
        };
        let id: Value = request
            .get("id")
            .and_then(|raw| serde_json::from_str(raw.get()).ok())
            .unwrap_or(Value::Null);
        let op = request
            .get("op")
            .and_then(|raw| serde_json::from_str::<String>(raw.get()).ok())
            .unwrap_or_default();
        let response = match op.as_str() {
            "shutdown" => return,
            "hello" => json!({"id": id, "ok": true, "protocol": 1, "name": "plain-rust", "capabilities": ["prune"]}),
            "prune" => match prune(&request) {
                Ok(window) => {
                    let _ = writeln!(stdout, r#"{{"id":{id},"ok":true,"window":{window}}}"#);
                    let _ = stdout.flush();
                    continue;
                }
                Err((code, span_id)) => {
                    json!({"id": id, "ok": false, "error": {"type": "UnrecoverablePruneError", "message": code, "span_id": span_id, "code": code}})
                }
            },
            _ => json!({"id": id, "ok": false, "error": {"type": "UnsupportedOperation", "message": op, "span_id": null}}),
        };
        let _ = writeln!(stdout, "{response}");
        let _ = stdout.flush();
    }
}
