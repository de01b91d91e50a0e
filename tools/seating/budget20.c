/* Exhaustive budgeted search for 20 players, tables of 4 (used by prove_20x6_min.py; offline only).
 *
 * Input (stdin): B maxm F R, then F fixed sessions (5 tables of 4 players each), then for every free session its
 * class (sessions of one class are interchangeable: their key must not decrease), the number k of free sessions in
 * which player 0 must sit with player 1 (the first k), then nstab and nstab permutations of 0..19 fixing player 0
 * (automorphisms of the fixed data): the key of the first free session must be the least key of its orbit, and the
 * key of every session of its class must have an orbit at least as large.
 * The key of a free session is its table through player 0 (the three partners, sorted, compared lexicographically).
 * Every free session is a partition of 0..19 into tables of 4, built table by table: the unplaced player with the
 * fewest unplaced partners it has never met, with every triple of unplaced players.  The waste (= the excess
 * meetings, since the fixed sessions repeat no pair) is the number of placed pairs that had already met; the
 * search never exceeds B.  maxm > 0 forbids pairs meeting more than maxm times.
 * Output: "FOUND waste w nodes n" and the free sessions, or "NONE nodes n" when the search space is exhausted.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#define N 20
#define ALL ((1u << N) - 1)
static int B, maxm, F, R, cls[8], forced, nstab, stab[256][N];
static unsigned char cnt[N][N];
static uint32_t used[N], full[N], unpl[8];
static int tab[8][5][4], ntab[8], key[8], waste;
static long long nodes;

static void add(int p, int q) {
    if (cnt[p][q]++ == 0) used[p] |= 1u << q, used[q] |= 1u << p;
    cnt[q][p] = cnt[p][q];
    if (maxm && cnt[p][q] >= maxm) full[p] |= 1u << q, full[q] |= 1u << p;
}
static void del(int p, int q) {
    if (maxm && cnt[p][q] == maxm) full[p] &= ~(1u << q), full[q] &= ~(1u << p);
    if (--cnt[p][q] == 0) used[p] &= ~(1u << q), used[q] &= ~(1u << p);
    cnt[q][p] = cnt[p][q];
}
static int key3(int a, int b, int c) {
    int t;
    if (a > b) t = a, a = b, b = t;
    if (b > c) t = b, b = c, c = t;
    if (a > b) t = a, a = b, b = t;
    return (a * N + b) * N + c;
}
static int orbmin(int a, int b, int c) {
    int m = key3(a, b, c);
    for (int i = 0; i < nstab; i++) {
        int k = key3(stab[i][a], stab[i][b], stab[i][c]);
        if (k < m) m = k;
    }
    return m;
}
static int dfs(int s) {
    nodes++;
    if (unpl[s] == 0) {
        if (s == R - 1) return 1;
        s++;
    }
    int first = unpl[s] == ALL, p = 0, best = 99;
    if (!first)
        for (uint32_t m = unpl[s]; m; m &= m - 1) {
            int q = __builtin_ctz(m), a = __builtin_popcount(unpl[s] & ~used[q] & ~(1u << q));
            if (a < best) best = a, p = q;
        }
    uint32_t cand = unpl[s] & ~(1u << p);
    unpl[s] &= ~(1u << p);
    for (uint32_t ma = cand & ~full[p]; ma; ma &= ma - 1) {
        int a = __builtin_ctz(ma), wa = used[p] >> a & 1;
        if (first && s < forced && a != 1) continue;
        for (uint32_t mb = ma & (ma - 1) & ~full[p] & ~full[a]; mb; mb &= mb - 1) {
            int b = __builtin_ctz(mb), wb = wa + (used[p] >> b & 1) + (used[a] >> b & 1);
            if (waste + wb > B) continue;
            for (uint32_t mc = mb & (mb - 1) & ~full[p] & ~full[a] & ~full[b]; mc; mc &= mc - 1) {
                int c = __builtin_ctz(mc), w = wb + (used[p] >> c & 1) + (used[a] >> c & 1) + (used[b] >> c & 1);
                if (waste + w > B) continue;
                if (first) {
                    int k = key3(a, b, c);
                    if (s > 0 && cls[s] == cls[s - 1] && k < key[s - 1]) continue;
                    if (s == 0 && orbmin(a, b, c) != k) continue;
                    if (s > 0 && cls[s] == cls[0] && orbmin(a, b, c) < key[0]) continue;
                    key[s] = k;
                }
                int t = ntab[s]++;
                tab[s][t][0] = p, tab[s][t][1] = a, tab[s][t][2] = b, tab[s][t][3] = c;
                unpl[s] &= ~((1u << a) | (1u << b) | (1u << c));
                add(p, a), add(p, b), add(p, c), add(a, b), add(a, c), add(b, c);
                waste += w;
                if (dfs(s)) return 1;
                waste -= w;
                del(p, a), del(p, b), del(p, c), del(a, b), del(a, c), del(b, c);
                unpl[s] |= (1u << a) | (1u << b) | (1u << c);
                ntab[s]--;
            }
        }
    }
    unpl[s] |= 1u << p;
    return 0;
}
static int rd(void) {
    int v;
    if (scanf("%d", &v) != 1) exit(3);
    return v;
}
int main(void) {
    B = rd(), maxm = rd(), F = rd(), R = rd();
    if (R < 1 || R > 8) return 3;
    for (int i = 0; i < F * 5; i++) {
        int b[4];
        for (int j = 0; j < 4; j++) b[j] = rd();
        for (int j = 0; j < 4; j++)
            for (int k = j + 1; k < 4; k++) add(b[j], b[k]);
    }
    for (int s = 0; s < R; s++) cls[s] = rd(), unpl[s] = ALL;
    forced = rd(), nstab = rd();
    if (nstab > 256) return 3;
    for (int i = 0; i < nstab; i++)
        for (int j = 0; j < N; j++) stab[i][j] = rd();
    if (dfs(0)) {
        printf("FOUND waste %d nodes %lld\n", waste, nodes);
        for (int s = 0; s < R; s++)
            for (int t = 0; t < 5; t++)
                printf("%d %d %d %d%s", tab[s][t][0], tab[s][t][1], tab[s][t][2], tab[s][t][3], t < 4 ? " " : "\n");
        return 0;
    }
    printf("NONE nodes %lld\n", nodes);
    return 1;
}
