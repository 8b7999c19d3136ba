"""is_blank, the kit's half of the protocol's one definition of an empty summary ([p-model-failure]).

The harness holds src/wire/blank.ts to the same fixture, so the two agree on every character where
JavaScript's trim and Python's strip do not.
"""
import json
import os
import unittest

from prunecheck_adapter.wire import is_blank

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "blank.json")


class IsBlankTest(unittest.TestCase):
    def test_the_shared_cases(self):
        with open(FIXTURE, encoding="utf-8") as handle:
            cases = json.load(handle)
        for case in cases:
            with self.subTest(why=case["why"]):
                self.assertIs(is_blank(case["text"]), case["blank"])

    def test_is_not_str_strip(self):
        # Python's own strip takes the separators U+001C..U+001F for white space; the protocol does not.
        self.assertEqual("\u001c".strip(), "")
        self.assertFalse(is_blank("\u001c"))


if __name__ == "__main__":
    unittest.main()
