1::(::undefined_thing)
:::::::::::P:::::reinterpret(Net168, typdmax(UInt128))
