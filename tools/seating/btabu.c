/*
 * btabu.c -- offline tabu search for a base round (same input format as gsearch.c, K must be trivial).
 *
 * The schedule is the G-orbit of a base round P; every pair {p,q} sitting together in P makes every pair of the
 * G-orbit O of {p,q} meet |G|/|O| more times.  Cost = sum over orbits of max(0, meetings - capacity); when the
 * capacities add up to the number of pair slots, cost 0 means an exact design/covering.
 * Move = swap two players of different tables of P; best non-tabu move each iteration (random tie-break),
 * a moved player stays tabu for a random tenure; aspiration on a new best; random perturbation after a plateau.
 *
 * Usage: btabu seed max_iterations [base_rounds] < spec     (deterministic for a given seed)
 *   with b base rounds P_1..P_b the schedule is the union of their G-orbits (b*|G| rounds).
 * Output: "B j p q r s" lines (base round j) of the best state, then "COST c iterations=..".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 128

static int N, G, K;
static int orb[MAXN][MAXN], osize[MAXN * MAXN], ocap[MAXN * MAXN], ouse[MAXN * MAXN], norb;
#define MAXB 12
static int NB = 1; /* number of base rounds */
static int blk[MAXB][MAXN / 4][4], where[MAXB][MAXN], slot[MAXB][MAXN], nb;
static int tabu_until[MAXB][MAXN];
static unsigned long long rs;

static unsigned long long rnd(void) {
    rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs;
}

static int over(int o) { int d = ouse[o] - ocap[o]; return d > 0 ? d : 0; }

static int cost_all(void) {
    int c = 0;
    for (int o = 0; o < norb; o++) c += over(o);
    return c;
}

static void add_pair(int p, int q, int sign) {
    int o = orb[p][q];
    ouse[o] += sign * (G / osize[o]);
}

/* delta of swapping a (table A) and b (table B) in base round r */
static int delta_swap(int r, int a, int b) {
    int A = where[r][a], B = where[r][b];
    int before = 0, after = 0;
    int os[24], ns = 0;
    for (int i = 0; i < 4; i++) {
        int x = blk[r][A][i], y = blk[r][B][i];
        if (x != a) { os[ns++] = orb[a][x]; os[ns++] = orb[b][x]; }
        if (y != b) { os[ns++] = orb[b][y]; os[ns++] = orb[a][y]; }
    }
    /* unique orbits */
    int u[24], nu = 0;
    for (int i = 0; i < ns; i++) {
        int f = 0;
        for (int j = 0; j < nu; j++) if (u[j] == os[i]) f = 1;
        if (!f) u[nu++] = os[i];
    }
    for (int i = 0; i < nu; i++) before += over(u[i]);
    for (int i = 0; i < 4; i++) {
        int x = blk[r][A][i], y = blk[r][B][i];
        if (x != a) { add_pair(a, x, -1); add_pair(b, x, +1); }
        if (y != b) { add_pair(b, y, -1); add_pair(a, y, +1); }
    }
    for (int i = 0; i < nu; i++) after += over(u[i]);
    for (int i = 0; i < 4; i++) {
        int x = blk[r][A][i], y = blk[r][B][i];
        if (x != a) { add_pair(a, x, +1); add_pair(b, x, -1); }
        if (y != b) { add_pair(b, y, +1); add_pair(a, y, -1); }
    }
    return after - before;
}

static void do_swap(int r, int a, int b) {
    int A = where[r][a], B = where[r][b];
    for (int i = 0; i < 4; i++) {
        int x = blk[r][A][i], y = blk[r][B][i];
        if (x != a) { add_pair(a, x, -1); add_pair(b, x, +1); }
        if (y != b) { add_pair(b, y, -1); add_pair(a, y, +1); }
    }
    int sa = slot[r][a], sb = slot[r][b];
    blk[r][A][sa] = b; blk[r][B][sb] = a;
    where[r][a] = B; slot[r][a] = sb; where[r][b] = A; slot[r][b] = sa;
}

static int readint(void) {
    int v;
    if (scanf("%d", &v) != 1) { fprintf(stderr, "bad input\n"); exit(2); }
    return v;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: btabu seed max_iterations [base_rounds] < spec\n"); return 2; }
    if (argc > 3) NB = atoi(argv[3]);
    rs = strtoull(argv[1], 0, 10) * 0x9E3779B97F4A7C15ULL + 777;
    long long maxit = atoll(argv[2]);
    N = readint(); G = readint(); K = readint();
    for (int k = 0; k < K; k++) for (int i = 0; i < N; i++) readint();
    if (K != 1) { fprintf(stderr, "btabu needs a trivial K\n"); return 2; }
    for (int p = 0; p < N; p++)
        for (int q = p + 1; q < N; q++) {
            int o = readint(), sz = readint(), c = readint();
            orb[p][q] = orb[q][p] = o; osize[o] = sz; ocap[o] = c;
            if (o + 1 > norb) norb = o + 1;
        }
    nb = N / 4;
    for (int r = 0; r < NB; r++) {
        int perm[MAXN];
        for (int i = 0; i < N; i++) perm[i] = i;
        for (int i = N - 1; i > 0; i--) { int j = rnd() % (i + 1); int t = perm[i]; perm[i] = perm[j]; perm[j] = t; }
        for (int i = 0; i < N; i++) { blk[r][i / 4][i % 4] = perm[i]; where[r][perm[i]] = i / 4; slot[r][perm[i]] = i % 4; }
        for (int t = 0; t < nb; t++)
            for (int i = 0; i < 4; i++)
                for (int j = i + 1; j < 4; j++) add_pair(blk[r][t][i], blk[r][t][j], +1);
    }
    int cost = cost_all(), best = cost;
    static int bestblk[MAXB][MAXN / 4][4];
    memcpy(bestblk, blk, sizeof blk);
    long long it, last_imp = 0;
    for (it = 0; it < maxit && best > 0; it++) {
        int bd = 1 << 30, br = -1, ba = -1, bb = -1, nties = 0;
        for (int r = 0; r < NB; r++)
            for (int a = 0; a < N; a++)
                for (int b = a + 1; b < N; b++) {
                    if (where[r][a] == where[r][b]) continue;
                    int d = delta_swap(r, a, b);
                    int tabu = tabu_until[r][a] > it || tabu_until[r][b] > it;
                    if (tabu && cost + d >= best) continue;
                    if (d < bd) { bd = d; br = r; ba = a; bb = b; nties = 1; }
                    else if (d == bd && rnd() % (++nties) == 0) { br = r; ba = a; bb = b; }
                }
        if (ba < 0) continue;
        do_swap(br, ba, bb);
        cost += bd;
        tabu_until[br][ba] = it + 3 + rnd() % 10;
        tabu_until[br][bb] = it + 3 + rnd() % 10;
        if (cost < best) { best = cost; memcpy(bestblk, blk, sizeof blk); last_imp = it; }
        if (it - last_imp > 20000) { /* perturb */
            for (int k = 0; k < 6; k++) {
                int r = rnd() % NB, a = rnd() % N, b = rnd() % N;
                if (where[r][a] != where[r][b]) { cost += delta_swap(r, a, b); do_swap(r, a, b); }
            }
            last_imp = it;
        }
    }
    for (int r = 0; r < NB; r++)
        for (int t = 0; t < nb; t++)
            printf("B %d %d %d %d %d\n", r, bestblk[r][t][0], bestblk[r][t][1], bestblk[r][t][2], bestblk[r][t][3]);
    printf("COST %d iterations=%lld\n", best, it);
    return best == 0 ? 0 : 1;
}
