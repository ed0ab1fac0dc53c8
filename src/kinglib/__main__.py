"""``python -m kinglib``: the ``kinglib`` command."""

import sys

from kinglib.apps.cli import main

if __name__ == "__main__":
    sys.exit(main())
