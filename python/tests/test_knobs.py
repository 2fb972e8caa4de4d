"""Knob discovery and selection in a schedule's text."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from regtile.tune import TuneError  # noqa: E402
from regtile.tune.knobs import find_knobs, parse_selection, select  # noqa: E402

SCHEDULE = '''
%a = transform.tune.knob<"acc"> = 5 : i64 from options = [0, 1, 5] -> !transform.param<i64>
%b = transform.tune.knob<"rows"> options = [1, 2, 4] -> !transform.param<i64>
%c = transform.tune.knob<"acc"> = 1 from options = [0, 1, 5] -> !transform.param<i64>
transform.tune.alternatives<"how"> attributes {x = "{"} {
  // a comment with a brace {
  transform.yield
}, {
  transform.yield
}, {
  transform.yield
}
'''


class FindKnobs(unittest.TestCase):
    def test_knobs_in_order_with_defaults(self):
        knobs = find_knobs(SCHEDULE)
        self.assertEqual(list(knobs), ["acc", "rows", "how"])
        self.assertEqual(knobs["acc"]["options"], [0, 1, 5])
        # The first occurrence's selection is the default.
        self.assertEqual(knobs["acc"]["default"], 5)
        # Unselected: the first option.
        self.assertEqual(knobs["rows"]["default"], 1)
        self.assertEqual(knobs["how"], {"options": [0, 1, 2], "default": 0,
                                        "kind": "alternatives"})

    def test_non_integer_options(self):
        with self.assertRaisesRegex(TuneError, "only integer options"):
            find_knobs('transform.tune.knob<"k"> options = ["a", "b"]')

    def test_conflicting_options(self):
        with self.assertRaisesRegex(TuneError, "different options"):
            find_knobs('transform.tune.knob<"k"> options = [1, 2]\n'
                       'transform.tune.knob<"k"> options = [1, 3]')

    def test_param_selected_alternatives_are_not_knobs(self):
        text = ('transform.tune.alternatives<"order">\n'
                '    selected_region = %inner : !transform.param<i64>\n'
                '    -> !transform.any_op {\n  transform.yield\n}, {\n'
                '  transform.yield\n}\n')
        self.assertEqual(find_knobs(text), {})
        self.assertEqual(select(text, {"order": 1}), text)

    def test_unterminated_alternatives(self):
        with self.assertRaisesRegex(TuneError, "unterminated"):
            find_knobs('transform.tune.alternatives<"a"> { {')


class Select(unittest.TestCase):
    def test_every_occurrence_selected(self):
        text = select(SCHEDULE, {"acc": 0, "rows": 4, "how": 2})
        knobs = find_knobs(text)
        self.assertEqual(knobs["acc"]["default"], 0)
        self.assertEqual(knobs["rows"]["default"], 4)
        self.assertEqual(knobs["how"]["default"], 2)
        self.assertEqual(text.count("= 0 from options"), 2)
        self.assertIn('alternatives<"how"> selected_region = 2 attributes',
                      text)

    def test_unnamed_knobs_untouched(self):
        self.assertEqual(select(SCHEDULE, {}), SCHEDULE)

    def test_parse_selection(self):
        knobs = find_knobs(SCHEDULE)
        self.assertEqual(parse_selection(knobs, "acc=1 how=2", "s.mlir"),
                         {"acc": 1, "how": 2})
        with self.assertRaisesRegex(TuneError, "no knob named accs in s.mlir "
                                    r"\(it has: acc, rows, how\)"):
            parse_selection(knobs, "accs=1", "s.mlir")
        with self.assertRaisesRegex(TuneError, r"acc=2 is not one of its "
                                    r"options \[0, 1, 5\]"):
            parse_selection(knobs, "acc=2", "s.mlir")


if __name__ == "__main__":
    unittest.main()
