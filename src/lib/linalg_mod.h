/* linalg_mod.h — exact determinants and solutions of integer linear systems by
 * multimodular elimination: residues modulo primes just below 2^62, recombined by the
 * Chinese remainder theorem until the product of the primes exceeds twice Hadamard's
 * bound, so the results are exact (no probabilistic stopping rule).
 *
 * Works on mpz_t arrays that the caller owns; it raises no jc errors and reports only
 * interruption (the flag is polled once per prime). */
#ifndef JC_LINALG_MOD_H
#define JC_LINALG_MOD_H

#include <gmp.h>
#include <signal.h>
#include <stdint.h>

/* M is the n×(n+m) integer matrix [A | R], row-major.  Sets det to det(A) and, when
 * m > 0 and det(A) != 0, Y (n×m row-major, initialised by the caller) to det(A)·A⁻¹·R,
 * which is an integer matrix (Cramer).  Returns 0, or -1 as soon as *intr is set. */
int lmod_solve(mpz_t *M, int64_t n, int64_t m, mpz_t det, mpz_t *Y, volatile sig_atomic_t *intr);

#endif
