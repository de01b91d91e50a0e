/*
 * gsearch.c -- offline search for resolvable designs / coverings with blocks of 4 that have a prescribed
 * automorphism group (the design is the orbit of one "base round").
 *
 * Input (stdin, whitespace separated integers):
 *   N                        number of players (multiple of 4)
 *   r  then r permutations   the round maps g_0..g_{r-1}; round t of the schedule is g_t(P) (g_0 = identity)
 *   k  then k permutations   a group K (listed completely, identity included) that must fix the base round P
 *                            setwise: choosing a block B puts its whole K-orbit into P
 *   c  then c triples p q v  pair capacities: pair {p,q} may be covered at most v times (default 1);
 *                            v = 0 marks a group pair (must never meet)
 *   each permutation is N integers (image of 0..N-1).
 * Arguments: seed nodelimit maxrestarts
 * Output: "B p q r s" for each block of the base round P, then "OK restarts=.. nodes=..". Exit 1 if not found.
 *
 * Exact search: depth-first, most-constrained point first (fewest feasible partners), randomised candidate order
 * from the seed (own xorshift RNG, deterministic), restart when the node limit is hit.  When the capacities add
 * up to exactly the number of pair slots of the schedule, a complete base round is an exact design/covering;
 * the Python driver (build.py) validates the developed schedule independently.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 128
#define MAXR 64
#define MAXK 8

static int N, R, K;
static int T[MAXR][MAXN], KP[MAXK][MAXN];
static unsigned char cap[MAXN][MAXN], cnt[MAXN][MAXN];
static int covered[MAXN];
static int P[MAXN / 4][4], nP;
static long long nodes, nodelimit;
static unsigned long long rs;

static unsigned long long rnd(void) {
    rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs;
}

/* journal of pair increments for rollback */
static int jp[1 << 20], jq[1 << 20], jn;

static int add_pair(int p, int q) {
    if (cnt[p][q] >= cap[p][q]) return 0;
    cnt[p][q]++; cnt[q][p]++;
    jp[jn] = p; jq[jn] = q; jn++;
    return 1;
}

static void rollback(int mark) {
    while (jn > mark) { jn--; cnt[jp[jn]][jq[jn]]--; cnt[jq[jn]][jp[jn]]--; }
}

/* quick filter: can pair {p,q} (with its K-images, all rounds) still be added on its own? */
static int pair_ok(int p, int q) {
    int mark = jn, ok = 1;
    for (int k = 0; k < K && ok; k++) {
        int a = KP[k][p], b = KP[k][q];
        for (int t = 0; t < R; t++)
            if (!add_pair(T[t][a], T[t][b])) { ok = 0; break; }
    }
    rollback(mark);
    return ok;
}

static int cmpint(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

/* try to add block {p,q,r,s} with its K-orbit; returns number of blocks added (0 = infeasible) */
static int add_block(int *blk) {
    int orbit[MAXK][4], no = 0;
    for (int k = 0; k < K; k++) {
        int im[4];
        for (int i = 0; i < 4; i++) im[i] = KP[k][blk[i]];
        qsort(im, 4, sizeof(int), cmpint);
        int dup = 0;
        for (int o = 0; o < no; o++) {
            int same = 1, inter = 0;
            for (int i = 0; i < 4; i++) {
                if (orbit[o][i] != im[i]) same = 0;
                for (int j = 0; j < 4; j++) if (orbit[o][i] == im[j]) inter = 1;
            }
            if (same) { dup = 1; break; }
            if (inter) return 0;
        }
        if (dup) continue;
        for (int i = 0; i < 4; i++) if (covered[im[i]]) return 0;
        memcpy(orbit[no++], im, sizeof im);
    }
    int mark = jn;
    for (int o = 0; o < no; o++)
        for (int t = 0; t < R; t++)
            for (int i = 0; i < 4; i++)
                for (int j = i + 1; j < 4; j++)
                    if (!add_pair(T[t][orbit[o][i]], T[t][orbit[o][j]])) { rollback(mark); return 0; }
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
    int best = -1, bestc = 1 << 30;
    static int okm[MAXN][MAXN];
    int any = 0;
    for (int p = 0; p < N; p++) {
        if (covered[p]) continue;
        any = 1;
        int c = 0;
        for (int q = 0; q < N; q++) {
            if (q == p || covered[q]) continue;
            if (q < p) okm[p][q] = okm[q][p];
            else okm[p][q] = pair_ok(p, q);
            c += okm[p][q];
        }
        if (c < 3) return 0;
        if (c < bestc) { bestc = c; best = p; }
    }
    if (!any) return 1;
    int p = best, cand[MAXN], nc = 0;
    for (int q = 0; q < N; q++)
        if (q != p && !covered[q] && okm[p][q]) cand[nc++] = q;
    for (int i = nc - 1; i > 0; i--) { int j = rnd() % (i + 1); int t = cand[i]; cand[i] = cand[j]; cand[j] = t; }
    for (int i1 = 0; i1 < nc; i1++)
        for (int i2 = i1 + 1; i2 < nc; i2++) {
            if (!okm[cand[i1]][cand[i2]] && !pair_ok(cand[i1], cand[i2])) continue;
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
    N = readint();
    R = readint();
    for (int t = 0; t < R; t++) for (int i = 0; i < N; i++) T[t][i] = readint();
    K = readint();
    for (int k = 0; k < K; k++) for (int i = 0; i < N; i++) KP[k][i] = readint();
    memset(cap, 1, sizeof cap);
    int c = readint();
    for (int i = 0; i < c; i++) { int p = readint(), q = readint(), v = readint(); cap[p][q] = cap[q][p] = v; }
    long long total = 0;
    for (long r = 0; r < maxr; r++) {
        nodes = 0; nP = 0; jn = 0;
        memset(cnt, 0, sizeof cnt);
        memset(covered, 0, sizeof covered);
        if (search()) {
            for (int i = 0; i < nP; i++) printf("B %d %d %d %d\n", P[i][0], P[i][1], P[i][2], P[i][3]);
            printf("OK restarts=%ld nodes=%lld\n", r, total + nodes);
            return 0;
        }
        total += nodes;
        if (r % 100 == 99) fprintf(stderr, "restart %ld nodes %lld\n", r + 1, total);
    }
    fprintf(stderr, "not found after %ld restarts (%lld nodes)\n", maxr, total);
    return 1;
}
