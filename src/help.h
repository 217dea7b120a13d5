/* help.h — the text `?name` shows in help mode: how to type a symbol (Julia's reverse
 * LaTeX map, through compl.h's tables) and then the help texts of the builtin rows of
 * that name (lib.h).  Borrows everything; returns malloc'd text; never fails. */
#ifndef JC_HELP_H
#define JC_HELP_H

#include <stddef.h>

/* `"∜" can be typed by \fourthroot<tab>` followed by a blank line ("\n\n"), as Julia's
 * repl_latex prints it: the whole text's name if it has one (also after NFD), else each
 * character spelled by its name with runs of sub/superscripts merged (`x\_12<tab>`).
 * NULL when no character has a name.  color: the text and names in cyan. */
char *help_latex(const char *s, size_t len, int color);

#endif
