"""Seeds a run draws and derives: keyed hashes, so that no derived seed gives away another.

A run's seed decides every deal of the run, so it is the one secret of a bot
contest. Everything derived from it goes through keyed BLAKE2b with the parent
seed as the key: :func:`match_seed` (the seed of match or deal ``i`` of a run)
and :func:`bot_seed` (the seed a bot gets for its own randomness). Knowing any
number of derived seeds tells nothing of the key they came from, nor of the
seeds derived beside them, short of guessing the key itself; so a run seed
drawn by :func:`fresh` (128 bits) keeps the deals secret, while a small seed
the user chose can be guessed by trying them all.

Seeds are whole numbers of any size and sign; they enter a hash as their
canonical bytes (:func:`seed_bytes`).
"""

from __future__ import annotations

import hashlib
import secrets

SEED_BITS = 128
"""The bits of a seed cardkit draws itself (:func:`fresh`)."""
MATCH_SEED_BYTES = 16
"""A derived match seed has 128 bits: as many as a drawn run seed."""
BOT_SEED_BYTES = 8
"""A bot's seed has 64 bits: plenty for its own randomness, and nothing of the deal."""
_KEY_BYTES = 64
"""BLAKE2b's longest key; a seed with longer bytes is keyed by their digest."""
_MATCH_TAG = b"cardkit match "
_BOT_TAG = b"cardkit bot seat "
_SHUFFLE_TAG = b"cardkit shuffle "
_LONG_KEY_TAG = b"cardkit long seed"


def fresh() -> int:
    """A new seed of :data:`SEED_BITS` random bits from the system's secure source."""
    return secrets.randbits(SEED_BITS)


def seed_bytes(value: int) -> bytes:
    """``value`` as signed big-endian bytes of minimal length (0 is one zero byte): one
    byte string per whole number, so different seeds never hash alike."""
    magnitude = value if value >= 0 else ~value
    return value.to_bytes(magnitude.bit_length() // 8 + 1, "big", signed=True)


def _key(seed: int) -> bytes:
    """The BLAKE2b key of ``seed``: its bytes, or their 64-byte digest when longer."""
    raw = seed_bytes(seed)
    if len(raw) <= _KEY_BYTES:
        return raw
    return hashlib.blake2b(_LONG_KEY_TAG + raw, digest_size=_KEY_BYTES).digest()


def _keyed(seed: int, message: bytes, size: int) -> int:
    digest = hashlib.blake2b(message, key=_key(seed), digest_size=size).digest()
    return int.from_bytes(digest, "big")


def match_seed(seed: int, index: int) -> int:
    """The 128-bit seed of match (or deal) ``index`` of a run seeded ``seed``: BLAKE2b keyed
    with the run seed, so match seeds neither follow from each other nor give it away."""
    return _keyed(seed, _MATCH_TAG + seed_bytes(index), MATCH_SEED_BYTES)


def bot_seed(seed: int, seat: int) -> int:
    """The 64-bit seed a bot in ``seat`` gets in a match seeded ``seed``: BLAKE2b keyed with
    the match seed, so the bot cannot work the match seed (nor another seat's seed) out."""
    return _keyed(seed, _BOT_TAG + seed_bytes(seat), BOT_SEED_BYTES)


def shuffle_seed(seed: int, pile: int, count: int, k: int) -> int:
    """The 128-bit seed of the ``k``-th shuffle drawing ``count`` of a pile of ``pile`` cards
    in a duplicate deal seeded ``seed``: BLAKE2b keyed with the deal seed, so the cards a
    bot is dealt do not give the deal seed away by trying seeds."""
    message = _SHUFFLE_TAG + f"{pile} {count} {k}".encode()
    return _keyed(seed, message, MATCH_SEED_BYTES)
