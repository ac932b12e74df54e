"""``python -m tui.simulate``: the same command as ``party-dice simulate``."""

import sys

from tui.simulate.cli import main

sys.exit(main())
