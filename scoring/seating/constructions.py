"""Algebraic schedules without repeated pairs (research note §3.4).

Resolvable transversal design TD(4, g): N = 4g players (i, u), block i in 0..3, u in a ring R of g elements.
Round h in R seats at table t the players (i, t + c_i * h). Two players (i, u), (j, v) meet only in the round with
(c_j - c_i) h = v - u, so every difference c_j - c_i must be invertible for g repeat-free rounds:
- R = GF(q1) x GF(q2) x ... (each q a prime power >= 4, so it has four distinct elements): g rounds;
- R = Z_g, c = 0, 1, 2, 3: the first min(g / gcd(g, 2), g / gcd(g, 3)) rounds;
- g = bad * m with bad in {2, 3, 6} and m as in the first case: the round h keeps the bad coordinate, m rounds.
Players of one block never meet in these rounds; when 4 divides g, seating every block by a schedule for g players
(recursively) adds more rounds.
"""

from __future__ import annotations

from functools import cache

Rounds = list[list[list[int]]]


def repeat_free_rounds(n_players: int, wanted: int) -> Rounds:
    """Up to `wanted` sessions for n_players in which no pair meets twice (fewer when no construction has more)."""
    if n_players <= 12:
        return [[list(range(t, t + 4)) for t in range(0, n_players, 4)]][:wanted]
    g = n_players // 4
    ring = _best_ring(g)
    rounds = [_td_round(g, ring, h) for h in ring.round_elements()[:wanted]]
    if g % 4 == 0 and len(rounds) < wanted:
        for sub_round in repeat_free_rounds(g, wanted - len(rounds)):
            rounds.append([[i * g + p for p in table] for i in range(4) for table in sub_round])
    return rounds


def _td_round(g: int, ring: _Ring, h: int) -> list[list[int]]:
    shifts = [ring.mul(c, h) for c in ring.coefficients()]
    return [[i * g + ring.add(t, shift) for i, shift in enumerate(shifts)] for t in range(g)]


class _Ring:
    """A finite commutative ring as a product of components; elements are mixed-radix integers 0..size-1.

    Each component is (q, p): GF(q) with characteristic p (q = p**k), or (q, 0) for Z_q. In a component marked
    `fixed` the round elements keep coordinate 0.
    """

    def __init__(self, components: list[tuple[int, int, bool]]):
        self.components = components  # (q, characteristic or 0 for Z_q, fixed)
        self.size = 1
        for q, _, _ in components:
            self.size *= q

    def _split(self, x: int) -> list[int]:
        digits = []
        for q, _, _ in self.components:
            digits.append(x % q)
            x //= q
        return digits

    def _join(self, digits: list[int]) -> int:
        x = 0
        for (q, _, _), d in zip(reversed(self.components), reversed(digits), strict=True):
            x = x * q + d
        return x

    def add(self, x: int, y: int) -> int:
        return self._join(
            [
                _gf_add(a, b, q, p) if p else (a + b) % q
                for (q, p, _), a, b in zip(self.components, self._split(x), self._split(y), strict=True)
            ]
        )

    def mul(self, x: int, y: int) -> int:
        return self._join(
            [
                _gf_mul(a, b, q, p) if p else (a * b) % q
                for (q, p, _), a, b in zip(self.components, self._split(x), self._split(y), strict=True)
            ]
        )

    def coefficients(self) -> list[int]:
        # c = 0, 1, 2, 3 in every component (four distinct field elements, or 0..3 in Z_q)
        return [self._join([c % q for q, _, _ in self.components]) for c in range(4)]

    def round_elements(self) -> list[int]:
        if len(self.components) == 1 and self.components[0][1] == 0:  # Z_g: the repeat-free prefix
            g = self.size
            return list(range(min(g // _gcd(g, 2), g // _gcd(g, 3))))
        elements = [0]
        radix = 1
        for q, _, fixed in self.components:
            if not fixed:
                elements = [e + d * radix for d in range(q) for e in elements]
            radix *= q
        return sorted(elements)


def _best_ring(g: int) -> _Ring:
    """The ring giving the most repeat-free rounds for blocks of g players."""
    factors = _prime_powers(g)
    fields = [(q, p, q < 4) for q, p in factors]  # GF(2), GF(3) cannot hold four distinct coefficients
    product = _Ring(fields)
    cyclic = _Ring([(g, 0, False)])
    return product if len(product.round_elements()) >= len(cyclic.round_elements()) else cyclic


def _prime_powers(n: int) -> list[tuple[int, int]]:
    factors = []
    p = 2
    while n > 1:
        if p * p > n:
            p = n
        if n % p == 0:
            q = 1
            while n % p == 0:
                n //= p
                q *= p
            factors.append((q, p))
        p += 1
    return factors


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


# GF(p^k): elements are integers whose base-p digits are the polynomial coefficients.


def _gf_add(a: int, b: int, q: int, p: int) -> int:
    if q == p:
        return (a + b) % p
    result, scale = 0, 1
    while a or b:
        result += ((a % p + b % p) % p) * scale
        a, b, scale = a // p, b // p, scale * p
    return result


def _gf_mul(a: int, b: int, q: int, p: int) -> int:
    if q == p:
        return (a * b) % p
    return _gf_mul_table(q, p)[a][b]


@cache
def _gf_mul_table(q: int, p: int) -> tuple[tuple[int, ...], ...]:
    k = 0
    while p**k < q:
        k += 1
    modulus = _irreducible(p, k)
    return tuple(
        tuple(
            _poly_to_int(_poly_mulmod(_int_to_poly(a, p, k), _int_to_poly(b, p, k), modulus, p), p)
            for b in range(q)
        )
        for a in range(q)
    )


def _int_to_poly(x: int, p: int, k: int) -> list[int]:
    return [(x // p**i) % p for i in range(k)]


def _poly_to_int(poly: list[int], p: int) -> int:
    return sum(c * p**i for i, c in enumerate(poly))


def _poly_mulmod(a: list[int], b: list[int], modulus: list[int], p: int) -> list[int]:
    k = len(modulus) - 1  # modulus is monic of degree k, lowest coefficient first
    product = [0] * (2 * k)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            product[i + j] = (product[i + j] + x * y) % p
    for d in range(2 * k - 1, k - 1, -1):
        c = product[d]
        if c:
            for i in range(k + 1):
                product[d - k + i] = (product[d - k + i] - c * modulus[i]) % p
    return product[:k]


def _irreducible(p: int, k: int) -> list[int]:
    """The first monic polynomial of degree k over GF(p) without a factor of degree 1..k/2."""
    for n in range(p**k):
        candidate = _int_to_poly(n, p, k) + [1]
        if all(not _divides(d, candidate, p) for d in _monic_polys(p, k // 2)):
            return candidate
    raise AssertionError(f"no irreducible polynomial of degree {k} over GF({p})")


def _monic_polys(p: int, max_degree: int):
    for degree in range(1, max_degree + 1):
        for n in range(p**degree):
            yield _int_to_poly(n, p, degree) + [1]


def _divides(divisor: list[int], poly: list[int], p: int) -> bool:
    rest = list(poly)
    k = len(divisor) - 1
    for d in range(len(rest) - 1, k - 1, -1):
        c = rest[d]
        if c:
            for i in range(k + 1):
                rest[d - k + i] = (rest[d - k + i] - c * divisor[i]) % p
    return not any(rest[:k])
