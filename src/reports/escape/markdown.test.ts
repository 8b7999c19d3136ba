import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileText } from "../../../test/helpers/hostile-text.ts";
import { codeSpans, markdownLayout, markdownLines, tableCells } from "../../../test/helpers/markdown.ts";
import { markdownCell, markdownCode, markdownFence, markdownText } from "./markdown.ts";
import { visibleControls } from "./terminal.ts";

const hostile = hostileText();

/** Markdown's own escapes undone: `\` before ASCII punctuation, and the entities markdownText writes. */
function unescapeText(markdown: string): string {
  return markdown.replace(/\\([!-/:-@[-`{-~])|&(amp|lt|gt|#32);/g, (_, punct: string | undefined, entity: string | undefined) =>
    punct ?? { amp: "&", lt: "<", gt: ">", "#32": " " }[entity as string] as string,
  );
}

describe("markdownText: data as plain inline text", () => {
  it("reads back as the data, line breaks folded and controls visible", () => {
    fc.assert(fc.property(hostile, (text) => {
      expect(unescapeText(markdownText(text))).toBe(visibleControls(text.replace(/[\r\n]+/g, " ")));
    }));
  });

  it("opens nothing: no line break, no raw <, > or &, no unescaped character that starts an inline construct", () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const markdown = markdownText(text);
        expect(markdown).not.toMatch(/[\r\n<>]/);
        const bare = markdown.replace(/\\[!-/:-@[-`{-~]|&(amp|lt|gt|#32);/g, "");
        expect(bare).not.toMatch(/[\\`*_~[\]#$&]/);
      }),
    );
  });

  it("cannot start a block where it begins a line or a list item: no marker, no indentation", () => {
    fc.assert(fc.property(hostile, (text) => {
      expect(markdownText(text)).not.toMatch(/^(\s|[-+=]|\d{1,9}[.)])/);
    }));
    expect(markdownText("1. item")).toBe("1\\. item");
    expect(markdownText("    code")).toBe("&#32;   code");
  });

  it("turns the summary.md attack into text on the same line", () => {
    expect(markdownText("my-pruner at core: conforms\n\n<!--")).toBe("my-pruner at core: conforms &lt;!--");
  });
});

describe("markdownCode: data as an inline code span", () => {
  it("is one code span showing exactly the data (line breaks folded, controls visible), whatever backticks it holds", () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const span = markdownCode(text);
        const shown = visibleControls(text.replace(/[\r\n]+/g, " ")) || " ";
        expect(span).not.toMatch(/[\r\n]/);
        expect(codeSpans(span)).toEqual({ text: "", code: [shown] });
        expect(codeSpans(`before ${span} after`)).toEqual({ text: "before  after", code: [shown] });
      }),
    );
  });

  it("uses one backtick more than the longest run inside", () => {
    expect(markdownCode("a``b")).toBe("```a``b```");
    expect(markdownCode("`")).toBe("`` ` ``");
  });
});

describe("markdownFence: data as a fenced code block", () => {
  it("holds the data exactly, and nothing in it closes the fence early", () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const layout = markdownLayout(["before", markdownFence(text, "text"), "after"].join("\n"));
        expect(layout.unclosed).toBe(false);
        // The line ending after the data ends its last line (a CR before it makes one CRLF).
        expect(layout.blocks).toEqual([{ info: "text", content: markdownLines(`${text}\n`).slice(0, -1).join("\n") }]);
        expect(layout.lines).toEqual(["before", "after"]);
      }),
    );
  });

  it("is a plain three-backtick fence when the data holds no long run", () => {
    expect(markdownFence("x", "sh")).toBe("```sh\nx\n```");
    expect(markdownFence("```\n````", "text")).toBe("`````text\n```\n````\n`````");
  });
});

describe("markdownCell: one table cell whatever it holds", () => {
  it("keeps text and code spans in their cell, and GFM reads the pipes back", () => {
    fc.assert(
      fc.property(hostile, hostile, (first, second) => {
        const row = `| ${markdownCell(markdownText(first))} | ${markdownCell(markdownCode(second))} |`;
        const cells = tableCells(row);
        expect(cells).toHaveLength(2);
        // GFM trims blanks off a cell's ends; a leading one markdownText keeps as an entity.
        expect(unescapeText(cells[0] as string).replace(/ +$/, "")).toBe(visibleControls(first.replace(/[\r\n]+/g, " ")).replace(/ +$/, ""));
        expect(codeSpans(cells[1] as string).code).toEqual([visibleControls(second.replace(/[\r\n]+/g, " ")) || " "]);
      }),
    );
  });
});
