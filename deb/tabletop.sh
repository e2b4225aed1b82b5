#!/bin/sh
# Table Companion's command, from the package's own Python environment.
exec /usr/lib/tabletop/venv/bin/tabletop "$@"
