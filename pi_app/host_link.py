"""`tabletop host-link`: the host page's link on one line, then the big screen's.

The key is the box's (`web.host_key`): the one in the folder of the journal the box's
service keeps, found as `tabletop doctor` finds it, so an administrator who runs the
command gets the service's key, not one of their own; it is made when there is none.
`--new` renews it first: every host page opened with the old one stops at once (the
server reads the file on each request). `--qr` draws each link as a QR code in the
terminal, for a phone to scan from the screen of whoever runs it.

The address is the one phones reach the box at (`web.reach`), the port the phones'
one. What stops the command is said in one line: a folder it cannot read, a key it
cannot write, a box with no address.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TextIO

from pi_app.config import Config
from pi_app.doctor import Machine, box_journal
from pi_app.errors import Refusal, describe
from pi_app.i18n import Translator
from pi_app.web.host_key import HostKey
from pi_app.web.host_links import links_at, phone_address
from pi_app.web.reach import addresses

_ = Translator("core")

BLOCKS = "█▀▄"  # what segno's compact terminal code is drawn with


def run(args: argparse.Namespace, config: Config, machine: Machine | None = None) -> int:
    """The `host-link` command: 0 once both links are printed; a Refusal (exit 2) when
    the key cannot be read or made, or the box has no address."""
    key_file = HostKey(key_path(machine or Machine(), config))
    address = phone_address(addresses())
    if address is None:
        raise Refusal(
            _("The box has no network address phones can reach: connect it to a network first.")
        )
    key = keyed(key_file, args.new)
    links = links_at(address, int(config["phones.port"]), key)
    for link in (links.host, links.tv):
        print(link)
        if args.qr:
            draw_qr(link, sys.stdout)
    return 0


def key_path(machine: Machine, config: Config) -> Path:
    """Where the box's service keeps its key; Refusal when this user cannot read it."""
    try:
        journal = box_journal(machine, config)
    except PermissionError as error:  # its folder hides whether the journal is a file
        readable(Path(str(error.filename)))
        raise
    path = HostKey.beside(journal).path
    readable(path)
    return path


def readable(path: Path) -> None:
    """Refusal when the key, or the nearest folder of its path that exists, is not this
    user's to read (another user than the box's runs the command: it must be root, or
    the box's user). A folder that cannot be searched hides what it holds: it is the
    one named."""
    place = path
    while not os.path.exists(place) and place != place.parent:
        place = place.parent
    if os.access(place, os.R_OK if place == path else os.R_OK | os.X_OK):
        if place == path.parent and not place.is_dir():
            raise Refusal(_("{path} is not a folder.").format(path=place))
        return
    raise Refusal(
        _(
            "{path} cannot be read: run the command as root or as the box's user "
            "(sudo -u tabletop tabletop host-link)."
        ).format(path=place)
    )


def keyed(key_file: HostKey, new: bool) -> str:
    """The key now (a new one with `new`), kept the box's user's to read."""
    try:
        made_folders(key_file.path.parent)
        key = key_file.renew() if new else key_file.current()
    except OSError as error:
        raise Refusal(
            _("The host's key cannot be written in {folder}: {why}.").format(
                folder=key_file.path.parent, why=describe(error)
            )
        ) from error
    give_to_folder_owner(key_file.path)
    return key


def made_folders(folder: Path) -> None:
    """Root makes the key's missing folders as the box's user's (the owner of the
    nearest one there): the service's journal goes in them."""
    if os.geteuid() != 0 or folder.exists():
        return
    missing = [folder, *(p for p in folder.parents if not p.exists())]
    owner = missing[-1].parent.stat()
    for place in reversed(missing):
        place.mkdir(exist_ok=True)
        os.chown(place, owner.st_uid, owner.st_gid)


def give_to_folder_owner(path: Path) -> None:
    """Root made or renewed the key: the box's user (its folder's owner) must still
    read it, or the host page would open for nobody."""
    if os.geteuid() != 0:
        return
    owner = path.parent.stat()
    os.chown(path, owner.st_uid, owner.st_gid)


def draw_qr(link: str, out: TextIO) -> None:
    """`link` as segno's QR code for a terminal: two rows of modules a line where the
    terminal writes block characters, else its coloured spaces."""
    import segno  # only when a code is asked for

    code = segno.make(link, error="m")
    encoding = getattr(out, "encoding", None) or "ascii"
    try:
        BLOCKS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        code.terminal(out=out)
        return
    code.terminal(out=out, compact=True)
