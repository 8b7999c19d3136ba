// A prune-only adapter in Java with Gson: the plain loop of docs/protocol.md §8. A Java String holds a lone
// surrogate ("\ud800") as it is, but a UTF-8 writer turns it into '?': every line is written in ASCII, with
// \\uXXXX escapes, as Python's json.dumps(ensure_ascii=True) writes it.
import com.google.gson.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

public class PlainAdapter {
  static final Gson GSON = new GsonBuilder().disableHtmlEscaping().serializeNulls().create();

  static final class Refusal extends Exception {
    final String code, spanId;
    Refusal(String code, String spanId) { super(code); this.code = code; this.spanId = spanId; }
  }

  static String str(JsonObject o, String field) {
    JsonElement e = o.get(field);
    return e == null || e.isJsonNull() ? null : e.getAsString();
  }

  static String kind(JsonObject span) {
    String k = str(span, "kind");
    return k == null ? "original" : k;
  }

  static boolean provenanceResolves(JsonObject span, JsonObject store) {
    JsonElement provenance = span.get("provenance");
    if (provenance == null || provenance.isJsonNull()) return true;
    for (JsonElement entry : provenance.getAsJsonArray()) {
      if (!store.has(entry.getAsJsonObject().get("externalized_key").getAsString())) return false;
    }
    return true;
  }

  /** Why a span has no byte-exact copy in the store, or null. String.equals compares UTF-16 code units exactly. */
  static String copyProblem(JsonObject span, JsonObject store) {
    String key = str(span, "externalized_key");
    if (kind(span).equals("pointer")) {
      if (key == null || !store.has(key)) return "unresolvable_pointer";
    } else {
      if (key == null) return "not_externalized";
      if (!store.has(key)) return "key_missing";
      if (!store.get(key).getAsString().equals(str(span, "text"))) return "stale_key";
    }
    return provenanceResolves(span, store) ? null : "unresolvable_provenance";
  }

  static JsonObject prune(JsonObject request) throws Refusal {
    JsonObject window = request.getAsJsonObject("window");
    JsonObject store = request.getAsJsonObject("store");
    int depth = window.get("derivation_depth").getAsInt();
    Set<String> evict = new HashSet<>();
    for (JsonElement id : request.getAsJsonArray("evict_ids")) evict.add(id.getAsString());
    JsonArray spans = window.getAsJsonArray("spans");
    if (depth > 0) {
      for (JsonElement element : spans) {
        JsonObject span = element.getAsJsonObject();
        boolean grounded = kind(span).equals("summary") ? provenanceResolves(span, store) : copyProblem(span, store) == null;
        if (!grounded) throw new Refusal("derived_ungrounded", str(span, "span_id"));
      }
    }
    JsonArray out = new JsonArray();
    for (JsonElement element : spans) {
      JsonObject span = element.getAsJsonObject();
      if (evict.contains(str(span, "span_id"))) {
        String problem = copyProblem(span, store);
        if (problem != null) throw new Refusal(problem, str(span, "span_id"));
        if (!kind(span).equals("pointer")) {
          span = span.deepCopy();
          span.addProperty("kind", "pointer");
          span.addProperty("text", "[externalized: " + str(span, "externalized_key") + "]");
        }
      }
      out.add(span);
    }
    JsonObject result = new JsonObject();
    result.add("spans", out);
    result.addProperty("derivation_depth", depth + 1);
    return result;
  }

  static JsonObject error(JsonElement id, String type, String message, String spanId, String code) {
    JsonObject error = new JsonObject();
    error.addProperty("type", type);
    error.addProperty("message", message);
    error.addProperty("span_id", spanId);
    if (code != null) error.addProperty("code", code);
    JsonObject response = new JsonObject();
    response.add("id", id);
    response.addProperty("ok", false);
    response.add("error", error);
    return response;
  }

  /** JSON text in ASCII: every character past '~' as a \\uXXXX escape, lone surrogates included. */
  static String ascii(String json) {
    StringBuilder out = new StringBuilder(json.length());
    for (char c : json.toCharArray()) {
      if (c < 0x7f) out.append(c);
      else out.append(String.format("\\u%04x", (int) c));
    }
    return out.toString();
  }

  public static void main(String[] args) throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.US_ASCII);
    for (String line; (line = in.readLine()) != null; ) {
      JsonObject request;
      try {
        request = JsonParser.parseString(line).getAsJsonObject();
      } catch (RuntimeException e) {
        out.println(ascii(GSON.toJson(error(JsonNull.INSTANCE, "BadRequest", e.getMessage(), null, null))));
        out.flush();
        continue;
      }
      JsonElement id = request.get("id");
      String op = str(request, "op");
      JsonObject response;
      if ("shutdown".equals(op)) return;
      if ("hello".equals(op)) {
        response = JsonParser.parseString("{\"ok\":true,\"protocol\":1,\"name\":\"plain-java\",\"capabilities\":[\"prune\"]}").getAsJsonObject();
        response.add("id", id);
      } else if ("prune".equals(op)) {
        try {
          response = new JsonObject();
          response.add("id", id);
          response.addProperty("ok", true);
          response.add("window", prune(request));
        } catch (Refusal refusal) {
          response = error(id, "UnrecoverablePruneError", refusal.code, refusal.spanId, refusal.code);
        }
      } else {
        response = error(id, "UnsupportedOperation", String.valueOf(op), null, null);
      }
      out.println(ascii(GSON.toJson(response)));
      out.flush();
    }
  }
}
