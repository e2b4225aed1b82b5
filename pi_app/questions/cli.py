"""`tabletop questions`: list the built-in bank, count it, build it, and the host's
packs (`import`) and flagged questions (`flagged`)."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

from pi_app.config import Config
from pi_app.i18n import LANGUAGES


def run(args: argparse.Namespace, config: Config) -> int:
    """The `questions` command."""
    action: str = args.action
    if action == "list":
        return _list(args, config)
    if action == "stats":
        return _stats()
    if action == "build":
        from pi_app.questions.generator.generate import run_build

        return run_build(args.output)
    from pi_app.questions import packs

    if action == "import":
        return packs.run_import(args, config)
    return packs.run_flagged(args, config)


def _list(args: argparse.Namespace, config: Config) -> int:
    from pi_app.questions.bank import builtin

    questions = list(builtin())
    if args.packs:
        from pi_app.questions import packs

        questions += packs.imported(config)
    for question in questions:
        if args.json:
            print(json.dumps(question.to_json(), ensure_ascii=False, separators=(",", ":")))
        else:
            print(f"{question.id}\t{question.text_in('en')}\t{question.to_json()['answer']}")
    return 0


def _stats() -> int:
    """Counts per kind, per category and per language, as plain lines."""
    from pi_app.questions.bank import builtin

    questions = builtin()
    kinds = Counter(question.kind for question in questions)
    categories = Counter(question.category for question in questions)
    languages = Counter(lang for question in questions for lang in question.text)
    out = sys.stdout
    out.write(f"questions\t{len(questions)}\n")
    for title, counts in (("kind", kinds), ("category", categories)):
        for name, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
            out.write(f"{title}\t{name}\t{count}\n")
    for lang in LANGUAGES:
        out.write(f"language\t{lang}\t{languages[lang]}\n")
    return 0
