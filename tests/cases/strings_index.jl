str = "Hello, world.\n"
str[begin]
str[1]
str[6]
str[end]
str[end-1]
str[4:9]
str[6:6]
s = "\u2200 x \u2203 y"
s[1]
s[4]
lastindex(s)
Int('x')
Char(120)
