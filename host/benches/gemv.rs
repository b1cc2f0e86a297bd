//! `cargo bench -p host`: criterion timing of the GEMV on the benchmark shapes.
//!
//! Criterion times from the host clock, so each iteration synchronises; the CLI's `bench`
//! subcommand (CUDA events around graphs of many launches, L2-cold rotation, the bandwidth
//! ceiling in the same run) is the method BENCHMARKS.md reports. Without a GPU this prints
//! why and benchmarks nothing.
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use host::gemv::DeviceGemv;
use host::gpu::Gpu;
use host::inputs::{Distribution, generate};
use nvfp4_tests::BENCH_SHAPES;

fn gemv(c: &mut Criterion) {
    let gpu = match Gpu::new(0) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("SKIPPED cargo bench: {e}");
            return;
        }
    };
    let mut group = c.benchmark_group(format!("nvfp4_gemv/{}", gpu.build.name));
    for shape in BENCH_SHAPES {
        let x = generate(shape, Distribution::Contest, 5);
        let sets = gpu.rotation_sets(shape.min_bytes());
        let mut devs: Vec<DeviceGemv> = match (0..sets).map(|_| gpu.upload(&x)).collect() {
            Ok(d) => d,
            Err(e) => {
                eprintln!("skipping {shape:?}: {e}");
                continue;
            }
        };
        group.throughput(Throughput::Bytes(shape.min_bytes() as u64));
        let mut i = 0;
        group.bench_function(format!("{},{},{}", shape.m, shape.k, shape.l), |b| {
            b.iter(|| {
                i += 1;
                gpu.launch_gemv(&mut devs[i % sets]).and_then(|_| gpu.synchronize()).expect("GEMV launch");
            })
        });
    }
    group.finish();
}

criterion_group!(benches, gemv);
criterion_main!(benches);
