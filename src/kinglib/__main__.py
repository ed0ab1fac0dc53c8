"""``python -m kinglib``: the ``kinglib`` command."""

import sys

from kinglib.cli import main

if __name__ == "__main__":
    sys.exit(main())
