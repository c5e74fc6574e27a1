hamel_bench(geometry_bench)
hamel_bench(chaplygin_bench)
hamel_bench(numerics_bench)
hamel_bench(gauge_bench)
