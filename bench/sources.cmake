hamel_bench(geometry_bench)
