hamel_bench(geometry_bench)
hamel_bench(chaplygin_bench)
