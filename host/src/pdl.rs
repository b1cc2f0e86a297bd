//! Launches through `cuLaunchKernelEx`: programmatic dependent launch (PDL), GEMV and
//! read-only launches that may start while the kernel before them on the stream is still
//! finishing, and thread block clusters, in which the K splits of one row tile add their
//! partial sums through distributed shared memory (`kernel::layout::CLUSTER_SPLITS_MAX`).
//!
//! The raw layer: cudarc 0.17 does not expose `cuLaunchKernelEx` launch attributes or a
//! `CudaFunction`'s `CUfunction`, so this module loads the PTX build a second time with the
//! driver API (`cuModuleLoadData`, on first need) and launches its entry points with
//! `cuLaunchKernelEx` and `CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION` and/or
//! `CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION`. Inside a stream capture the driver records PDL
//! launches as programmatic edges of the graph.
//!
//! What the kernels do with PDL (`kernel::ptx::misc::{launch_dependents,
//! wait_prerequisites}`): every block lets the next grid start as it begins, or, for a GEMV
//! grid the GPU holds twice at once or whose K is split (`launch_flags::PDL_TRIGGER_AFTER_LOADS`,
//! chosen in `Gpu::launch_gemv`), once it has requested its last tile, or (some grids of about
//! two blocks per SM) only at its exit; a GEMV requests its first
//! stages of `a`/`sfa` (weights, which no earlier kernel writes), then waits for the earlier
//! kernel to finish before anything else (`b`, `sfb`, `c_in`, the split-K workspace, `c`).
//! Without PDL both instructions are no-ops, so the same PTX serves both launch paths; the
//! same holds for clusters (a launch without them runs clusters of one block).
use crate::error::{DriverContext, Error};
use crate::gpu::Gpu;
use cudarc::driver::{CudaContext, sys};
use std::ffi::{CString, c_void};
use std::sync::Arc;

/// When a GEMV launched with programmatic dependent launch lets the next kernel start
/// ([`Gpu::pdl_trigger`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PdlTrigger {
    /// The host's rule (`kernel::layout::pdl_trigger_flags`): for grids the GPU holds twice at
    /// once, [`PdlTrigger::AtExit`] where they run about two blocks per SM, K unsplit, with at least
    /// `kernel::layout::PDL_EXIT_MIN_TILES` K tiles each, else [`PdlTrigger::AfterLoads`];
    /// [`PdlTrigger::AfterLoads`] also for grids with K split; [`PdlTrigger::AtStart`] for the
    /// others.
    #[default]
    Auto,
    /// As each block begins.
    AtStart,
    /// Once each block's producer has requested its last tile.
    AfterLoads,
    /// When the grid's last block exits (no explicit trigger): the grids never share the
    /// GPU; only the launch overlaps.
    AtExit,
}

impl std::str::FromStr for PdlTrigger {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "auto" => Ok(PdlTrigger::Auto),
            "start" => Ok(PdlTrigger::AtStart),
            "loads" => Ok(PdlTrigger::AfterLoads),
            "exit" => Ok(PdlTrigger::AtExit),
            _ => Err("expected auto, start, loads or exit".into()),
        }
    }
}

/// The PTX build loaded with the driver API, for launches with attributes.
pub struct ExModule {
    module: sys::CUmodule,
    funcs: Vec<(&'static str, sys::CUfunction)>,
    // Keeps the context alive until the module is unloaded (the `Gpu`'s own handles may be
    // dropped first).
    ctx: Arc<CudaContext>,
}

impl Drop for ExModule {
    fn drop(&mut self) {
        // SAFETY: loaded by `cuModuleLoadData` in `Gpu::ex_module`, in `ctx`, which is still
        // alive; nothing uses the module after.
        unsafe {
            if self.ctx.bind_to_thread().is_ok() {
                let _ = sys::cuModuleUnload(self.module);
            }
        }
    }
}

impl ExModule {
    /// The entry point `name`, if it was loaded.
    pub(crate) fn func(&self, name: &str) -> Option<sys::CUfunction> {
        self.funcs.iter().find(|(n, _)| *n == name).map(|(_, f)| *f)
    }
}

/// Grid, block, dynamic shared memory and attributes of one `cuLaunchKernelEx` launch.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RawLaunch {
    pub grid: (u32, u32, u32),
    pub block: u32,
    pub smem: u32,
    /// With programmatic dependent launch.
    pub pdl: bool,
    /// Blocks per thread block cluster along z (1: no cluster attribute).
    pub cluster_z: u32,
}

impl Gpu {
    /// Launches of GEMVs (and of the read-only kernel in `bench`) use programmatic dependent
    /// launch from now on.
    pub fn enable_pdl(&mut self) -> Result<(), Error> {
        self.ex_module()?;
        self.pdl = true;
        Ok(())
    }

    /// Whether launches use programmatic dependent launch ([`Gpu::enable_pdl`]).
    pub fn pdl_enabled(&self) -> bool {
        self.pdl
    }

    /// The launch mode the per-shape rules (`kernel::layout::choose_variant`,
    /// `Shape::splits_clustered`) are asked for: PDL after [`Gpu::enable_pdl`], else plain.
    pub fn launch_mode(&self) -> kernel::layout::Launch {
        if self.pdl { kernel::layout::Launch::Pdl } else { kernel::layout::Launch::Plain }
    }

    /// The PTX loaded with the driver API; loaded (the driver JIT-compiles it again, or takes
    /// it from its cache) on first use.
    pub(crate) fn ex_module(&self) -> Result<&ExModule, Error> {
        if let Some(m) = self.ex.get() {
            return Ok(m);
        }
        self.ctx.bind_to_thread().during("binding the CUDA context")?;
        let text =
            CString::new(self.build.ptx).map_err(|_| Error::Unsupported { what: "PTX with a NUL byte" })?;
        let mut module: sys::CUmodule = std::ptr::null_mut();
        // SAFETY: `text` is NUL-terminated PTX; `module` receives the handle.
        unsafe { sys::cuModuleLoadData(&mut module, text.as_ptr().cast()) }
            .result()
            .during("loading the PTX for launches with attributes (PDL, clusters)")?;
        let mut ex = ExModule { module, funcs: Vec::new(), ctx: self.ctx.clone() };
        for (name, smem) in self.ex_entry_points() {
            let c =
                CString::new(name).map_err(|_| Error::Unsupported { what: "entry name with a NUL byte" })?;
            let mut f: sys::CUfunction = std::ptr::null_mut();
            // SAFETY: `module` is loaded; `c` is NUL-terminated.
            unsafe { sys::cuModuleGetFunction(&mut f, module, c.as_ptr()) }
                .result()
                .during("finding a kernel in the PTX")?;
            if smem > 0 {
                // The whole opt-in limit, not just what launches use: `Gpu::clusters_fit` asks
                // the occupancy calculator about blocks with more shared memory than theirs.
                let limit = smem.max(self.info.smem_per_block_optin);
                // SAFETY: `f` is a kernel of the loaded module.
                unsafe {
                    sys::cuFuncSetAttribute(
                        f,
                        sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                        limit as i32,
                    )
                }
                .result()
                .during("raising a GEMV's dynamic shared memory limit")?;
            }
            ex.funcs.push((name, f));
        }
        Ok(self.ex.get_or_init(|| ex))
    }

    /// `cuLaunchKernelEx` of `name` from the driver-API module on the GPU's stream, with the
    /// programmatic-serialization attribute if `l.pdl` and clusters of `(1, 1, l.cluster_z)`
    /// blocks if `l.cluster_z > 1`.
    ///
    /// # Safety
    /// `args` points to one value per kernel parameter, of the parameter's type, in order.
    pub(crate) unsafe fn launch_ex(
        &self,
        name: &str,
        l: RawLaunch,
        args: &mut [*mut c_void],
    ) -> Result<(), Error> {
        let func = self.ex_func(name)?;
        let mut attrs = LaunchAttrs::new(l);
        let cfg = attrs.config(l, self.stream.cu_stream());
        // SAFETY: `cfg` and the attributes it points to live across the call; `args` as the
        // caller promises.
        unsafe { sys::cuLaunchKernelEx(&cfg, func, args.as_mut_ptr(), std::ptr::null_mut()) }.result().during(
            match (l.pdl, l.cluster_z > 1) {
                (true, true) => "launching a kernel with programmatic dependent launch and clusters",
                (true, false) => "launching a kernel with programmatic dependent launch",
                _ => "launching a kernel in thread block clusters",
            },
        )
    }

    /// Most clusters of `(1, 1, l.cluster_z)` blocks of `name`, launched as `l` describes,
    /// that the GPU holds at once (`cuOccupancyMaxActiveClusters`).
    pub(crate) fn max_active_clusters(&self, name: &str, l: RawLaunch) -> Result<u32, Error> {
        let func = self.ex_func(name)?;
        let mut attrs = LaunchAttrs::new(l);
        let cfg = attrs.config(l, std::ptr::null_mut());
        let mut n: std::ffi::c_int = 0;
        // SAFETY: `cfg` and its attributes live across the call; `n` receives the count.
        unsafe { sys::cuOccupancyMaxActiveClusters(&mut n, func, &cfg) }
            .result()
            .during("computing how many thread block clusters fit")?;
        Ok(n.max(0) as u32)
    }

    fn ex_func(&self, name: &str) -> Result<sys::CUfunction, Error> {
        self.ex_module()?.func(name).ok_or(Error::Unsupported {
            what: "a launch with attributes of a kernel that was not loaded for it",
        })
    }
}

/// The attributes of one `cuLaunchKernelEx` launch.
struct LaunchAttrs {
    attrs: [sys::CUlaunchAttribute; 3],
    n: usize,
}

impl LaunchAttrs {
    fn new(l: RawLaunch) -> Self {
        // SAFETY: all-zero is a valid `CUlaunchAttribute` (a C struct of an enum and a union
        // of plain integers); the fields used are set below.
        let mut a = LaunchAttrs { attrs: unsafe { std::mem::zeroed() }, n: 0 };
        if l.pdl {
            a.attrs[a.n].id = sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
            a.attrs[a.n].value.programmaticStreamSerializationAllowed = 1;
            a.n += 1;
        }
        if l.cluster_z > 1 {
            a.attrs[a.n].id = sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
            a.attrs[a.n].value.clusterDim =
                sys::CUlaunchAttributeValue_union__bindgen_ty_1 { x: 1, y: 1, z: l.cluster_z };
            a.n += 1;
            // Load balancing: on the H200 the split grids of about two blocks per SM ran
            // 7–13% faster than with the default or spread policies (run v120).
            a.attrs[a.n].id =
                sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE;
            a.attrs[a.n].value.clusterSchedulingPolicyPreference =
                sys::CUclusterSchedulingPolicy::CU_CLUSTER_SCHEDULING_POLICY_LOAD_BALANCING;
            a.n += 1;
        }
        a
    }

    /// The launch configuration; it points into `self`, which must outlive its use.
    fn config(&mut self, l: RawLaunch, stream: sys::CUstream) -> sys::CUlaunchConfig {
        sys::CUlaunchConfig {
            gridDimX: l.grid.0,
            gridDimY: l.grid.1,
            gridDimZ: l.grid.2,
            blockDimX: l.block,
            blockDimY: 1,
            blockDimZ: 1,
            sharedMemBytes: l.smem,
            hStream: stream,
            attrs: self.attrs.as_mut_ptr(),
            numAttrs: self.n as u32,
        }
    }
}
