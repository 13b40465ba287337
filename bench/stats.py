"""Small statistics the benches share."""

from __future__ import annotations

import math


def wilson(k: int, n: int, z: float = 1.96, digits: int | None = 3) -> tuple[float, float]:
    """Wilson score interval of k successes in n (95% by default); nan when n is 0.
    Rounded to `digits` for reports; None keeps full precision."""
    if n == 0:
        return (float("nan"), float("nan"))
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    if digits is None:
        return (mid - half, mid + half)
    return (round(mid - half, digits), round(mid + half, digits))
