"""`python -m pi_app` is the same as the `tabletop` command."""

from pi_app.cli import main

raise SystemExit(main())
