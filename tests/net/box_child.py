"""A tournament box without a screen, run as a process of its own (to be cut or killed).

`python -m tests.net.box_child STORE` reads one JSON command per line and
answers one JSON line each, while its tournament box polls the network every 20 ms
(what the display loop does between frames):

    {"cmd": "create", "name": ..., "tables": [[...]], "options": {...},
     "host": ..., "port": ..., "table": 0, "broker": FOLDER}  -> {"code": "<tid>-<key>"}
    (the creator writes the access of the broker in FOLDER, and reloads it as it admits)
    {"cmd": "join", "code": ..., "table": 1, "host": ..., "port": ...}  -> {}
    {"cmd": "resume"}                               -> {} (a restarted box)
    {"cmd": "submit", "result": {record round}}     -> {"id": ...} or {"error": ...}
    {"cmd": "state"}                                -> scores, seating, pending, ...
    {"cmd": "record"}                               -> {"record": {...}}
"""

from __future__ import annotations

import json
import logging
import sys
import threading
import time
from pathlib import Path
from typing import Any

from pi_app.net.box import TournamentBox
from pi_app.net.broker import Broker
from pi_app.net.store import TournamentStore
from pi_app.rules.cambio.record import read_result
from pi_app.rules.contract import RuleError


class Child:
    def __init__(self, store: Path) -> None:
        self.store = TournamentStore(store)
        self.box: TournamentBox | None = None
        self.lock = threading.Lock()

    def run(self, command: dict[str, Any]) -> dict[str, Any]:
        cmd = command["cmd"]
        if cmd == "create":
            box, code = TournamentBox.create(
                self.store,
                command["name"],
                command["tables"],
                command.get("options", {}),
                command["host"],
                command["port"],
                command.get("table", 0),
            )
            if "broker" in command:
                broker = Broker(Path(command["broker"]))
                broker.configure(box.access())
                box.gate = broker.grant
            self._start(box)
            return {"code": code}
        if cmd == "join":
            box = TournamentBox.join(
                self.store, command["code"], command["table"], command["host"], command["port"]
            )
            self._start(box)
            return {}
        if cmd == "resume":
            box = TournamentBox(self.store)
            if "broker" in command:
                broker = Broker(Path(command["broker"]))
                box.gate = broker.grant
            self._start(box)
            return {}
        assert self.box is not None
        if cmd == "submit":
            try:
                item = self.box.submit(read_result(command["result"]))
            except RuleError as error:
                return {"error": error.message("en")}
            return {"id": item.id}
        if cmd == "state":
            return self._state()
        if cmd == "record":
            return {"record": self.box.record()}
        raise ValueError(cmd)

    def _start(self, box: TournamentBox) -> None:
        self.box = box
        box.connect()

    def _state(self) -> dict[str, Any]:
        box = self.box
        assert box is not None
        state = box.state()
        ledger = box.ledger
        return {
            "online": box.online,
            "saving": box.saving,
            "box": box.me.box,
            "joining": box.me.joining,
            "join_refusal": box.join_refusal,
            "table": box.me.table,
            "ordered": len(ledger.rounds) if ledger else 0,
            "order": [item.id for item in ledger.rounds] if ledger else [],
            "pending": [item.id for item in box.pending()],
            "refused": box.refused(),
            "all_refused": dict(ledger.refused) if ledger else {},
            "scores": state.score_map if state else None,
            "tables": [list(row) for row in state.seating] if state else None,
            "ordered_scores": ledger.state.score_map if ledger else None,
            "ordered_tables": [list(r) for r in ledger.state.seating] if ledger else None,
            "moves": [move.to_json() for move in box.moves],
            "termination": state.termination if state else None,
        }

    def poll_forever(self) -> None:
        while True:
            with self.lock:
                if self.box is not None:
                    self.box.poll()
            time.sleep(0.02)


def main() -> None:
    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(name)s: %(message)s")
    child = Child(Path(sys.argv[1]))
    threading.Thread(target=child.poll_forever, daemon=True).start()
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        with child.lock:
            try:
                answer = child.run(json.loads(line))
            except Exception as error:  # the test reads it, the box goes on
                answer = {"error": f"{type(error).__name__}: {error}"}
        print(json.dumps(answer, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
