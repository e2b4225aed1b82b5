"""Table Companion: the program of the box that keeps score at the game table."""

__version__ = "0.1.0"
