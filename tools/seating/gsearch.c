/*
 * gsearch.c -- offline exact search for a resolvable design / covering with blocks of 4 that has a prescribed
 * automorphism group G: the schedule is the G-orbit of one "base round" P (a partition of the players into
 * tables of 4), and P must be fixed by a given subgroup K of G.
 *
 * Input (stdin, whitespace separated integers), prepared by build.py:
 *   N |G|                      players, order of G
 *   k  then k permutations     the subgroup K (listed completely, identity included), each N integers
 *   then for every pair p<q in lexicographic order:  orbit  orbit_size  capacity
 *                              orbit = id of the G-orbit of {p,q}; capacity = how often each pair of that orbit
 *                              may meet (0 = "group" pair that must never meet, 1, 2, ...)
 * Arguments: seed nodelimit maxrestarts
 * Output: "B p q r s" for every block of P, then "OK restarts=.. nodes=..". Exit status 1 if nothing was found.
 *
 * Counting: if block B of P has a K-orbit of |K|/s blocks, developing P over G makes every pair of the G-orbit O
 * of a pair {p,q} of B meet |G|/(s*|O|) more times (the G-images of the K-orbit of B are spread evenly over O).
 * The search keeps these per-orbit meeting numbers and never exceeds a capacity, so a complete P is a schedule
 * in which every pair meets at most its capacity; when the capacities add up to the number of pair slots, every
 * pair meets exactly its capacity.  build.py validates the developed schedule independently.
 *
 * Method: depth-first, most-constrained uncovered point first (fewest feasible partners), seeded random order
 * of candidates (own xorshift RNG, deterministic), restart when the node limit is reached.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 128
#define MAXK 8

static int N, G, K;
static int KP[MAXK][MAXN];
static int orb[MAXN][MAXN], osize[MAXN * MAXN], ocap[MAXN * MAXN], ouse[MAXN * MAXN];
static int norb;
static int covered[MAXN];
static int P[MAXN][4], nP;
static long long nodes, nodelimit;
static unsigned long long rs;

static unsigned long long rnd(void) {
    rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs;
}

/* can a pair still be added?  In a block whose stabiliser in K has order s it adds G/(s|O|) >= G/(|K||O|) */
static int pair_ok(int p, int q) {
    int o = orb[p][q];
    int vmin = G / (K * osize[o]);
    if (vmin < 1) vmin = 1;
    return ouse[o] + vmin <= ocap[o];
}

static int cmpint(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

/* journal of orbit increments */
static int jo[1 << 16], jv[1 << 16], jn;

static void rollback(int mark) {
    while (jn > mark) { jn--; ouse[jo[jn]] -= jv[jn]; }
}

/* add block blk with its K-orbit; returns number of blocks added, 0 if infeasible (state unchanged) */
static int add_block(const int *blk) {
    int orbit[MAXK][4], no = 0;
    for (int k = 0; k < K; k++) {
        int im[4];
        for (int i = 0; i < 4; i++) im[i] = KP[k][blk[i]];
        qsort(im, 4, sizeof(int), cmpint);
        int dup = 0;
        for (int o = 0; o < no; o++) {
            if (!memcmp(orbit[o], im, sizeof im)) { dup = 1; break; }
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < 4; j++)
                    if (orbit[o][i] == im[j]) return 0;
        }
        if (dup) continue;
        for (int i = 0; i < 4; i++) if (covered[im[i]]) return 0;
        memcpy(orbit[no++], im, sizeof im);
    }
    int s = K / no; /* stabiliser order of the block in K */
    /* pairs of the block that lie in the same G-orbit add up before dividing */
    int os[6], oc[6], nos = 0;
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            int o = orb[blk[i]][blk[j]], f = 0;
            for (int t = 0; t < nos; t++) if (os[t] == o) { oc[t]++; f = 1; }
            if (!f) { os[nos] = o; oc[nos++] = 1; }
        }
    int mark = jn;
    for (int t = 0; t < nos; t++) {
        int o = os[t], num = oc[t] * G, den = s * osize[o];
        if (num % den) { rollback(mark); return 0; }
        int v = num / den;
        if (ouse[o] + v > ocap[o]) { rollback(mark); return 0; }
        ouse[o] += v; jo[jn] = o; jv[jn] = v; jn++;
    }
    for (int o = 0; o < no; o++) {
        for (int i = 0; i < 4; i++) covered[orbit[o][i]] = 1;
        memcpy(P[nP++], orbit[o], sizeof(int) * 4);
    }
    return no;
}

static void remove_blocks(int no, int mark) {
    for (int o = 0; o < no; o++) {
        nP--;
        for (int i = 0; i < 4; i++) covered[P[nP][i]] = 0;
    }
    rollback(mark);
}

static int search(void) {
    if (++nodes > nodelimit) return 0;
    int best = -1, bestc = 1 << 30, any = 0;
    for (int p = 0; p < N; p++) {
        if (covered[p]) continue;
        any = 1;
        int c = 0;
        for (int q = 0; q < N; q++)
            if (q != p && !covered[q] && pair_ok(p, q)) c++;
        if (c < 3) return 0;
        if (c < bestc) { bestc = c; best = p; }
    }
    if (!any) return 1;
    int p = best, cand[MAXN], nc = 0;
    for (int q = 0; q < N; q++)
        if (q != p && !covered[q] && pair_ok(p, q)) cand[nc++] = q;
    for (int i = nc - 1; i > 0; i--) { int j = rnd() % (i + 1); int t = cand[i]; cand[i] = cand[j]; cand[j] = t; }
    for (int i1 = 0; i1 < nc; i1++)
        for (int i2 = i1 + 1; i2 < nc; i2++) {
            if (!pair_ok(cand[i1], cand[i2])) continue;
            for (int i3 = i2 + 1; i3 < nc; i3++) {
                int blk[4] = {p, cand[i1], cand[i2], cand[i3]};
                int mark = jn;
                int no = add_block(blk);
                if (!no) continue;
                if (search()) return 1;
                remove_blocks(no, mark);
                if (nodes > nodelimit) return 0;
            }
        }
    return 0;
}

static int readint(void) {
    int v;
    if (scanf("%d", &v) != 1) { fprintf(stderr, "bad input\n"); exit(2); }
    return v;
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: gsearch seed nodelimit maxrestarts < spec\n"); return 2; }
    rs = strtoull(argv[1], 0, 10) * 0x9E3779B97F4A7C15ULL + 12345;
    nodelimit = atoll(argv[2]);
    long maxr = atol(argv[3]);
    N = readint(); G = readint();
    K = readint();
    for (int k = 0; k < K; k++) for (int i = 0; i < N; i++) KP[k][i] = readint();
    norb = 0;
    for (int p = 0; p < N; p++)
        for (int q = p + 1; q < N; q++) {
            int o = readint(), sz = readint(), c = readint();
            orb[p][q] = orb[q][p] = o;
            osize[o] = sz; ocap[o] = c;
            if (o + 1 > norb) norb = o + 1;
        }
    for (int p = 0; p < N; p++) orb[p][p] = norb; /* never used */
    long long total = 0;
    for (long r = 0; r < maxr; r++) {
        nodes = 0; nP = 0; jn = 0;
        memset(ouse, 0, sizeof ouse);
        memset(covered, 0, sizeof covered);
        if (search()) {
            for (int i = 0; i < nP; i++) printf("B %d %d %d %d\n", P[i][0], P[i][1], P[i][2], P[i][3]);
            printf("OK restarts=%ld nodes=%lld\n", r, total + nodes);
            return 0;
        }
        total += nodes;
    }
    fprintf(stderr, "not found after %ld restarts (%lld nodes)\n", maxr, total);
    return 1;
}
