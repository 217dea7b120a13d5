# Makefile — jcalc.  The build is configured by ./configure (autoconf), which writes
# config.mk; when config.mk is missing, any build target configures first by itself.
#
#   make deps      install the libraries (Debian/Ubuntu, apt-get; names for others)
#   make / run     build build/jcalc / build and start it
#   make check     every test; the last line is "N passed, N failed"
#   make docs      regenerate the function list of docs/language.md from the builtin tables
#   make bench     benchmarks against the peers present on the machine
#   make fuzz      bounded libFuzzer runs of tests/fuzz/ (./configure --enable-fuzzing)
#   make diff      the long differential run of the number tower (tests/diff/)
#   make accuracy  the long math-core accuracy run
#   make install / uninstall   PREFIX=/usr/local DESTDIR=

.DEFAULT_GOAL := all
PREFIX ?= /usr/local
DEB_PACKAGES = build-essential autoconf automake pkg-config libgmp-dev libmpfr-dev libmpc-dev \
               libreadline-dev libutf8proc-dev libpcre2-dev expect bc clang libclang-rt-14-dev python3
DEB_OPTIONAL = hyperfine pari-gp lua5.4 dc valgrind

BUILD_TARGETS = all run check bench fuzz diff accuracy install lib unit tests-build jcalc docs

.PHONY: deps clean distclean uninstall configure-now $(BUILD_TARGETS)

deps:
	@sh tools/deps.sh "$(DEB_PACKAGES)" "$(DEB_OPTIONAL)"

clean:
	rm -rf build

distclean: clean
	rm -rf config.mk config.log config.status configure autom4te.cache aclocal.m4

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/jcalc $(DESTDIR)$(PREFIX)/share/man/man1/jcalc.1

configure-now:
	@test -x configure || autoreconf -i
	./configure

ifeq ($(wildcard config.mk),)

$(BUILD_TARGETS):
	@$(MAKE) --no-print-directory configure-now
	@$(MAKE) --no-print-directory $@

else
include config.mk

# quiet by default; `make V=1` shows every command
ifeq ($(V),1)
Q =
else
Q = @
endif

# -Wno-missing-field-initializers: table rows leave trailing NULL fields out on purpose,
# so that a builtin or an operator stays one readable line
CFLAGS_BASE = -std=c11 -D_GNU_SOURCE -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers -g
OPT ?= -O2
CFLAGS_ALL = $(CFLAGS_BASE) $(OPT) $(CFLAGS_CONF) $(SAN_FLAGS) -Iinclude -Isrc -Ibuild/gen \
             -DJC_HAVE_READLINE=$(HAVE_READLINE)
LDFLAGS_ALL = $(SAN_FLAGS)
LIBS_ALL = $(READLINE_LIBS) $(LIBS_CONF) -lm

LIB_SRCS = $(filter-out src/main.c,$(wildcard src/*.c src/*/*.c))
LIB_OBJS = $(LIB_SRCS:%.c=build/obj/%.o)
UNIT_SRCS = $(wildcard tests/unit/test_*.c)
UNIT_BINS = $(UNIT_SRCS:tests/unit/%.c=build/tests/%)
BENCH_SRCS = $(wildcard bench/bench_*.c)
BENCH_BINS = $(BENCH_SRCS:bench/%.c=build/bench/%)

# ---- generated tables (one rule per table: data/*.tsv -> build/gen/*.h) ----
GEN_HEADERS =
# parser: operator table and identifier character classes
GEN_HEADERS += build/gen/optable.inc build/gen/id_start_ranges.inc build/gen/id_char_ranges.inc \
               build/gen/op_suffix_ranges.inc build/gen/never_id_char_ranges.inc
build/gen/optable.inc: data/operators.tsv tools/gen_optable.awk | build/gen/.dir
	awk -f tools/gen_optable.awk data/operators.tsv | LC_ALL=C sort > $@.tmp && mv $@.tmp $@
build/gen/%_ranges.inc: data/%_ranges.tsv tools/gen_ranges.awk | build/gen/.dir
	awk -v name=$* -f tools/gen_ranges.awk $< > $@.tmp && mv $@.tmp $@
# REPL: LaTeX/emoji completion and the reverse map for help mode
GEN_HEADERS += build/gen/latex_tables.h
LATEX_TSV = data/latex_symbols.tsv data/emoji_symbols.tsv data/symbols_latex_canonical.tsv
build/gen/latex_tables.h: $(LATEX_TSV) tools/gen_latex.awk | build/gen/.dir
	LC_ALL=C awk -f tools/gen_latex.awk $(LATEX_TSV) | LC_ALL=C sort | \
	    LC_ALL=C awk -v phase=2 -f tools/gen_latex.awk > $@.tmp && mv $@.tmp $@
# ---- end of generated tables ----

all: build/jcalc
jcalc: build/jcalc
lib: build/libjcalc.a

build/gen/.dir:
	@mkdir -p build/gen && touch $@

# Outputs are written to a temporary name and renamed, so that several builds running in
# one tree at once never see each other's half-written files.
build/obj/%.o: %.c config.mk $(GEN_HEADERS) | build/gen/.dir
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CFLAGS_ALL) -MMD -MP -MT $@ -MF $(@:.o=.d) -c $< -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@

-include $(LIB_OBJS:.o=.d) build/obj/src/main.d

build/libjcalc.a: $(LIB_OBJS)
	@rm -f $@.$$$$.tmp
	@$(if $(Q),echo "  AR      $@")
	$(Q)ar rcs $@.$$$$.tmp $^ && mv -f $@.$$$$.tmp $@

# A wholly static link warns that Readline's ~user completion needs the C library's NSS
# modules at run time (configure.ac says why that is accepted); those lines are dropped,
# every other message is shown.
STATIC_NOTE = -e 'requires at runtime the shared libraries from the glibc' -e '\.a([^)]*\.o): in function'
# The start-up snapshot (tools/gen_snapshot.c): made by a program linked against the
# library alone, then linked into jcalc, whose contexts start from it.
build/tools/gen_snapshot: tools/gen_snapshot.c build/libjcalc.a config.mk
	@mkdir -p build/tools
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS_ALL) -o $@.$$$$.tmp $< build/libjcalc.a $(LDFLAGS_ALL) $(LIBS_ALL) && mv -f $@.$$$$.tmp $@
build/gen/snapshot.c: build/tools/gen_snapshot | build/gen/.dir
	@$(if $(Q),echo "  GEN     $@")
	$(Q)build/tools/gen_snapshot > $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
build/obj/snapshot.o: build/gen/snapshot.c config.mk
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CFLAGS_ALL) -c $< -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@

# The linked file is copied once before it takes its name: the copy is written in one
# sequential pass, as `make install` writes it, and starts about a tenth faster than the
# file the linker wrote piecemeal (0.83 against 0.93 ms for `-e 1+1`, same bytes).
build/jcalc: build/obj/src/main.o build/obj/snapshot.o build/libjcalc.a
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@.$$$$.tmp $^ $(if $(STATIC_LINK),$(STATIC_LINK) -lm,$(LIBS_ALL)) 2>$@.log; \
	st=$$?; grep -v $(STATIC_NOTE) $@.log >&2; rm -f $@.log; \
	test $$st = 0 && cp $@.$$$$.tmp $@.$$$$.cp && rm -f $@.$$$$.tmp && mv -f $@.$$$$.cp $@

build/tests/%: tests/unit/%.c tests/unit/check.h build/libjcalc.a config.mk
	@mkdir -p build/tests
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS_ALL) -o $@.$$$$.tmp $< build/libjcalc.a $(LDFLAGS_ALL) $(LIBS_ALL) && mv -f $@.$$$$.tmp $@

build/bench/%: bench/%.c build/libjcalc.a config.mk
	@mkdir -p build/bench
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS_BASE) -O2 $(CFLAGS_CONF) -Iinclude -Isrc -Ibuild/gen -o $@.$$$$.tmp $< build/libjcalc.a $(LIBS_ALL) && mv -f $@.$$$$.tmp $@

tests-build: build/jcalc $(UNIT_BINS)

run: build/jcalc
	./build/jcalc

# check fails first when docs/language.md's generated function list is stale
check: tests-build
	@sh tools/gen_builtin_docs.sh --check
	@sh tests/run.sh

docs: build/jcalc
	@sh tools/gen_builtin_docs.sh

accuracy: tests-build
	JCALC_ACCURACY_N=10000000 ./build/tests/test_mathcore

bench: build/jcalc build/bench/race $(BENCH_BINS)
	@sh bench/run.sh

# -fno-sanitize-recover: an undefined behaviour is a finding that stops the run, as in the
# sanitizer build of make check, not a line in a log nobody reads
FUZZ_FLAGS = -std=c11 -D_GNU_SOURCE -g -O1 -fsanitize=fuzzer,address,undefined \
             -fno-sanitize-recover=undefined $(CFLAGS_CONF) \
             -Iinclude -Isrc -Ibuild/gen -DJC_HAVE_READLINE=0
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= fuzz_eval fuzz_builtins
# libFuzzer options of every run; FUZZ_ARGS adds more (e.g. -jobs=2 -workers=2)
FUZZ_RUN_FLAGS = -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
                 -artifact_prefix=build/fuzz/ $(FUZZ_ARGS)
FUZZ_MAXLEN_fuzz_eval = 512
FUZZ_MAXLEN_fuzz_builtins = 128
# Both targets check for leaks; FUZZ_BUILTINS_LEAKS=0 turns fuzz_builtins' check off
# (it was off while the indexing leaks 7 and 8 of tests/fuzz/crashes.txt were open).
FUZZ_BUILTINS_LEAKS ?= 1

# The fuzzers' inputs generated from the sources of truth: the dictionary from the
# operator table and the builtin list, the seed corpus from the test cases, and the
# builtin names that fuzz_builtins.c calls.
build/gen/fuzz_builtins.inc: build/jcalc tools/gen_fuzz_builtins.sh | build/gen/.dir
	./build/jcalc --list-builtins > $@.list.tmp && sh tools/gen_fuzz_builtins.sh $@.list.tmp > $@.tmp && \
	    rm -f $@.list.tmp && mv $@.tmp $@
build/fuzz/jcalc.dict: build/jcalc data/operators.tsv tools/gen_fuzz_dict.sh
	@mkdir -p build/fuzz
	./build/jcalc --list-builtins > $@.list.tmp && sh tools/gen_fuzz_dict.sh data/operators.tsv $@.list.tmp > $@.tmp && \
	    rm -f $@.list.tmp && mv $@.tmp $@
build/fuzz/seeds/.stamp: $(wildcard tests/cases/*.jl tests/errors/*.txt) tools/gen_fuzz_corpus.sh
	sh tools/gen_fuzz_corpus.sh build/fuzz/seeds && touch $@

build/fuzz/fuzz_eval: tests/fuzz/fuzz_eval.c $(LIB_SRCS) $(GEN_HEADERS) config.mk
	@if [ -z "$(FUZZ_CC)" ]; then echo "make fuzz: run ./configure --enable-fuzzing (needs clang)"; exit 2; fi
	@mkdir -p build/fuzz
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@.tmp tests/fuzz/fuzz_eval.c $(LIB_SRCS) $(LIBS_CONF) -lm && mv $@.tmp $@
build/fuzz/fuzz_builtins: tests/fuzz/fuzz_builtins.c build/gen/fuzz_builtins.inc $(LIB_SRCS) $(GEN_HEADERS) config.mk
	@if [ -z "$(FUZZ_CC)" ]; then echo "make fuzz: run ./configure --enable-fuzzing (needs clang)"; exit 2; fi
	@mkdir -p build/fuzz
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@.tmp tests/fuzz/fuzz_builtins.c $(LIB_SRCS) $(LIBS_CONF) -lm && mv $@.tmp $@

# each target runs FUZZ_SECONDS over its own growing corpus (fuzz_eval also over the
# checked-in corpus and the generated seeds); fuzz_builtins steps around the known findings
# of tests/fuzz/avoid.txt.  A new crash, leak or hang stops `make fuzz` with the report
# and the input's file name.
fuzz: $(FUZZ_TARGETS:%=build/fuzz/%) build/fuzz/jcalc.dict build/fuzz/seeds/.stamp
	@mkdir -p tests/fuzz/corpus
	@for t in $(FUZZ_TARGETS); do \
	    mkdir -p build/fuzz/corpus-$$t; \
	    case $$t in fuzz_eval) maxlen=$(FUZZ_MAXLEN_fuzz_eval); seeds="tests/fuzz/corpus build/fuzz/seeds"; \
	                          dict=-dict=build/fuzz/jcalc.dict;; \
	                *) maxlen=$(FUZZ_MAXLEN_fuzz_builtins); seeds=""; \
	                   dict=-detect_leaks=$(FUZZ_BUILTINS_LEAKS);; esac; \
	    echo "fuzzing $$t for $(FUZZ_SECONDS) s (log: build/fuzz/$$t.log)"; \
	    JCALC_FUZZ_AVOID=tests/fuzz/avoid.txt ./build/fuzz/$$t $(FUZZ_RUN_FLAGS) $$dict -max_len=$$maxlen build/fuzz/corpus-$$t $$seeds \
	        >build/fuzz/$$t.log 2>&1; \
	    status=$$?; grep -E '^Done [0-9]+ runs' build/fuzz/$$t.log || tail -n 3 build/fuzz/$$t.log; \
	    if [ $$status -ne 0 ]; then grep -A40 -m1 -E 'ERROR|SUMMARY|deadly signal' build/fuzz/$$t.log; \
	        grep -E 'Test unit written|artifact' build/fuzz/$$t.log; exit $$status; fi; \
	done

# the deterministic mode of fuzz_builtins.c that `make check` runs (tests/run.sh)
build/fuzz/replay_builtins: tests/fuzz/fuzz_builtins.c build/gen/fuzz_builtins.inc build/libjcalc.a config.mk
	@mkdir -p build/fuzz
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS_ALL) -DFUZZ_BUILTINS_MAIN -o $@.$$$$.tmp $< build/libjcalc.a $(LDFLAGS_ALL) $(LIBS_ALL) && mv -f $@.$$$$.tmp $@
check: build/fuzz/replay_builtins

# differential tests of the number tower against exact oracles (tests/diff/): Python's
# int and fractions for integers and rationals, MPFR for Float64.  make check runs 2000
# cases of each with a fixed seed; `make diff` runs DIFF_N cases with seed DIFF_SEED.
DIFF_N ?= 200000
DIFF_SEED ?= 2
build/diff/fltdiff: tests/diff/fltdiff.c config.mk
	@mkdir -p build/diff
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS_BASE) -O2 $(CFLAGS_CONF) $(SAN_FLAGS) -o $@.$$$$.tmp $< $(LDFLAGS_ALL) $(LIBS_CONF) -lm && mv -f $@.$$$$.tmp $@
check: build/diff/fltdiff
diff: build/jcalc build/diff/fltdiff
	python3 tests/diff/intdiff.py -n $(DIFF_N) -s $(DIFF_SEED)
	./build/diff/fltdiff -n $(DIFF_N) -s $(DIFF_SEED)

install: build/jcalc
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 build/jcalc $(DESTDIR)$(PREFIX)/bin/jcalc
	install -m 644 docs/jcalc.1 $(DESTDIR)$(PREFIX)/share/man/man1/jcalc.1

endif
