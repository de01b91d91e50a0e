/*
 * ftabu.c -- offline conflict-directed tabu search on whole schedules (Dotu & Van Hentenryck style), with an
 * optional Triska & Musliu style "freedom" greedy start.  Used for cases without a known algebraic structure.
 *
 * Objective: E = sum over pairs of max(0, meetings - 1).  Stops at the target (default: counting lower bound).
 * Move: in one non-frozen session, swap a player who sits with someone he meets more than once with a player at
 * another table.  Best non-tabu move (random tie-break); the swapped pair is tabu in that session for a random
 * tenure; aspiration on a new best; after a plateau, restart from the best schedule with random swaps.
 *
 * Usage: ftabu N S seed max_iterations init [target] [< frozen]
 *   init: 0 random, 1 freedom greedy.  If stdin has "F k" followed by k sessions (N numbers each, four per table),
 *   the first k sessions are frozen.
 * Output: the schedule, one session per line (N numbers, tables of four), then "E e iterations=..".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 64
#define MAXS 24

static int N, S, T, F;
static int tab[MAXS][MAXN / 4][4], where[MAXS][MAXN], slot[MAXS][MAXN];
static int meet[MAXN][MAXN];
static long long tabu[MAXS][MAXN][MAXN];
static unsigned long long rs;

static unsigned long long rnd(void) {
    rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs;
}

static int excess(void) {
    int e = 0;
    for (int p = 0; p < N; p++)
        for (int q = p + 1; q < N; q++) if (meet[p][q] > 1) e += meet[p][q] - 1;
    return e;
}

static void table_pairs(int s, int t, int sign) {
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            int p = tab[s][t][i], q = tab[s][t][j];
            meet[p][q] += sign; meet[q][p] += sign;
        }
}

static void set_session(int s, const int *order) {
    for (int i = 0; i < N; i++) {
        int p = order[i];
        tab[s][i / 4][i % 4] = p; where[s][p] = i / 4; slot[s][p] = i % 4;
    }
}

/* delta of swapping a and b in session s */
static int delta(int s, int a, int b) {
    int A = where[s][a], B = where[s][b], d = 0;
    for (int i = 0; i < 4; i++) {
        int x = tab[s][A][i], y = tab[s][B][i];
        if (x != a) { d -= meet[a][x] > 1; d += meet[b][x] > 0; }
        if (y != b) { d -= meet[b][y] > 1; d += meet[a][y] > 0; }
    }
    return d;
}

static void do_swap(int s, int a, int b) {
    int A = where[s][a], B = where[s][b];
    table_pairs(s, A, -1); table_pairs(s, B, -1);
    int sa = slot[s][a], sb = slot[s][b];
    tab[s][A][sa] = b; tab[s][B][sb] = a;
    where[s][a] = B; slot[s][a] = sb; where[s][b] = A; slot[s][b] = sa;
    table_pairs(s, A, +1); table_pairs(s, B, +1);
}

/* freedom greedy for one session: fill tables pair by pair, maximising the number of unplaced players who have
 * met none of the table (ties random) */
static void greedy_session(int s) {
    int placed[MAXN] = {0}, order[MAXN], n = 0;
    for (int t = 0; t < T; t++) {
        int members[4], nm = 0;
        while (nm < 4) {
            int bp = -1, bq = -1, bf = -(1 << 30), ties = 0;
            for (int p = 0; p < N; p++) {
                if (placed[p]) continue;
                for (int q = (nm == 3 ? p : p + 1); q < N; q++) {
                    if (placed[q] || (nm == 3 && q != p)) continue;
                    if (nm == 3) q = p;
                    /* candidate set = members + p (+ q) */
                    int set[4], ns = nm;
                    memcpy(set, members, sizeof(int) * nm);
                    set[ns++] = p;
                    if (q != p) set[ns++] = q;
                    int clash = 0;
                    for (int i = 0; i < ns; i++)
                        for (int j = i + 1; j < ns; j++) clash += meet[set[i]][set[j]];
                    int f = 0;
                    for (int r = 0; r < N; r++) {
                        if (placed[r] || r == p || r == q) continue;
                        int ok = 1;
                        for (int i = 0; i < ns && ok; i++) if (meet[r][set[i]]) ok = 0;
                        f += ok;
                    }
                    int score = f - 1000 * clash;
                    if (score > bf) { bf = score; bp = p; bq = q; ties = 1; }
                    else if (score == bf && rnd() % (++ties) == 0) { bp = p; bq = q; }
                    if (nm == 3) break;
                }
            }
            members[nm++] = bp; placed[bp] = 1;
            if (bq != bp) { members[nm++] = bq; placed[bq] = 1; }
        }
        for (int i = 0; i < 4; i++) order[n++] = members[i];
        for (int i = 0; i < 4; i++)
            for (int j = i + 1; j < 4; j++) { meet[members[i]][members[j]]++; meet[members[j]][members[i]]++; }
    }
    for (int i = 0; i < N; i++) { int p = order[i]; where[s][p] = i / 4; slot[s][p] = i % 4; tab[s][i / 4][i % 4] = p; }
}

int main(int argc, char **argv) {
    if (argc < 6) { fprintf(stderr, "usage: ftabu N S seed max_iterations init [target]\n"); return 2; }
    N = atoi(argv[1]); S = atoi(argv[2]);
    rs = strtoull(argv[3], 0, 10) * 0x9E3779B97F4A7C15ULL + 99;
    long long maxit = atoll(argv[4]);
    int init = atoi(argv[5]);
    T = N / 4;
    int lb = 3 * N * S / 2 - N * (N - 1) / 2;
    if (lb < 0) lb = 0;
    int target = argc > 6 ? atoi(argv[6]) : lb;
    char tag[8];
    F = 0;
    if (scanf("%7s %d", tag, &F) == 2 && tag[0] == 'F') {
        for (int s = 0; s < F; s++) {
            int order[MAXN];
            for (int i = 0; i < N; i++) if (scanf("%d", &order[i]) != 1) { fprintf(stderr, "bad frozen\n"); return 2; }
            set_session(s, order);
            for (int t = 0; t < T; t++) table_pairs(s, t, +1);
        }
    } else F = 0;
    for (int s = F; s < S; s++) {
        if (init == 1) greedy_session(s);
        else {
            int order[MAXN];
            for (int i = 0; i < N; i++) order[i] = i;
            for (int i = N - 1; i > 0; i--) { int j = rnd() % (i + 1); int t = order[i]; order[i] = order[j]; order[j] = t; }
            set_session(s, order);
            for (int t = 0; t < T; t++) table_pairs(s, t, +1);
        }
    }
    int cost = excess(), best = cost;
    static int besttab[MAXS][MAXN / 4][4];
    memcpy(besttab, tab, sizeof tab);
    long long it, last = 0;
    for (it = 0; it < maxit && best > target; it++) {
        int bd = 1 << 30, bs = -1, ba = -1, bb = -1, ties = 0;
        for (int s = F; s < S; s++)
            for (int t = 0; t < T; t++) {
                /* conflicting players of this table */
                for (int i = 0; i < 4; i++) {
                    int a = tab[s][t][i], conf = 0;
                    for (int j = 0; j < 4 && !conf; j++) if (j != i && meet[a][tab[s][t][j]] > 1) conf = 1;
                    if (!conf) continue;
                    for (int b = 0; b < N; b++) {
                        if (where[s][b] == t) continue;
                        int d = delta(s, a, b);
                        int lo = a < b ? a : b, hi = a < b ? b : a;
                        if (tabu[s][lo][hi] > it && cost + d >= best) continue;
                        if (d < bd) { bd = d; bs = s; ba = a; bb = b; ties = 1; }
                        else if (d == bd && rnd() % (++ties) == 0) { bs = s; ba = a; bb = b; }
                    }
                }
            }
        if (bs < 0) continue;
        do_swap(bs, ba, bb);
        cost += bd;
        int lo = ba < bb ? ba : bb, hi = ba < bb ? bb : ba;
        tabu[bs][lo][hi] = it + 4 + rnd() % 97;
        if (cost < best) { best = cost; memcpy(besttab, tab, sizeof tab); last = it; }
        if (it % 200000 == 0) fprintf(stderr, "it %lld cost %d best %d\n", it, cost, best);
        if (it - last > 50000) {
            /* restart from the best schedule with a few random swaps */
            memcpy(tab, besttab, sizeof tab);
            memset(meet, 0, sizeof meet);
            for (int s = 0; s < S; s++)
                for (int t = 0; t < T; t++) {
                    for (int i = 0; i < 4; i++) { where[s][tab[s][t][i]] = t; slot[s][tab[s][t][i]] = i; }
                    table_pairs(s, t, +1);
                }
            if (S > F)
                for (int k = 0; k < 10; k++) {
                    int s = F + rnd() % (S - F), a = rnd() % N, b = rnd() % N;
                    if (where[s][a] != where[s][b]) do_swap(s, a, b);
                }
            cost = excess();
            last = it;
        }
    }
    for (int s = 0; s < S; s++) {
        for (int t = 0; t < T; t++)
            for (int i = 0; i < 4; i++) printf("%d%c", besttab[s][t][i], (t == T - 1 && i == 3) ? '\n' : ' ');
    }
    printf("E %d iterations=%lld\n", best, it);
    return best <= target ? 0 : 1;
}
