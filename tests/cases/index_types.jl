# integer indices of every integer type select an element, as Int does
x = [10, 20, 30];
x[big(2)]
x[UInt8(3)]
m = [1 2; 3 4];
m[UInt8(1), 2]
m[UInt16(4)]
m[1, big(2), 1]
m[1:1, big(2)]
