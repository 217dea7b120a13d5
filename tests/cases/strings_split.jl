split("foo,bar,baz", 'x') == ["foo,bar,baz"]
split("foo,bar,baz", ',') == ["foo","bar","baz"]
split("foo,bar,baz", ",") == ["foo","bar","baz"]
split("foo,bar,baz", r",") == ["foo","bar","baz"]
split("foo,bar,baz", ','; limit=0) == ["foo","bar","baz"]
split("foo,bar,baz", ','; limit=1) == ["foo,bar,baz"]
split("foo,bar,baz", ','; limit=2) == ["foo","bar,baz"]
split("foo,bar,baz", ','; limit=3) == ["foo","bar","baz"]
split("foo,bar", "o,b") == ["fo","ar"]
split("", ',') == [""]
split(",", ',') == ["",""]
split(",,", ',') == ["","",""]
split("", ','  ; keepempty=false) == []
split(",", ',' ; keepempty=false) == []
split(",,", ','; keepempty=false) == []
split("a b c") == ["a","b","c"]
split("a  b \t c\n") == ["a","b","c"]
split("α  β \u2009 γ\n") == ["α","β","γ"]
split("a b c"; limit=2) == ["a","b c"]
split("a  b \t c\n"; limit=3) == ["a","b","\t c\n"]
split("a b c"; keepempty=true) == ["a","b","c"]
split("a  b \t c\n"; keepempty=true) == ["a","","b","","","c",""]
split("a.:.ba..:..cba.:.:.dcba.:.", ".:.") == ["a","ba.",".cba",":.dcba",""]
split("a.:.ba..:..cba.:.:.dcba.:.", ".:."; keepempty=false) == ["a","ba.",".cba",":.dcba"]
split("", "") == [""]
split("abc", "") == ["a","b","c"]
split("abc", "", limit=2) == ["a","bc"]
split("a1b22c", isdigit) == ["a", "b", "", "c"]
split("a,b;c", [',', ';']) == ["a", "b", "c"]
isdigit('5'), isletter('é'), isspace('\u2009'), isuppercase('A'), islowercase('a'), isnumeric('½')
ispunct('!'), isascii('é'), isascii("abc"), isxdigit('F'), iscntrl('\n'), isprint(' ')
2 in (1, 2), 'b' in "abc", 2 in (a = 1, b = 2), 1 in 1, 2 ∉ (1, 2), (1, 2) ∋ 2, [1] ∌ 3
count(iseven, 1:10), count(isdigit, "a1b2"), count((true, false, true)), count(iseven, 1:10; init = 5)
filter(isletter, "a1b"), filter(isodd, (1, 2, 3))
findfirst(==(2), [1, 2]), findfirst(iseven, 1:10), findlast(iseven, 1:10), findall(iseven, [1, 2, 4])
findfirst([false, true]), findnext(iseven, [2, 3, 4], 2), findprev(iseven, [2, 3, 4], 2), findfirst(x -> x > 5, [1, 2])
findfirst('b', "abc"), findfirst(isdigit, "ab1"), findall(isodd, (1, 2, 3)), findall('é', "aéb")
findfirst("ab", "cabab"), findlast("ab", "cabab"), findnext("ab", "cabab", 3), findprev("ab", "cabab", 3)
findall("ab", "cabab"), findall("aa", "aaaa"; overlap=true), findall("aa", "aaaa"), findfirst("z", "abc")
findfirst("", "abc"), findfirst("é", "aéb"), findall(iseven, Int[])
==(2)
typeof(<(3)), repr(==(2)), filter(>(2), 1:5), count(in((1, 2)), [1, 2, 3]), map(isequal(2), [1, 2])
(1, 2, 3)[1:2], (1, 2, 3)[[1, 3]], (1, 2, 3)[[true, false, true]], (1, 2)[[1, 1, 1]], (1, 2, 3)[Int[]]
first(["foo", "bar", "qux"], 2)
first(1:6, 10)
first(Bool[], 1)
last([1, 2, 3], 2), first("héllo", 2), last("héllo", 3), last(1:10, 3), first((1, 2, 3), 2), first("abc", 0)
(a = 1, b = 2)[1], (a = 1, b = 2)[:b]
last(1:10, 0), first(1:10, 0), last(1:typemax(Int), 2)
