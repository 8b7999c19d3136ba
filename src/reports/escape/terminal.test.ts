import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileText } from "../../../test/helpers/hostile-text.ts";
import { quoteName } from "./name.ts";
import { jsonWithoutControls, terminalText, visibleControls, visibleJson } from "./terminal.ts";

/** C0, DEL, C1, and the Unicode line separators and direction overrides. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const hostile = hostileText();

describe("terminalText: what reaches the terminal", () => {
  it("holds no control character but line breaks and tabs, and leaves text without controls alone", () => {
    fc.assert(
      fc.property(hostile, (text) => {
        expect(terminalText(text).replace(/[\n\t]/g, "")).not.toMatch(CONTROL);
        if (!CONTROL.test(text)) expect(terminalText(text)).toBe(text);
      }),
    );
  });

  it("names each character it replaced", () => {
    expect(terminalText("\u001b]0;pwned\u0007 ok\r\n\u009b\u202e")).toBe("\\x1b]0;pwned\\x07 ok\\x0d\n\\x9b\\u202e");
  });
});

describe("visibleControls: text that stays on one line", () => {
  it("holds no control character at all, line breaks included", () => {
    fc.assert(
      fc.property(hostile, (text) => {
        expect(visibleControls(text)).not.toMatch(CONTROL);
      }),
    );
    expect(visibleControls("a\nb\tc")).toBe("a\\x0ab\\x09c");
  });
});

describe("jsonWithoutControls: JSON that a terminal or a page shows as it is", () => {
  it("parses back to the same value and holds no control character but its own line breaks", () => {
    fc.assert(
      fc.property(fc.jsonValue(), hostile, (value, text) => {
        const json = jsonWithoutControls(JSON.stringify({ value, text }, null, 2));
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify({ value, text })));
        expect(json.replace(/\n/g, "")).not.toMatch(CONTROL);
      }),
    );
  });
});

describe("visibleJson: a text quoted so a reader sees every character", () => {
  it("reads back as the text, holding no character a reader cannot see or tell from a space", () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const json = visibleJson(text);
        expect(JSON.parse(json)).toBe(text);
        expect(json).not.toMatch(/[\u0000-\u001f\u007f-\u00a0\u00ad\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/);
      }),
    );
  });

  it("names the white space and invisible characters a model's summary may be made of ([p-model-failure])", () => {
    expect(["\u0085", "\ufeff", "\u00a0\u3000", "\u200b", "\u001c", " \n"].map(visibleJson)).toEqual([
      '"\\u0085"',
      '"\\ufeff"',
      '"\\u00a0\\u3000"',
      '"\\u200b"',
      '"\\u001c"',
      '" \\n"',
    ]);
  });
});

describe("quoteName: a name as one word of a sentence", () => {
  it("leaves a plain name bare", () => {
    expect(quoteName("naive-python")).toBe("naive-python");
    expect(quoteName("@scope/lib.v2+x:y_z")).toBe("@scope/lib.v2+x:y_z");
  });

  it("quotes any other name as JSON that reads back as the name, on one line, without controls", () => {
    fc.assert(
      fc.property(hostile, (name) => {
        const word = quoteName(name);
        expect(word).not.toMatch(CONTROL);
        if (word !== name) expect(JSON.parse(word)).toBe(name);
        else expect(name).toMatch(/^[\w./:@+-]+$/);
      }),
    );
    expect(quoteName("my-pruner at core: conforms\n\n<!--")).toBe('"my-pruner at core: conforms\\n\\n<!--"');
  });
});
