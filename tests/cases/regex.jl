# Regular expressions: the examples of Julia's manual (doc/src/manual/strings.md,
# "Regular Expressions") and the docstrings of match, eachmatch, occursin (base/regex.jl);
# split is joined because jcalc's pieces are String where Julia's are SubString{String}
re = r"^\s*(?:#|$)"
typeof(re)
occursin(r"^\s*(?:#|$)", "not a comment")
occursin(r"^\s*(?:#|$)", "# a comment")
match(r"^\s*(?:#|$)", "not a comment") === nothing
match(r"^\s*(?:#|$)", "# a comment")
m = match(r"(a|b)(c)?(d)", "acd")
m.match
m.captures[2]
length(m.captures)
m.offset
m.offsets
m = match(r"(a|b)(c)?(d)", "ad")
m.captures[2] === nothing
m.offsets
m = match(r"(?<hour>\d+):(?<minute>\d+)", "12:45")
m[:minute]
m[2]
m["hour"]
r"a+.*b+.*d$"ism
match(r"a+.*b+.*d$"ism, "Goodbye,\nOh, angry,\nBad world\n")
match(r"[0-9]", "aaaa1aaaa2aaaa3", 6)
rx = r"a.a"
m = collect(eachmatch(rx, "a1a2a3a"))
collect(eachmatch(rx, "a1a2a3a", overlap = true))
[x.offset for x in eachmatch(r"\d", "a1b2")]
occursin(r"a.a", "aba")
occursin(r"a.a", "abba")
occursin(r"A", "a")
occursin(r"A"i, "a")
startswith("JuliaLang", r"Julia|Romeo")
endswith("JuliaLang", r"Lang|Roberts")
startswith("x", r"y")
join(split("a1b2c3", r"\d"), "|")
join(split("a1b2c3", r"\d", keepempty = false), "|")
join(split("one, two,three", r",\s*"), "|")
join(split("a.b.c", r"\."; limit = 2), "|")
r"\"quoted\""
Regex("x+", "i")
r"é+".pattern
match(r"(é)(ö)?", "aéz")
# findfirst/findnext give the byte range of a match (base/regex.jl)
findfirst(r"b+", "abbbc")
findfirst(r"z", "abc") === nothing
findnext(r"\d", "a1b2", 3)
findfirst(r"", "abc")
# count's docstring (base/regex.jl)
count(r"a(.)a", "cabacabac", overlap=true)
count(r"a(.)a", "cabacabac")
# Regex and RegexMatch are types; regexes compare by pattern and flags
isa(r"a", Regex)
match(r"a", "a") isa RegexMatch
r"a" == r"a"
r"a" == r"a"i
