"""Where the tests find the repository's files, wherever a test module sits."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden"
RULES = ROOT / "pi_app" / "rules"
