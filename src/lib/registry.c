/* registry.c — the builtin tables, in lookup order (see lib.h). */
#include "lib/lib.h"

extern const builtin lib_arrays[];
extern const builtin lib_linalg[];
extern const builtin lib_strings[];
extern const builtin lib_numbers[];
extern const builtin lib_elementary[];
extern const builtin lib_angles[];
extern const builtin lib_rounding[];
extern const builtin lib_special[];
extern const builtin lib_intfuncs[];
extern const builtin lib_range[];
extern const builtin lib_core[];
extern const builtin lib_floatparts[];

const builtin *const lib_tables[] = {
    lib_arrays,   /* first: their rows decline unless an argument is an array */
    lib_linalg,
    lib_range,    /* before numbers: -(r), x * r and r / x keep ranges */
    lib_strings,
    lib_numbers,
    lib_elementary,
    lib_angles,
    lib_rounding,
    lib_special,
    lib_intfuncs,
    lib_core,
    lib_floatparts,
    NULL,
};
