import { describe, expect, it } from "vitest";
import { htmlText } from "./html.ts";

describe("htmlText: one escaping layer for HTML, elements and quoted attributes alike", () => {
  it("escapes what HTML gives a meaning, and shows every control character instead of keeping it raw", () => {
    expect(htmlText(`<img src=x onerror="alert('1')"> & co`)).toBe("&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt; &amp; co");
    expect(htmlText("bell\u0007 esc\u001b[31m nul\u0000 rlo\u202e")).toBe("bell\\x07 esc\\x1b[31m nul\\x00 rlo\\u202e");
  });
});
