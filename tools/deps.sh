#!/bin/sh
# deps.sh "REQUIRED" "OPTIONAL" — installs jcalc's build and test dependencies on
# Debian/Ubuntu with apt-get (through sudo when not root); elsewhere prints what to install.
# A required package that cannot be installed fails; optional ones only print a line.
required=$1
optional=$2
if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg >/dev/null 2>&1; then
    echo "make deps: not a Debian/Ubuntu system. Install: a C11 compiler, make, autoconf,"
    echo "  pkg-config, GMP, MPFR, MPC, GNU Readline, utf8proc, PCRE2 (development packages), expect, bc,"
    echo "  and for make fuzz clang with its compiler-rt (libFuzzer and the sanitizer runtimes)."
    exit 0
fi
missing=""
for p in $required; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
opt_missing=""
for p in $optional; do
    dpkg -s "$p" >/dev/null 2>&1 || opt_missing="$opt_missing $p"
done
if [ -z "$missing$opt_missing" ]; then
    echo "make deps: everything is installed"
    exit 0
fi
sudo=""
if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq || exit 1
if [ -n "$missing" ]; then
    echo "make deps: installing$missing"
    $sudo apt-get install -y -qq --no-install-recommends $missing || exit 1
fi
for p in $opt_missing; do
    # optional: fuzzing, benchmarks against peers; a failure here is not fatal
    $sudo apt-get install -y -qq --no-install-recommends "$p" >/dev/null 2>&1 \
        && echo "make deps: installed $p (optional)" \
        || echo "make deps: could not install optional $p"
done
exit 0
