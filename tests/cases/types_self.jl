# Self-referencing types (doc/src/manual/types.md)
mutable struct Node
    val::Int
    next::Union{Node, Nothing}
end
a = Node(1, nothing)
b = Node(2, a)
b.next.val
a.next = b;
a.next.next === a
struct Tree
    kids::Vector{Tree}
end
Tree([Tree(Tree[])])
