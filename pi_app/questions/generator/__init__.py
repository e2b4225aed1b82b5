"""The bank's generator: build time only, it reads the data packages (the `questions` extra)."""
