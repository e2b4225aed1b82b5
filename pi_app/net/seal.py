"""Signatures and sealed letters: how a box knows the creator's word, and a key travels.

- `signed` / `check`: HMAC-SHA256 over a message's topic and its canonical JSON. The
  creator signs the settings and the order with the tournament's key, each box signs
  its rounds with its own key; the receiver checks before it reads a field. A copy
  moved to another topic no longer checks.
- `Exchange`: Diffie-Hellman in RFC 3526's 2048-bit group 14. A joining box and the
  creator agree on a key that nobody reading their messages can compute, so the
  creator can send the box its credentials and keys through the broker, which anyone
  with the join code may read.
- `seal` / `unseal`: a letter under that key, enciphered with an HMAC-SHA256 keystream
  (the key, a fresh nonce and a counter) and authenticated by a second HMAC.

Only the standard library: the box has no other cryptography to call.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from typing import Any

from pi_app.net.protocol import VERSION, ProtocolError

SIGNATURE = "sig"  # the field that carries a payload's signature
GROUP_14 = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74"
    "020BBEA63B139B22514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F1437"
    "4FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF05"
    "98DA48361C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB"
    "9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF695581718"
    "3995497CEA956AE515D2261898FA051015728E5A8AACAA68FFFFFFFFFFFFFFFF",
    16,
)
"""RFC 3526's 2048-bit MODP group (as `openssl genpkey -pkeyopt group:modp_2048` has it)."""
GENERATOR = 2
_BLOCK = hashlib.sha256().digest_size


def new_key() -> str:
    """A random 256-bit key, in hex (as it travels and is kept)."""
    return secrets.token_hex(32)


def _canonical(topic: str, payload: Mapping[str, Any]) -> bytes:
    body = {"v": VERSION, **{k: v for k, v in payload.items() if k != SIGNATURE}}
    text = json.dumps(body, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return topic.encode("utf-8") + b"\n" + text.encode("ascii")


def _mac(key: str, topic: str, payload: Mapping[str, Any]) -> str:
    return hmac.new(bytes.fromhex(key), _canonical(topic, payload), hashlib.sha256).hexdigest()


def signed(key: str, topic: str, payload: Mapping[str, Any]) -> dict[str, Any]:
    """`payload` with its signature for `topic` under `key`."""
    return {**payload, SIGNATURE: _mac(key, topic, payload)}


def check(key: str, topic: str, payload: Mapping[str, Any], who: str) -> None:
    """ProtocolError unless `payload` carries the signature of `key` for `topic`."""
    given = payload.get(SIGNATURE)
    if (
        not key
        or not isinstance(given, str)
        or not hmac.compare_digest(given, _mac(key, topic, payload))
    ):
        raise ProtocolError(f"not signed by {who}")


class Exchange:
    """One side of a Diffie-Hellman exchange: a secret exponent and its public value."""

    def __init__(self, secret: str | None = None) -> None:
        self.secret = secret if secret is not None else secrets.token_hex(32)

    @property
    def public(self) -> str:
        return format(pow(GENERATOR, int(self.secret, 16), GROUP_14), "x")

    def shared(self, other: object) -> str:
        """The key both sides compute from the other's public value (ProtocolError if
        that value is not one: a number of the group other than 1 and p - 1)."""
        if not isinstance(other, str) or not 0 < len(other) <= 512:
            raise ProtocolError("a public key must be up to 512 hex digits")
        try:
            value = int(other, 16)
        except ValueError:
            raise ProtocolError("a public key must be hex digits") from None
        if not 1 < value < GROUP_14 - 1:
            raise ProtocolError("a public key out of the group")
        shared = pow(value, int(self.secret, 16), GROUP_14)
        return hashlib.sha256(shared.to_bytes(256, "big")).hexdigest()


def _stream(key: bytes, nonce: bytes, length: int) -> bytes:
    blocks = (length + _BLOCK - 1) // _BLOCK
    return b"".join(
        hmac.new(key, nonce + n.to_bytes(8, "big"), hashlib.sha256).digest() for n in range(blocks)
    )[:length]


def _keys(key: str) -> tuple[bytes, bytes]:
    raw = bytes.fromhex(key)
    cipher = hmac.new(raw, b"cipher", hashlib.sha256).digest()
    return cipher, hmac.new(raw, b"mac", hashlib.sha256).digest()


def seal(key: str, letter: Mapping[str, Any]) -> dict[str, str]:
    """`letter` (a JSON object) enciphered and authenticated under `key`."""
    cipher, mac = _keys(key)
    nonce = secrets.token_bytes(16)
    plain = json.dumps(dict(letter), ensure_ascii=True).encode("ascii")
    body = bytes(a ^ b for a, b in zip(plain, _stream(cipher, nonce, len(plain)), strict=True))
    tag = hmac.new(mac, nonce + body, hashlib.sha256).hexdigest()
    return {"nonce": nonce.hex(), "body": body.hex(), "mac": tag}


def unseal(key: str, sealed: object) -> dict[str, Any]:
    """The letter `seal` made, or ProtocolError if it was not sealed under `key`."""
    if not isinstance(sealed, dict):
        raise ProtocolError("a sealed letter must be an object")
    try:
        nonce, body = bytes.fromhex(sealed["nonce"]), bytes.fromhex(sealed["body"])
        tag = str(sealed["mac"])
    except (KeyError, TypeError, ValueError):
        raise ProtocolError("a sealed letter needs hex nonce, body and mac") from None
    cipher, mac = _keys(key)
    if not hmac.compare_digest(tag, hmac.new(mac, nonce + body, hashlib.sha256).hexdigest()):
        raise ProtocolError("a sealed letter not sealed for this box")
    plain = bytes(a ^ b for a, b in zip(body, _stream(cipher, nonce, len(body)), strict=True))
    letter = json.loads(plain.decode("ascii"))
    if not isinstance(letter, dict):
        raise ProtocolError("a sealed letter must hold an object")
    return letter
