//! Programmatic dependent launch (PDL): GEMV and read-only launches that may start while the
//! kernel before them on the stream is still finishing.
//!
//! The raw layer: cudarc 0.17 does not expose `cuLaunchKernelEx` launch attributes or a
//! `CudaFunction`'s `CUfunction`, so this module loads the PTX build a second time with the
//! driver API (`cuModuleLoadData`) and launches its entry points with `cuLaunchKernelEx` and
//! `CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION`. Inside a stream capture the driver
//! records these as programmatic edges of the graph.
//!
//! What the kernels do with it (`kernel::ptx::misc::{launch_dependents,
//! wait_prerequisites}`): every block lets the next grid start as it begins, or, for a GEMV
//! grid the GPU holds twice at once or whose K is split (`launch_flags::PDL_TRIGGER_AFTER_LOADS`,
//! chosen in `Gpu::launch_gemv`), once it has requested its last tile, or (some grids of about
//! two blocks per SM) only at its exit; a GEMV requests its first
//! stages of `a`/`sfa` (weights, which no earlier kernel writes), then waits for the earlier
//! kernel to finish before anything else (`b`, `sfb`, `c_in`, the split-K workspace, `c`).
//! Without PDL both instructions are no-ops, so the same PTX serves both launch paths.
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

/// The PTX build loaded with the driver API, for [`Gpu::enable_pdl`].
pub struct PdlModule {
    module: sys::CUmodule,
    funcs: Vec<(&'static str, sys::CUfunction)>,
    // Keeps the context alive until the module is unloaded (the `Gpu`'s own handles may be
    // dropped first).
    ctx: Arc<CudaContext>,
}

impl Drop for PdlModule {
    fn drop(&mut self) {
        // SAFETY: loaded by `cuModuleLoadData` in `Gpu::enable_pdl`, in `ctx`, which is still
        // alive; nothing uses the module after.
        unsafe {
            if self.ctx.bind_to_thread().is_ok() {
                let _ = sys::cuModuleUnload(self.module);
            }
        }
    }
}

impl PdlModule {
    /// The entry point `name`, if it was loaded.
    pub(crate) fn func(&self, name: &str) -> Option<sys::CUfunction> {
        self.funcs.iter().find(|(n, _)| *n == name).map(|(_, f)| *f)
    }
}

/// Grid, block and dynamic shared memory of one launch.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RawLaunch {
    pub grid: (u32, u32, u32),
    pub block: u32,
    pub smem: u32,
}

impl Gpu {
    /// Launches of GEMVs (and of the read-only kernel in `bench`) use programmatic dependent
    /// launch from now on. Loads the PTX a second time (the driver JIT-compiles it again).
    pub fn enable_pdl(&mut self) -> Result<(), Error> {
        self.ctx.bind_to_thread().during("binding the CUDA context")?;
        let text =
            CString::new(self.build.ptx).map_err(|_| Error::Unsupported { what: "PTX with a NUL byte" })?;
        let mut module: sys::CUmodule = std::ptr::null_mut();
        // SAFETY: `text` is NUL-terminated PTX; `module` receives the handle.
        unsafe { sys::cuModuleLoadData(&mut module, text.as_ptr().cast()) }
            .result()
            .during("loading the PTX for programmatic dependent launch")?;
        let mut pdl = PdlModule { module, funcs: Vec::new(), ctx: self.ctx.clone() };
        for (name, smem) in self.pdl_entry_points() {
            let c =
                CString::new(name).map_err(|_| Error::Unsupported { what: "entry name with a NUL byte" })?;
            let mut f: sys::CUfunction = std::ptr::null_mut();
            // SAFETY: `module` is loaded; `c` is NUL-terminated.
            unsafe { sys::cuModuleGetFunction(&mut f, module, c.as_ptr()) }
                .result()
                .during("finding a kernel in the PTX")?;
            if smem > 0 {
                // SAFETY: `f` is a kernel of the loaded module.
                unsafe {
                    sys::cuFuncSetAttribute(
                        f,
                        sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                        smem as i32,
                    )
                }
                .result()
                .during("raising a GEMV's dynamic shared memory limit")?;
            }
            pdl.funcs.push((name, f));
        }
        self.pdl = Some(pdl);
        Ok(())
    }

    /// Whether launches use programmatic dependent launch ([`Gpu::enable_pdl`]).
    pub fn pdl_enabled(&self) -> bool {
        self.pdl.is_some()
    }

    /// `cuLaunchKernelEx` of `name` from the PDL module on the GPU's stream, with the
    /// programmatic-serialization attribute.
    ///
    /// # Safety
    /// `args` points to one value per kernel parameter, of the parameter's type, in order.
    pub(crate) unsafe fn launch_pdl(
        &self,
        name: &str,
        l: RawLaunch,
        args: &mut [*mut c_void],
    ) -> Result<(), Error> {
        let Some(func) = self.pdl.as_ref().and_then(|p| p.func(name)) else {
            return Err(Error::Unsupported { what: "a PDL launch of a kernel that was not loaded for it" });
        };
        let mut attr: sys::CUlaunchAttribute = unsafe { std::mem::zeroed() };
        attr.id = sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
        attr.value.programmaticStreamSerializationAllowed = 1;
        let cfg = sys::CUlaunchConfig {
            gridDimX: l.grid.0,
            gridDimY: l.grid.1,
            gridDimZ: l.grid.2,
            blockDimX: l.block,
            blockDimY: 1,
            blockDimZ: 1,
            sharedMemBytes: l.smem,
            hStream: self.stream.cu_stream(),
            attrs: &mut attr,
            numAttrs: 1,
        };
        // SAFETY: `cfg` and `attr` live across the call; `args` as the caller promises.
        unsafe { sys::cuLaunchKernelEx(&cfg, func, args.as_mut_ptr(), std::ptr::null_mut()) }
            .result()
            .during("launching a kernel with programmatic dependent launch")
    }
}
