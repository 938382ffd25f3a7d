"""`python3 -m remi …`: see remi/cli.py and docs/notation.md."""

import sys

from .cli import main

sys.exit(main())
