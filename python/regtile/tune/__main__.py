"""python -m regtile.tune: the tuner run from the source tree."""

import os
import sys

from .cli import main

sys.exit(main(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__)))))))
