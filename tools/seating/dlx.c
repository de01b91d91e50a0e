/*
 * dlx.c -- offline exact cover (Knuth's Algorithm X with dancing links, smallest-column-first), used to decide
 * and solve the orbit formulations prepared by build.py / experiments: items = (base round, player) slots and
 * pair orbits; an option = one block (or K-orbit of blocks) of one base round.  Optional secondary items.
 *
 * Input (stdin): n_primary n_secondary n_options, then each option as: k item_1 .. item_k
 *   items 0..n_primary-1 must be covered exactly once, the others at most once.
 * Arguments: seed nodelimit [shuffle]   shuffle=1 randomises the option order within each column (seeded).
 * Output: "S o1 o2 ..." (option indices) and "OK nodes=.." or "NONE nodes=.." (exhausted) or "LIMIT nodes=..".
 */
#include <stdio.h>
#include <stdlib.h>

static int *L, *R, *U, *D, *C, *S, *ROW;
static int nitems, nprim, nnodes;
static long long nodes, nodelimit;
static int sol[4096], depth;
static unsigned long long rs;

static unsigned long long rnd(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }

static void cover(int c) {
    L[R[c]] = L[c]; R[L[c]] = R[c];
    for (int i = D[c]; i != c; i = D[i])
        for (int j = R[i]; j != i; j = R[j]) { U[D[j]] = U[j]; D[U[j]] = D[j]; S[C[j]]--; }
}

static void uncover(int c) {
    for (int i = U[c]; i != c; i = U[i])
        for (int j = L[i]; j != i; j = L[j]) { S[C[j]]++; U[D[j]] = j; D[U[j]] = j; }
    L[R[c]] = c; R[L[c]] = c;
}

static int search(void) {
    if (++nodes > nodelimit) return -1;
    if (R[0] == 0) return 1;
    int c = -1, best = 1 << 30;
    for (int j = R[0]; j != 0; j = R[j]) if (S[j] < best) { best = S[j]; c = j; if (best <= 1) break; }
    if (best == 0) return 0;
    cover(c);
    for (int r = D[c]; r != c; r = D[r]) {
        sol[depth++] = ROW[r];
        for (int j = R[r]; j != r; j = R[j]) cover(C[j]);
        int res = search();
        if (res != 0) return res;
        for (int j = L[r]; j != r; j = L[j]) uncover(C[j]);
        depth--;
    }
    uncover(c);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: dlx seed nodelimit [shuffle] < problem\n"); return 2; }
    rs = strtoull(argv[1], 0, 10) * 0x9E3779B97F4A7C15ULL + 31;
    nodelimit = atoll(argv[2]);
    int shuffle = argc > 3 ? atoi(argv[3]) : 0;
    int nsec, nopt;
    if (scanf("%d %d %d", &nprim, &nsec, &nopt) != 3) return 2;
    nitems = nprim + nsec;
    int **opts = malloc(sizeof(int *) * nopt), *olen = malloc(sizeof(int) * nopt);
    long total = 0;
    for (int o = 0; o < nopt; o++) {
        if (scanf("%d", &olen[o]) != 1) return 2;
        opts[o] = malloc(sizeof(int) * olen[o]);
        for (int k = 0; k < olen[o]; k++) if (scanf("%d", &opts[o][k]) != 1) return 2;
        total += olen[o];
    }
    int *order = malloc(sizeof(int) * nopt);
    for (int o = 0; o < nopt; o++) order[o] = o;
    if (shuffle)
        for (int i = nopt - 1; i > 0; i--) { int j = rnd() % (i + 1); int t = order[i]; order[i] = order[j]; order[j] = t; }
    int size = nitems + 1 + total;
    L = malloc(sizeof(int) * size); R = malloc(sizeof(int) * size); U = malloc(sizeof(int) * size);
    D = malloc(sizeof(int) * size); C = malloc(sizeof(int) * size); S = calloc(size, sizeof(int));
    ROW = malloc(sizeof(int) * size);
    /* header 0, columns 1..nitems; secondary columns are not linked into the header list */
    L[0] = 0; R[0] = 0;
    for (int c = 1; c <= nitems; c++) {
        U[c] = D[c] = c; C[c] = c;
        if (c <= nprim) { L[c] = L[0]; R[c] = 0; R[L[0]] = c; L[0] = c; }
        else { L[c] = R[c] = c; }
    }
    nnodes = nitems + 1;
    for (int oi = 0; oi < nopt; oi++) {
        int o = order[oi], first = -1;
        for (int k = 0; k < olen[o]; k++) {
            int c = opts[o][k] + 1, x = nnodes++;
            C[x] = c; ROW[x] = o; S[c]++;
            U[x] = U[c]; D[x] = c; D[U[c]] = x; U[c] = x;
            if (first < 0) { first = x; L[x] = R[x] = x; }
            else { L[x] = L[first]; R[x] = first; R[L[first]] = x; L[first] = x; }
        }
    }
    int res = search();
    if (res == 1) {
        printf("S");
        for (int i = 0; i < depth; i++) printf(" %d", sol[i]);
        printf("\nOK nodes=%lld\n", nodes);
        return 0;
    }
    printf(res == 0 ? "NONE nodes=%lld\n" : "LIMIT nodes=%lld\n", nodes);
    return 1;
}
