// A prune-only adapter in Go with nothing but the standard library: the plain loop of docs/protocol.md §8.
// Spans and the store stay json.RawMessage, so texts are never decoded: encoding/json would turn a lone
// surrogate ("\ud800") into U+FFFD, and every field the harness sent goes back as it came.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
)

type span = map[string]json.RawMessage

type request struct {
	ID     int64  `json:"id"`
	Op     string `json:"op"`
	Window struct {
		Spans []span `json:"spans"`
		Depth int    `json:"derivation_depth"`
	} `json:"window"`
	EvictIDs []string                   `json:"evict_ids"`
	Store    map[string]json.RawMessage `json:"store"`
}

type refusal struct{ code, spanID string }

// str reads a string field: false for null or absent. Unmarshalling null into a string is no error (it
// leaves the string as it was), so a *string says which it was.
func str(raw json.RawMessage) (string, bool) {
	var s *string
	if json.Unmarshal(raw, &s) != nil || s == nil {
		return "", false
	}
	return *s, true
}

func kind(s span) string {
	if k, ok := str(s["kind"]); ok {
		return k
	}
	return "original"
}

func provenanceResolves(s span, store map[string]json.RawMessage) bool {
	var provenance []struct {
		Key string `json:"externalized_key"`
	}
	json.Unmarshal(s["provenance"], &provenance)
	for _, p := range provenance {
		if _, ok := store[p.Key]; !ok {
			return false
		}
	}
	return true
}

// copyProblem says why a span has no byte-exact copy in the store, or "" when it has one. Texts are
// compared as the JSON the harness wrote: it writes equal strings alike, so equal bytes are equal texts.
func copyProblem(s span, store map[string]json.RawMessage) string {
	key, hasKey := str(s["externalized_key"])
	stored, inStore := store[key]
	if kind(s) == "pointer" {
		if !hasKey || !inStore {
			return "unresolvable_pointer"
		}
	} else {
		switch {
		case !hasKey:
			return "not_externalized"
		case !inStore:
			return "key_missing"
		case !bytes.Equal(stored, s["text"]):
			return "stale_key"
		}
	}
	if !provenanceResolves(s, store) {
		return "unresolvable_provenance"
	}
	return ""
}

func prune(r request) (map[string]any, *refusal) {
	id := func(s span) string { v, _ := str(s["span_id"]); return v }
	if r.Window.Depth > 0 {
		for _, s := range r.Window.Spans {
			grounded := copyProblem(s, r.Store) == ""
			if kind(s) == "summary" {
				grounded = provenanceResolves(s, r.Store)
			}
			if !grounded {
				return nil, &refusal{"derived_ungrounded", id(s)}
			}
		}
	}
	evict := map[string]bool{}
	for _, e := range r.EvictIDs {
		evict[e] = true
	}
	spans := make([]span, 0, len(r.Window.Spans))
	for _, s := range r.Window.Spans {
		if !evict[id(s)] {
			spans = append(spans, s)
			continue
		}
		if problem := copyProblem(s, r.Store); problem != "" {
			return nil, &refusal{problem, id(s)}
		}
		if kind(s) != "pointer" {
			key, _ := str(s["externalized_key"])
			pointer := span{}
			for field, value := range s {
				pointer[field] = value
			}
			pointer["kind"], _ = json.Marshal("pointer")
			pointer["text"], _ = json.Marshal("[externalized: " + key + "]")
			s = pointer
		}
		spans = append(spans, s)
	}
	return map[string]any{"spans": spans, "derivation_depth": r.Window.Depth + 1}, nil
}

func main() {
	in := bufio.NewReader(os.Stdin) // no line-length limit, unlike bufio.Scanner
	out := bufio.NewWriter(os.Stdout)
	for {
		line, err := in.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) == 0 && err != nil {
			return
		}
		var r request
		var response map[string]any
		if json.Unmarshal(line, &r) != nil {
			var id struct {
				ID *int64 `json:"id"`
			}
			json.Unmarshal(line, &id)
			response = map[string]any{"id": id.ID, "ok": false, "error": map[string]any{"type": "BadRequest", "message": "not a request", "span_id": nil}}
		} else {
			switch r.Op {
			case "shutdown":
				return
			case "hello":
				response = map[string]any{"id": r.ID, "ok": true, "protocol": 1, "name": "plain-go", "capabilities": []string{"prune"}}
			case "prune":
				if window, refused := prune(r); refused != nil {
					response = map[string]any{"id": r.ID, "ok": false, "error": map[string]any{
						"type": "UnrecoverablePruneError", "message": refused.code, "span_id": refused.spanID, "code": refused.code}}
				} else {
					response = map[string]any{"id": r.ID, "ok": true, "window": window}
				}
			default:
				response = map[string]any{"id": r.ID, "ok": false, "error": map[string]any{"type": "UnsupportedOperation", "message": r.Op, "span_id": nil}}
			}
		}
		encoded, _ := json.Marshal(response)
		out.Write(append(encoded, '\n'))
		out.Flush()
	}
}
