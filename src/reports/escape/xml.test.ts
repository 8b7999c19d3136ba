import { describe, expect, it } from "vitest";
import { xmlText } from "./xml.ts";

describe("xmlText: one escaping layer for XML (JUnit), elements and quoted attributes alike", () => {
  it("escapes what XML gives a meaning, shows control characters as escapes, keeps line breaks and tabs", () => {
    expect(xmlText(`<failure message="x"> & co`)).toBe("&lt;failure message=&quot;x&quot;&gt; &amp; co");
    expect(xmlText("bell\u0007 esc\u001b[31m nul\u0000 rlo\u202e\nnext\tcell")).toBe("bell\\x07 esc\\x1b[31m nul\\x00 rlo\\u202e\nnext\tcell");
  });

  it("replaces what XML 1.0 cannot carry at all", () => {
    expect(xmlText("lone \ud800 and \uffff")).toBe("lone \ufffd and \ufffd");
  });
});
