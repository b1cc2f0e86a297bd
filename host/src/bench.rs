//! Timing on the GPU, as METHOD.md asks: CUDA events around a CUDA graph of many launches,
//! inputs rotated over enough buffer sets that every launch reads from HBM (together, and
//! their scales alone, more than twice the L2), the median of many replays, and the bandwidth
//! ceiling measured in the same run by the project's own read-only kernel (`read_ceiling`).
use crate::error::{DriverContext, Error};
use crate::gemv::{DeviceGemv, GemvInputs, POISON};
use crate::gpu::Gpu;
use crate::inputs::{Distribution, generate};
use crate::reference::{Comparison, RefValue, compare, gemv_reference};
use crate::rng::Rng;
use cudarc::driver::{CudaSlice, LaunchConfig, PushKernelArg, sys};
use kernel::layout::Shape;

/// Threads per block of the read kernel (`kernel::stream::READ_THREADS`).
const READ_THREADS: u32 = 256;

/// Per-launch times of one measurement, in microseconds.
#[derive(Clone, Copy, Debug, Default)]
pub struct Timing {
    /// Median over the replays.
    pub median_us: f64,
    /// Fastest replay.
    pub min_us: f64,
    /// Slowest replay.
    pub max_us: f64,
    /// Replays.
    pub replays: usize,
    /// Launches per replay.
    pub launches: usize,
}

/// How much to repeat.
#[derive(Clone, Copy, Debug)]
pub struct BenchConfig {
    /// Timed replays of the graph (after one warm-up replay).
    pub replays: usize,
    /// At least this many launches per graph.
    pub min_launches: usize,
    /// At least this many rotating buffer sets per shape (0: [`Gpu::rotation_sets_for`]'s
    /// rule alone).
    pub min_sets: usize,
}

impl Default for BenchConfig {
    fn default() -> Self {
        BenchConfig { replays: 30, min_launches: 40, min_sets: 0 }
    }
}

impl Gpu {
    /// Captures `launches` calls of `launch(i)` into a graph, replays it once to warm up and
    /// `replays` times between events; returns the per-launch times.
    pub fn time_graph(
        &self,
        launches: usize,
        replays: usize,
        mut launch: impl FnMut(usize) -> Result<(), Error>,
    ) -> Result<Timing, Error> {
        self.synchronize()?;
        self.stream
            .begin_capture(sys::CUstreamCaptureMode::CU_STREAM_CAPTURE_MODE_THREAD_LOCAL)
            .during("starting graph capture")?;
        let captured = (0..launches).try_for_each(&mut launch);
        let graph = self
            .stream
            .end_capture(sys::CUgraphInstantiate_flags::CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH)
            .during("ending graph capture");
        captured?;
        let graph = graph?.ok_or(Error::Driver {
            context: "instantiating the graph",
            source: cudarc::driver::DriverError(sys::cudaError_enum::CUDA_ERROR_UNKNOWN),
        })?;
        graph.launch().during("warm-up graph launch")?;
        self.synchronize()?;
        let (start, stop) = (self.event()?, self.event()?);
        let mut per_launch = Vec::with_capacity(replays);
        for _ in 0..replays {
            start.record(&self.stream).during("recording an event")?;
            graph.launch().during("graph launch")?;
            stop.record(&self.stream).during("recording an event")?;
            stop.synchronize().during("waiting for an event")?;
            let ms = start.elapsed_ms(&stop).during("reading an event time")? as f64;
            per_launch.push(ms * 1000.0 / launches as f64);
        }
        per_launch.sort_by(f64::total_cmp);
        Ok(Timing {
            median_us: per_launch[per_launch.len() / 2],
            min_us: per_launch[0],
            max_us: per_launch[per_launch.len() - 1],
            replays,
            launches,
        })
    }

    /// A sink for the read kernel: one word per block, 8 blocks per SM.
    pub fn read_sink(&self) -> Result<CudaSlice<u32>, Error> {
        self.stream.alloc_zeros::<u32>(self.info.sm_count as usize * 8).during("allocating the read sink")
    }

    /// Times the read-only kernel over `sets` rotating buffers of `bytes` each.
    pub fn time_read(&self, bytes: usize, sets: usize, cfg: &BenchConfig) -> Result<Timing, Error> {
        let bytes = bytes.div_ceil(16) * 16;
        let mut buf =
            unsafe { self.stream.alloc::<u32>(bytes * sets / 4) }.during("allocating read buffers")?;
        // Non-zero contents (METHOD.md: never time zeros), written on the GPU.
        self.fill_u32(&mut buf, 0x9E37_79B9)?;
        let mut sink = self.read_sink()?;
        let launches = cfg.min_launches.div_ceil(sets) * sets;
        self.time_graph(launches, cfg.replays, |i| {
            // `buf` holds u32: set `j` starts at element `j · bytes / 4`.
            let view = buf.slice((i % sets) * (bytes / 4)..);
            let n16 = (bytes / 16) as u64;
            let blocks = sink.len() as u32;
            let lc = LaunchConfig {
                grid_dim: (blocks, 1, 1),
                block_dim: (READ_THREADS, 1, 1),
                shared_mem_bytes: 0,
            };
            if self.pdl_enabled() {
                // Launched the way the GEMVs are.
                let (src, out) = (self.address(&view), self.address(&sink));
                let mut args: [*mut std::ffi::c_void; 3] = [
                    &src as *const u64 as *mut _,
                    &n16 as *const u64 as *mut _,
                    &out as *const u64 as *mut _,
                ];
                let l = crate::pdl::RawLaunch {
                    grid: lc.grid_dim,
                    block: READ_THREADS,
                    smem: 0,
                    pdl: true,
                    cluster_z: 1,
                };
                // SAFETY: `read_ceiling(src, n16, out)`.
                return unsafe { self.launch_ex(kernel::layout::kernel_name::READ_CEILING, l, &mut args) };
            }
            let mut launch = self.stream.launch_builder(&self.read);
            launch.arg(&view).arg(&n16).arg(&mut sink);
            unsafe { launch.launch(lc) }.during("launching read_ceiling").map(|_| ())
        })
    }

    /// Buffer sets needed so that `bytes` per set, rotated, exceed twice the L2 (at least 2).
    pub fn rotation_sets(&self, bytes: usize) -> usize {
        (2 * self.info.l2_bytes).div_ceil(bytes.max(1)).saturating_add(1).max(2)
    }

    /// Buffer sets for a GEMV shape: enough that its whole inputs and, on their own, its
    /// `sfa` rotated exceed twice the L2. The second rule matters once copies carry different
    /// L2 priorities: with `a` evict-first, the scales of a few sets stayed in the L2 from
    /// one use of their set to the next and made launches up to 6% faster than any real use
    /// would see (BENCHMARKS.md, run v60). About 9× the sets of the first rule, ~1.1 GB.
    /// At least `min_sets` ([`BenchConfig::min_sets`]).
    pub fn rotation_sets_for(&self, shape: Shape, min_sets: usize) -> usize {
        self.rotation_sets(shape.min_bytes()).max(self.rotation_sets(shape.sfa_bytes())).max(min_sets)
    }

    /// The bandwidth ceiling: the read-only kernel streaming 2 GiB (4 rotating 512 MiB
    /// buffers), in GB/s (10^9 bytes per second).
    pub fn measure_ceiling(&self, cfg: &BenchConfig) -> Result<f64, Error> {
        let bytes = 512 << 20;
        let short = BenchConfig { replays: cfg.replays.min(10), min_launches: 8, ..BenchConfig::default() };
        let t = self.time_read(bytes, 4, &short)?;
        Ok(bytes as f64 / (t.median_us * 1e3))
    }
}

/// One measured shape.
#[derive(Clone, Debug)]
pub struct BenchRow {
    /// The GEMV entry point measured.
    pub variant: &'static str,
    /// K splits of its launches.
    pub splits: u32,
    /// How the splits' sums meet: `"cluster"` (distributed shared memory), `"global"` (a
    /// workspace and tickets) or `"none"` (one split).
    pub split_reduce: &'static str,
    /// The shape.
    pub shape: Shape,
    /// Bytes the GEMV must move (`Shape::min_bytes`).
    pub bytes: usize,
    /// GEMV per-launch time.
    pub gemv: Timing,
    /// The read-only kernel reading the same bytes, launched the same way.
    pub read: Timing,
    /// Ceiling GB/s measured in the same run.
    pub ceiling_gbps: f64,
    /// Correctness of the first launch against the CPU reference.
    pub check: Comparison,
}

impl BenchRow {
    /// Achieved GB/s.
    pub fn gbps(&self) -> f64 {
        self.bytes as f64 / (self.gemv.median_us * 1e3)
    }
    /// Percent of the ceiling.
    pub fn pct_of_ceiling(&self) -> f64 {
        100.0 * self.gbps() / self.ceiling_gbps
    }
    /// GEMV time over the read-only kernel's time for the same bytes.
    pub fn vs_read(&self) -> f64 {
        self.gemv.median_us / self.read.median_us
    }
    /// Whether the check passed (contest tolerance and derived bound).
    pub fn passed(&self) -> bool {
        self.check.passed(true)
    }
}

/// Fresh contest inputs for a shape and their CPU reference, shared by every kernel variant
/// measured on it.
pub struct Prepared {
    /// The inputs.
    pub inputs: GemvInputs,
    /// The reference.
    pub reference: Vec<RefValue>,
}

impl Prepared {
    /// Draws fresh contest inputs for `shape` and computes the reference.
    pub fn new(shape: Shape) -> Result<Prepared, Error> {
        shape.can_implement()?;
        let inputs = generate(shape, Distribution::Contest, Rng::fresh_seed());
        let reference = gemv_reference(&inputs);
        Ok(Prepared { inputs, reference })
    }
}

/// The read-only kernel's time for the bytes of `shape`, over the same rotation the GEMV uses.
pub fn time_read_for(gpu: &Gpu, shape: Shape, cfg: &BenchConfig) -> Result<Timing, Error> {
    gpu.time_read(shape.min_bytes(), gpu.rotation_sets_for(shape, cfg.min_sets), cfg)
}

/// Checks the active GEMV variant once per buffer set (poisoned `c`), then times it over the
/// rotating sets.
pub fn bench_shape(
    gpu: &Gpu,
    p: &Prepared,
    read: Timing,
    ceiling_gbps: f64,
    cfg: &BenchConfig,
) -> Result<BenchRow, Error> {
    let shape = p.inputs.shape;
    let bytes = shape.min_bytes();
    let sets = gpu.rotation_sets_for(shape, cfg.min_sets);
    let mut devs: Vec<DeviceGemv> = (0..sets).map(|_| gpu.upload(&p.inputs)).collect::<Result<_, _>>()?;
    let mut check = Comparison::default();
    for d in devs.iter_mut() {
        gpu.fill_c(d, POISON)?;
        gpu.launch_gemv(d)?;
        let c = gpu.download_c(d)?;
        check = compare(&c, &p.reference, shape.k, POISON);
        if !check.passed(true) {
            break;
        }
    }
    let launches = cfg.min_launches.div_ceil(sets) * sets;
    let gemv = gpu.time_graph(launches, cfg.replays, |i| gpu.launch_gemv(&mut devs[i % sets]))?;
    let (splits, variant) = (devs[0].splits(), devs[0].kernel_name());
    let split_reduce = match (splits, devs[0].cluster_reduce()) {
        (1, _) => "none",
        (_, true) => "cluster",
        (_, false) => "global",
    };
    Ok(BenchRow { variant, splits, split_reduce, shape, bytes, gemv, read, ceiling_gbps, check })
}

/// The table the CLI prints.
pub fn table(rows: &[BenchRow]) -> String {
    let mut s = format!(
        "{:<26} {:>5} {:<16} {:>8} {:>9} {:>7} {:>7} {:>9} {:>7} {:>9} {:>5}\n",
        "kernel",
        "split",
        "shape (m,k,l)",
        "MB",
        "time µs",
        "GB/s",
        "% ceil",
        "read µs",
        "vs read",
        "max err",
        "check"
    );
    for r in rows {
        s += &format!(
            "{:<26} {:>5} {:<16} {:>8.2} {:>9.2} {:>7.0} {:>6.1}% {:>9.2} {:>6.2}x {:>9.2e} {:>5}\n",
            r.variant,
            // "c": the splits meet in a thread block cluster.
            format!("{}{}", r.splits, if r.split_reduce == "cluster" { "c" } else { "" }),
            format!("({},{},{})", r.shape.m, r.shape.k, r.shape.l),
            r.bytes as f64 / 1e6,
            r.gemv.median_us,
            r.gbps(),
            r.pct_of_ceiling(),
            r.read.median_us,
            r.vs_read(),
            r.check.max_abs_err,
            if r.passed() { "pass" } else { "FAIL" }
        );
    }
    s
}

/// CSV of the rows.
pub fn csv(rows: &[BenchRow], gpu: &Gpu) -> String {
    let mut s = String::from(
        "device,driver,target,kernel,splits,m,k,l,bytes,time_us_median,time_us_min,time_us_max,gbps,ceiling_gbps,pct_of_ceiling,read_us_median,vs_read,max_abs_err,rel_norm_err,passed,split_reduce\n",
    );
    for r in rows {
        s += &format!(
            "{},{},{},{},{},{},{},{},{},{:.3},{:.3},{:.3},{:.1},{:.1},{:.2},{:.3},{:.4},{:.3e},{:.3e},{},{}\n",
            gpu.info.name,
            gpu.info.driver,
            gpu.build.name,
            r.variant,
            r.splits,
            r.shape.m,
            r.shape.k,
            r.shape.l,
            r.bytes,
            r.gemv.median_us,
            r.gemv.min_us,
            r.gemv.max_us,
            r.gbps(),
            r.ceiling_gbps,
            r.pct_of_ceiling(),
            r.read.median_us,
            r.vs_read(),
            r.check.max_abs_err,
            r.check.rel_norm_err,
            r.passed(),
            r.split_reduce
        );
    }
    s
}

/// JSON of the rows (an array of objects with the CSV's fields).
pub fn json(rows: &[BenchRow], gpu: &Gpu) -> String {
    let items: Vec<String> = rows
        .iter()
        .map(|r| {
            format!(
                "  {{\"device\": \"{}\", \"driver\": \"{}\", \"target\": \"{}\", \"kernel\": \"{}\", \"splits\": {}, \"m\": {}, \"k\": {}, \"l\": {}, \"bytes\": {}, \
                 \"time_us_median\": {:.3}, \"time_us_min\": {:.3}, \"time_us_max\": {:.3}, \"gbps\": {:.1}, \
                 \"ceiling_gbps\": {:.1}, \"pct_of_ceiling\": {:.2}, \"read_us_median\": {:.3}, \"vs_read\": {:.4}, \
                 \"max_abs_err\": {:e}, \"rel_norm_err\": {:e}, \"passed\": {}, \"split_reduce\": \"{}\"}}",
                gpu.info.name, gpu.info.driver, gpu.build.name, r.variant, r.splits, r.shape.m, r.shape.k, r.shape.l, r.bytes,
                r.gemv.median_us, r.gemv.min_us, r.gemv.max_us, r.gbps(), r.ceiling_gbps, r.pct_of_ceiling(),
                r.read.median_us, r.vs_read(), r.check.max_abs_err, r.check.rel_norm_err, r.passed(),
                r.split_reduce
            )
        })
        .collect();
    format!("[\n{}\n]\n", items.join(",\n"))
}
