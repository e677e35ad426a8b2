"""Seeded randomness. Nothing in stonework uses the global ``random`` state: generators are passed in.

Independent streams (chance, each agent, determinization) are derived from one seed with
:func:`derive_seed`, so that adding a consumer never shifts the numbers another one sees.

>>> derive_seed(7, "chance") == derive_seed(7, "chance")
True
>>> derive_seed(7, "chance") != derive_seed(7, "agent", 0)
True
"""

from __future__ import annotations

import hashlib
import random

Rng = random.Random


def make_rng(seed: int | str | None = None) -> Rng:
    """A fresh generator; ``None`` seeds it from the operating system."""
    if seed is None:
        return random.Random(random.SystemRandom().getrandbits(64))
    return random.Random(seed)


def derive_seed(seed: int | str, *labels: object) -> int:
    """A 63-bit seed for the stream named by ``labels``, derived from ``seed`` by hashing."""
    text = "/".join([str(seed), *(str(label) for label in labels)])
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def derive_rng(seed: int | str, *labels: object) -> Rng:
    """A generator for the stream named by ``labels`` (see :func:`derive_seed`)."""
    return random.Random(derive_seed(seed, *labels))
