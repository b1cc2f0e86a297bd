//! The raw layer: a context on one device, the loaded PTX, tensor-map encoding and the
//! driver calls cudarc's safe API does not cover. Everything `unsafe` in the host lives here;
//! [`crate::gemv`] builds the checked API on top.
use crate::a_layout::ALayout;
use crate::error::{DriverContext, Error};
use crate::ptx::{self, PtxBuild};
use cudarc::driver::sys;
use cudarc::driver::{CudaContext, CudaEvent, CudaFunction, CudaSlice, CudaStream, DevicePtr, DevicePtrMut};
use kernel::layout::{
    CLUSTER_SPLITS_MAX, DIRECT_TILE, Launch, PDL_FALLBACK_SPLITS, Shape, TensorMap, TileConfig, VARIANTS,
    kernel_name,
};
use std::sync::Arc;

/// What the host knows about the device it runs on.
#[derive(Clone, Debug)]
pub struct DeviceInfo {
    /// Device name, e.g. `NVIDIA H200`.
    pub name: String,
    /// Compute capability.
    pub compute_capability: (i32, i32),
    /// Streaming multiprocessors.
    pub sm_count: u32,
    /// L2 cache bytes.
    pub l2_bytes: usize,
    /// Driver version as `major.minor`.
    pub driver: String,
    /// Shared memory per SM, bytes.
    pub smem_per_sm: u32,
    /// Shared memory one block may opt in to, bytes.
    pub smem_per_block_optin: u32,
    /// Shared memory the system reserves per resident block, bytes.
    pub smem_reserved_per_block: u32,
}

impl DeviceInfo {
    /// Dynamic shared memory per block that lets an SM hold at most `blocks` blocks (as far
    /// as shared memory decides; at least one).
    pub fn smem_to_hold(&self, blocks: u32) -> u32 {
        (self.smem_per_sm / blocks.max(1))
            .saturating_sub(self.smem_reserved_per_block)
            .min(self.smem_per_block_optin)
    }
}

/// One GEMV entry point of the PTX and the tile configuration it was compiled with.
#[derive(Clone, Debug)]
pub struct GemvKernel {
    /// Entry name.
    pub name: &'static str,
    /// Its tiles (grid, shared memory and tensor-map boxes follow from them).
    pub tile: TileConfig,
    /// Blocks of it one SM holds at once (the driver's occupancy calculation for its threads,
    /// registers and largest shared memory).
    pub blocks_per_sm: u32,
    /// It reads `a` and `sfa` in the tiled layout (a tiled twin,
    /// `kernel::layout::kernel_name::TILED_TWINS`; [`crate::a_layout`]).
    pub tiled: bool,
    /// A persistent twin (`kernel::layout::kernel_name::PERSIST_TWINS`, tiled too): grid
    /// [`GemvKernel::persistent_grid`], each block streaming several row tiles, no K split.
    pub persist: bool,
    /// A stream-K twin (`kernel::layout::kernel_name::STREAM_K_TWINS`, tiled too): grid
    /// [`GemvKernel::stream_k_grid`], each block streaming an equal range of (row tile, K
    /// tile) units (`kernel::layout::stream_k_first_unit`), no K split.
    pub stream_k: bool,
    pub(crate) func: CudaFunction,
}

impl GemvKernel {
    /// A persistent twin's grid for `s` on `sms` SMs: as many blocks as the GPU holds at once,
    /// at most one per row tile.
    pub fn persistent_grid(&self, s: Shape, sms: u32) -> u32 {
        self.row_tiles(s).min(self.blocks_per_sm.max(1) as u64 * sms as u64) as u32
    }
    /// A stream-K twin's grid for `s` on `sms` SMs: as many blocks as the GPU holds at once,
    /// at most one per unit ([`GemvKernel::stream_k_units`]).
    pub fn stream_k_grid(&self, s: Shape, sms: u32) -> u32 {
        self.stream_k_units(s).min(self.blocks_per_sm.max(1) as u64 * sms as u64).max(1) as u32
    }
    /// The (row tile, K tile) units of `s` for its tiles, which a stream-K twin's blocks share.
    pub fn stream_k_units(&self, s: Shape) -> u64 {
        self.row_tiles(s) * s.k.div_ceil(self.tile.bk) as u64
    }
    /// Row tiles of `s` for its tiles (`bm` rows of one batch entry each).
    pub fn row_tiles(&self, s: Shape) -> u64 {
        s.m.div_ceil(self.tile.bm) as u64 * s.l as u64
    }
}

/// A context on one device with the kernels loaded, and one stream that all work goes to.
pub struct Gpu {
    pub(crate) ctx: Arc<CudaContext>,
    pub(crate) stream: Arc<CudaStream>,
    /// The GEMV entry point later uploads use when [`Gpu::auto_tiles`] is off (the build's
    /// default until [`Gpu::use_variant`]).
    pub gemv: GemvKernel,
    /// Pick the entry point per shape ([`kernel::layout::choose_variant`]); on by default,
    /// off after [`Gpu::use_variant`].
    pub auto_tiles: bool,
    /// How later uploads store `a` and `sfa` ([`crate::a_layout`]): row-major or, where the
    /// entry point has a tiled twin and K allows, tiled; by default ([`ALayout::Auto`]) tiled
    /// for plain launches of the sm_90a build's automatic choice, row-major under PDL (but for
    /// the long-K eight-warp 32-row tiles) and for an entry point named with
    /// [`Gpu::use_variant`]. Read at upload (enable PDL first).
    pub a_layout: ALayout,
    variants: Vec<GemvKernel>,
    /// The tiled twins of `variants` (same order as `kernel::layout::kernel_name::TILED_TWINS`).
    tiled: Vec<GemvKernel>,
    /// The persistent twins (`kernel::layout::kernel_name::PERSIST_TWINS`).
    persist: Vec<GemvKernel>,
    /// The stream-K twins (`kernel::layout::kernel_name::STREAM_K_TWINS`).
    stream_k: Vec<GemvKernel>,
    pub(crate) copy: CudaFunction,
    pub(crate) read: CudaFunction,
    /// The PTX build in use.
    pub build: PtxBuild,
    /// The device.
    pub info: DeviceInfo,
    /// How later uploads split K across blocks.
    pub split_k: SplitK,
    /// The PTX loaded again with the driver API, for launches with attributes (PDL,
    /// clusters), on first need.
    pub(crate) ex: std::cell::OnceCell<crate::pdl::ExModule>,
    /// Launches use programmatic dependent launch ([`Gpu::enable_pdl`]).
    pub(crate) pdl: bool,
    /// K splits of one row tile add their sums through distributed shared memory, in a thread
    /// block cluster, where there are at most `kernel::layout::CLUSTER_SPLITS_MAX` of them
    /// and the clusters fit the GPU as thinly as the blocks would without them
    /// ([`Gpu::clusters_fit`]); on by default; off: through a global workspace, as otherwise.
    /// Read at upload, like [`Gpu::split_k`].
    pub cluster_splits: bool,
    /// With programmatic dependent launch: when a GEMV lets the next kernel start.
    pub pdl_trigger: crate::pdl::PdlTrigger,
    /// With programmatic dependent launch: the stages of `a` a GEMV block requests before it
    /// waits for the kernel before it. `None` (the default): per launch,
    /// `kernel::layout::pdl_prefetch_stages_auto` for its entry point, shape and K tiles (two,
    /// but never all of them, except for the two-stage eight-warp tiles at 1.5 to 2 blocks per
    /// SM);
    /// `Some(n)`: `n` (more than its pipeline has, e.g. `u32::MAX`, means all of them).
    pub pdl_prefetch_stages: Option<u32>,
    /// The stream-K twins: the skew of their schedule (`kernel::layout::stream_k_first_unit`;
    /// 0, the default: equal ranges). Read at upload (the workspace is sized for it).
    pub stream_k_skew: u32,
}

/// Splitting K across blocks (grid `z`), the sums added in split order by the last block.
///
/// The default, `Auto`, splits only grids with fewer blocks than the GPU has SMs (small `M·L`
/// with long `K`), up to one block per SM (`Shape::splits`); measured on the H200 in
/// BENCHMARKS.md.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SplitK {
    /// One block per row tile does all of K.
    Off,
    /// `Shape::splits`: split grids smaller than the GPU up to one block per SM.
    #[default]
    Auto,
    /// This many splits (clamped to the number of K tiles).
    Fixed(u32),
}

impl Gpu {
    /// Opens device `ordinal`: loads the driver, checks the device, JIT-loads the PTX build
    /// that fits its compute capability.
    pub fn new(ordinal: usize) -> Result<Gpu, Error> {
        Self::open(ordinal, None)
    }

    /// Opens device `ordinal` with a PTX build chosen by the caller, e.g.
    /// [`ptx::SM90A_EMULATED_SM100`] to run the sm_100a arithmetic on an H100/H200; the
    /// build must be for the device's compute capability ([`Error::BuildNotForDevice`]).
    pub fn with_build(ordinal: usize, build: PtxBuild) -> Result<Gpu, Error> {
        Self::open(ordinal, Some(build))
    }

    fn open(ordinal: usize, build: Option<PtxBuild>) -> Result<Gpu, Error> {
        if !unsafe { sys::is_culib_present() } {
            return Err(Error::NoDriver);
        }
        let count = match CudaContext::device_count() {
            Ok(n) => n,
            Err(e) if e.0 == sys::cudaError_enum::CUDA_ERROR_NO_DEVICE => 0,
            Err(e) => {
                return Err(Error::Driver { context: "counting CUDA devices", source: e });
            }
        };
        if ordinal >= count.max(0) as usize {
            return Err(Error::NoDevice { ordinal, count });
        }
        let ctx = CudaContext::new(ordinal).during("creating a CUDA context")?;
        // One stream, explicit synchronisation: no per-buffer events (they would also be
        // recorded into captured graphs).
        unsafe { ctx.disable_event_tracking() };
        let name = ctx.name().during("reading the device name")?;
        let cc = ctx.compute_capability().during("reading the compute capability")?;
        let build = match build {
            None => ptx::for_device(&name, cc)?,
            Some(b) if b.compute_capability == cc => b,
            Some(b) => {
                return Err(Error::BuildNotForDevice {
                    build: b.name,
                    needs: b.compute_capability,
                    name,
                    compute_capability: cc,
                });
            }
        };
        let attr = |a| ctx.attribute(a).during("reading a device attribute");
        let sm_count = attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)? as u32;
        let l2_bytes = attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE)? as usize;
        let smem_per_sm =
            attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR)? as u32;
        let smem_per_block_optin =
            attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)? as u32;
        let smem_reserved_per_block =
            attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK)? as u32;
        let mut version = 0i32;
        unsafe { sys::cuDriverGetVersion(&mut version) }.result().during("reading the driver version")?;
        let info = DeviceInfo {
            name,
            compute_capability: cc,
            sm_count,
            l2_bytes,
            driver: format!("{}.{}", version / 1000, (version % 1000) / 10),
            smem_per_sm,
            smem_per_block_optin,
            smem_reserved_per_block,
        };
        let module = ctx
            .load_module(cudarc::nvrtc::Ptx::from_src(build.ptx))
            .during("loading the PTX (the driver JIT-compiles it)")?;
        let load = |n| module.load_function(n).during("finding a kernel in the PTX");
        let copy = load(kernel_name::TMA_COPY)?;
        let read = load(kernel_name::READ_CEILING)?;
        let load_gemv = |name: &'static str,
                         tile: TileConfig,
                         tiled: bool,
                         persist: bool,
                         stream_k: bool|
         -> Result<GemvKernel, Error> {
            let func = load(name)?;
            func.set_attribute(
                sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                tile.max_smem_bytes() as i32,
            )
            .during("raising a GEMV's dynamic shared memory limit")?;
            let blocks_per_sm = func
                .occupancy_max_active_blocks_per_multiprocessor(
                    tile.threads(),
                    tile.max_smem_bytes() as usize,
                    None,
                )
                .during("computing a GEMV's occupancy")?;
            Ok(GemvKernel { name, tile, blocks_per_sm, tiled, persist, stream_k, func })
        };
        let direct = [(kernel_name::GEMV_DIRECT, DIRECT_TILE)];
        let tma_entries = [(kernel_name::GEMV, build.tile)].into_iter().chain(VARIANTS);
        let variants = tma_entries
            .clone()
            .chain(direct)
            .map(|(n, t)| load_gemv(n, t, false, false, false))
            .collect::<Result<Vec<_>, _>>()?;
        // kernel::layout::kernel_name::TILED_TWINS lists the default, then VARIANTS, in order.
        let tiled = tma_entries
            .zip(kernel_name::TILED_TWINS)
            .map(|((_, t), (_, twin))| load_gemv(twin, t, true, false, false))
            .collect::<Result<Vec<_>, _>>()?;
        let tile_of = |of: &str| {
            tiled.iter().find(|k| k.name == of).map(|k| k.tile).expect("a tiled twin of this build")
        };
        let persist = kernel_name::PERSIST_TWINS
            .iter()
            .map(|&(of, twin)| load_gemv(twin, tile_of(of), true, true, false))
            .collect::<Result<Vec<_>, _>>()?;
        let stream_k = kernel_name::STREAM_K_TWINS
            .iter()
            .map(|&(of, twin)| load_gemv(twin, tile_of(of), true, false, true))
            .collect::<Result<Vec<_>, _>>()?;
        let gemv = variants[0].clone();
        let stream = ctx.new_stream().during("creating a stream")?;
        Ok(Gpu {
            ctx,
            stream,
            gemv,
            auto_tiles: true,
            a_layout: ALayout::Auto,
            variants,
            tiled,
            persist,
            stream_k,
            copy,
            read,
            build,
            info,
            split_k: SplitK::Auto,
            ex: std::cell::OnceCell::new(),
            pdl: false,
            cluster_splits: true,
            pdl_trigger: crate::pdl::PdlTrigger::Auto,
            pdl_prefetch_stages: None,
            stream_k_skew: 0,
        })
    }

    /// Every entry point a launch with attributes may use, with its dynamic shared-memory
    /// limit.
    pub(crate) fn ex_entry_points(&self) -> Vec<(&'static str, u32)> {
        let mut v: Vec<(&'static str, u32)> = self
            .variants
            .iter()
            .chain(&self.tiled)
            .chain(&self.persist)
            .chain(&self.stream_k)
            .map(|g| (g.name, g.tile.max_smem_bytes()))
            .collect();
        let twins: Vec<(&'static str, u32)> =
            v.iter().filter_map(|&(name, smem)| kernel_name::cluster_twin(name).map(|t| (t, smem))).collect();
        v.extend(twins);
        v.push((kernel_name::READ_CEILING, 0));
        v
    }

    /// Names of the GEMV entry points: the default first, then `kernel::layout::VARIANTS`, then
    /// the direct kernel (the tiled twins are [`Gpu::tiled_variant_names`]).
    pub fn variant_names(&self) -> Vec<&'static str> {
        self.variants.iter().map(|v| v.name).collect()
    }

    /// Names of the tiled twins (`kernel::layout::kernel_name::TILED_TWINS`), in the order of
    /// [`Gpu::variant_names`].
    pub fn tiled_variant_names(&self) -> Vec<&'static str> {
        self.tiled.iter().map(|v| v.name).collect()
    }

    /// Makes later uploads use the GEMV entry point `name` for every shape (`"auto"`: the
    /// per-shape choice again). A tiled twin's name makes every upload tiled, whatever
    /// [`Gpu::a_layout`] says (shapes it cannot take fail with [`Error::Unsupported`]).
    pub fn use_variant(&mut self, name: &str) -> Result<(), Error> {
        if name == "auto" {
            self.auto_tiles = true;
            return Ok(());
        }
        let v = self
            .variants
            .iter()
            .chain(&self.tiled)
            .chain(&self.persist)
            .chain(&self.stream_k)
            .find(|v| v.name == name)
            .ok_or_else(|| Error::UnknownVariant {
                name: name.to_string(),
                known: self
                    .variant_names()
                    .into_iter()
                    .chain(self.tiled_variant_names())
                    .chain(self.persist.iter().map(|v| v.name))
                    .chain(self.stream_k.iter().map(|v| v.name))
                    .collect::<Vec<_>>()
                    .join(", "),
            })?;
        self.gemv = v.clone();
        self.auto_tiles = false;
        Ok(())
    }

    /// The entry point an upload of shape `s` gets: [`kernel::layout::choose_variant`]'s
    /// pick for this GPU's launch mode (plain, or PDL after [`Gpu::enable_pdl`]: the choice is
    /// made at upload, so enable PDL first) among the variants of this build with
    /// [`Gpu::auto_tiles`] on (builds without `per_shape_choice`, the sm_100a one and its
    /// emulation, keep their default), else
    /// [`Gpu::gemv`].
    ///
    /// One correction needs the device, for both launch modes: a pick with two producer warps
    /// (`…_p2`) costs a warp's registers per block, so where its one-producer twin runs the
    /// whole grid in one wave and it would not, the twin is taken (H200, runs v16 and v18 in
    /// BENCHMARKS.md: e.g. (14336,7168,1), 896 blocks, 21.2 µs in one wave against 23.1 µs in
    /// two); from the twelfth session the plain rule relies on this for grids of 4 to 8 row
    /// tiles per SM, and from the thirteenth session the PDL rule for 6 to 8 row tiles per SM
    /// below K = 8192 (run v90: e.g. (16384, 6144, 1), 17.09 µs in one wave against 17.58).
    pub fn kernel_for(&self, s: Shape) -> &GemvKernel {
        if !self.chooses_per_shape() {
            return &self.gemv;
        }
        let find = |name: &str| self.variants.iter().find(|v| v.name == name);
        let name = kernel::layout::choose_variant(s, self.info.sm_count, self.launch_mode());
        let Some(chosen) = find(name) else { return &self.gemv };
        let one_wave = |k: &GemvKernel| {
            let (gx, gy, _) = s.grid(&k.tile);
            let blocks = gx as u64 * gy as u64 * self.splits_for(s, &k.tile) as u64;
            blocks <= k.blocks_per_sm as u64 * self.info.sm_count as u64
        };
        match name.strip_suffix("_p2").and_then(find) {
            Some(twin) if one_wave(twin) && !one_wave(chosen) => twin,
            _ => chosen,
        }
    }

    /// Whether uploads take [`kernel::layout::choose_variant`]'s per-shape pick
    /// ([`Gpu::auto_tiles`] on a build with `per_shape_choice`), not [`Gpu::gemv`].
    fn chooses_per_shape(&self) -> bool {
        self.auto_tiles && self.build.per_shape_choice
    }

    /// The entry point an upload of shape `s` launches: [`Gpu::kernel_for`]'s, or its tiled
    /// twin where [`Gpu::a_layout`] says tiled for this launch mode ([`ALayout::tiles`]), the
    /// entry point has one and the scales of `s` come by TMA ([`Shape::scales_by_tma`]). Under
    /// PDL with the default layout and the per-shape choice, a persistent or stream-K twin
    /// where `kernel::layout::pdl_persistent_choice` or `kernel::layout::pdl_stream_k_choice`
    /// names one. An explicitly chosen tiled twin ([`Gpu::use_variant`]) with K not a multiple
    /// of 256 is [`Error::Unsupported`].
    pub fn upload_kernel(&self, s: Shape) -> Result<&GemvKernel, Error> {
        let k = self.kernel_for(s);
        if k.tiled && !s.scales_by_tma() {
            return Err(Error::Unsupported {
                what: "a tiled entry point (`a` and `sfa` in the tiled layout) with K not a multiple of 256",
            });
        }
        // PDL, the default layout: short-K grids of 13 to 16 row tiles per SM take the
        // persistent twin (kernel::layout::pdl_persistent_choice), grids of more than 4 and
        // fewer than 16 with K from 7168 the stream-K twin (kernel::layout::pdl_stream_k_choice).
        if self.pdl && self.chooses_per_shape() && self.a_layout == ALayout::Auto {
            let persist = kernel::layout::pdl_persistent_choice(s, self.info.sm_count, k.name)
                .and_then(|name| self.persist.iter().find(|v| v.name == name));
            let stream_k = kernel::layout::pdl_stream_k_choice(s, self.info.sm_count)
                .and_then(|name| self.stream_k.iter().find(|v| v.name == name));
            if let Some(twin) = persist.or(stream_k) {
                return Ok(twin);
            }
        }
        let tiles = self.a_layout.tiles(self.pdl, self.chooses_per_shape(), k.name, s.k);
        if tiles && !k.tiled && s.scales_by_tma() {
            let twin = kernel_name::tiled_twin(k.name).and_then(|t| self.tiled.iter().find(|v| v.name == t));
            return Ok(twin.unwrap_or(k));
        }
        Ok(k)
    }

    /// K splits of an upload of shape `s` with `tile`, under [`Gpu::split_k`]; the direct
    /// kernel needs at least `TileConfig::min_splits` (its blocks cover at most
    /// `DIRECT_MAX_K`), whatever the setting.
    pub fn splits_for(&self, s: Shape, tile: &TileConfig) -> u32 {
        match self.split_k {
            SplitK::Off => 1,
            SplitK::Auto => s.splits(tile, self.info.sm_count),
            SplitK::Fixed(n) => n.clamp(1, s.k.div_ceil(tile.bk)),
        }
        .max(tile.min_splits(s.k))
    }

    /// Whether an upload of shape `s` on `k` with `splits` K splits (2 to
    /// `kernel::layout::CLUSTER_SPLITS_MAX`) adds the splits' sums in thread block clusters:
    /// only where `k` has a cluster twin (`kernel::layout::kernel_name::CLUSTER_TWINS`) and the
    /// GPU can place every cluster at once with no SM holding more blocks than the same grid
    /// launched without clusters would put on it (`blocks / SMs`, rounded up), or, for grids
    /// of at most one block per SM whose splits cover at most
    /// `kernel::layout::CLUSTER_SHARED_SM_MAX_K` of K each, two.
    /// Clusters live inside one GPC, so the cluster scheduler cannot always spread them as
    /// thinly: on the H200, (512, 28672, 1) in 32 clusters of four was 4.9% slower than
    /// without clusters, and grids that did not fit in one wave of clusters under PDL up to
    /// 52% slower (BENCHMARKS.md, run v120). The driver's occupancy calculator
    /// (`cuOccupancyMaxActiveClusters`) answers, with each block's shared memory raised so
    /// that an SM holds no more blocks than that.
    pub fn clusters_fit(&self, k: &GemvKernel, s: Shape, splits: u32) -> Result<bool, Error> {
        let Some(twin) = kernel_name::cluster_twin(k.name) else { return Ok(false) };
        let (gx, gy, _) = s.grid(&k.tile);
        let clusters = gx as u64 * gy as u64;
        let per_sm = (clusters * splits as u64).div_ceil(self.info.sm_count.max(1) as u64) as u32;
        let base = k.tile.launch_smem_bytes(s.tiles_per_split(&k.tile, splits));
        let fit = |per_sm: u32| -> Result<bool, Error> {
            let smem = if per_sm < k.blocks_per_sm { base.max(self.info.smem_to_hold(per_sm)) } else { base };
            let l = crate::pdl::RawLaunch {
                grid: (gx, gy, splits),
                block: k.tile.threads(),
                smem,
                pdl: false,
                cluster_z: splits,
            };
            Ok(clusters <= self.max_active_clusters(twin, l)? as u64)
        };
        // Short splits of a grid of at most one block per SM may share SMs two by two: the
        // reduction they save outweighs the doubled SMs (kernel::layout::CLUSTER_SHARED_SM_MAX_K).
        let k_per_split = s.tiles_per_split(&k.tile, splits) * k.tile.bk;
        Ok(fit(per_sm)? || (per_sm == 1 && k_per_split <= kernel::layout::CLUSTER_SHARED_SM_MAX_K && fit(2)?))
    }

    /// K splits of an upload of shape `s` on `k`, and whether their sums meet in thread block
    /// clusters: with [`Gpu::cluster_splits`] on, the cluster rule's count
    /// (`Shape::splits_clustered` for this GPU's launch mode under [`SplitK::Auto`], else as
    /// [`Gpu::splits_for`]; upload after [`Gpu::enable_pdl`], as for [`Gpu::kernel_for`]) where
    /// its clusters fit ([`Gpu::clusters_fit`]); else, under [`SplitK::Auto`], the first of
    /// [`fallback_splits`] whose clusters fit; else [`Gpu::splits_for`]'s count, in clusters
    /// where those fit.
    pub fn split_plan(&self, s: Shape, k: &GemvKernel) -> Result<(u32, bool), Error> {
        if k.persist || k.stream_k {
            return Ok((1, false));
        }
        let global = self.splits_for(s, &k.tile);
        if !self.cluster_splits {
            return Ok((global, false));
        }
        let clustered = match self.split_k {
            SplitK::Auto => s
                .splits_clustered(&k.tile, self.info.sm_count, self.launch_mode())
                .max(k.tile.min_splits(s.k)),
            _ => global,
        };
        let fits = |splits: u32| -> Result<bool, Error> {
            Ok(kernel::layout::cluster_reduces(splits) && self.clusters_fit(k, s, splits)?)
        };
        if fits(clustered)? {
            return Ok((clustered, true));
        }
        if matches!(self.split_k, SplitK::Auto) {
            for n in fallback_splits(s, &k.tile, self.info.sm_count, self.launch_mode(), clustered) {
                if fits(n)? {
                    return Ok((n, true));
                }
            }
        }
        Ok((global, global != clustered && fits(global)?))
    }

    /// Waits for all work on the stream; surfaces asynchronous kernel errors.
    pub fn synchronize(&self) -> Result<(), Error> {
        self.stream.synchronize().during("waiting for the GPU")
    }

    /// A timing event.
    pub(crate) fn event(&self) -> Result<CudaEvent, Error> {
        self.ctx.new_event(Some(sys::CUevent_flags::CU_EVENT_DEFAULT)).during("creating an event")
    }

    /// Fills `buf` with the 16-bit pattern `bits` (asynchronously).
    pub(crate) fn fill_u16(&self, buf: &mut CudaSlice<u16>, bits: u16) -> Result<(), Error> {
        let n = buf.len();
        let (ptr, _guard) = buf.device_ptr_mut(&self.stream);
        unsafe { sys::cuMemsetD16Async(ptr, bits, n, self.stream.cu_stream()) }
            .result()
            .during("filling a buffer")
    }

    /// Fills `buf` with the 32-bit pattern `bits` (asynchronously).
    pub(crate) fn fill_u32(&self, buf: &mut CudaSlice<u32>, bits: u32) -> Result<(), Error> {
        let n = buf.len();
        let (ptr, _guard) = buf.device_ptr_mut(&self.stream);
        unsafe { sys::cuMemsetD32Async(ptr, bits, n, self.stream.cu_stream()) }
            .result()
            .during("filling a buffer")
    }

    /// Device address of a buffer or a view of one (for tensor maps and raw launches).
    pub(crate) fn address<T>(&self, buf: &impl DevicePtr<T>) -> u64 {
        let (ptr, _guard) = buf.device_ptr(&self.stream);
        ptr
    }
}

/// The counts [`Gpu::split_plan`] tries in turn, under [`SplitK::Auto`], where the clustered
/// rule's count `clustered` does not fit in clusters (the first whose clusters fit is taken,
/// else the global path):
///
/// * a grid of more than half a block per SM: the rest of `Shape::half_full_split_order`
///   (H200, run v137: (1408, 12288, 1), 88 blocks, three splits do not fit; 7.51 µs in two,
///   7.17 in four);
/// * other grids under PDL, in place of five to seven: every smaller count down to
///   `kernel::layout::PDL_FALLBACK_SPLITS` that gets K tiles, largest first (H200, run v149:
///   (1152, 25600, 1), 36 blocks, seven splits do not fit; 9.63 µs in four, 8.46 in five);
/// * other grids with plain launches: every smaller count that gets K tiles, largest first
///   (H200, run v133: (640, 16384, 1) 7.03 µs in six splits through the workspace, 6.23 in
///   four in clusters; (768, 20480, 1) 7.62 in five, 7.03 in four; under PDL they did not:
///   (1024, 16384, 1) 5.96 in eight, 6.36 in six in clusters).
pub fn fallback_splits(s: Shape, tile: &TileConfig, sms: u32, launch: Launch, clustered: u32) -> Vec<u32> {
    if let Some(order) = s.half_full_split_order(tile, sms, launch) {
        return order.into_iter().filter(|&n| n != 0 && n != clustered).collect();
    }
    // The smallest count of the downward search: none under PDL outside five to seven.
    let lowest = match launch {
        Launch::Plain => 2,
        Launch::Pdl if (PDL_FALLBACK_SPLITS + 1..CLUSTER_SPLITS_MAX).contains(&clustered) => {
            PDL_FALLBACK_SPLITS
        }
        Launch::Pdl => return Vec::new(),
    };
    let mut v: Vec<u32> = (lowest..clustered).rev().map(|asked| s.splits_with_tiles(tile, asked)).collect();
    v.dedup();
    v.retain(|&n| n != clustered);
    v
}

/// A 2-D or 3-D tensor of unsigned integers of 1, 2 or 4 bytes (packed FP4/FP8 data viewed
/// as wider words, so that one TMA box row, at most 256 elements, can span up to 1 KiB).
#[derive(Clone, Copy, Debug)]
pub struct ByteTensor<'a> {
    /// Which argument this is (for errors).
    pub arg: &'static str,
    /// Global address.
    pub address: u64,
    /// Bytes per element: 1, 2 or 4.
    pub elem_bytes: u32,
    /// Sizes in elements, innermost first.
    pub dims: &'a [u64],
    /// Byte strides of dimensions 1.. (dimension 0 is contiguous).
    pub strides: &'a [u64],
    /// Box sizes, innermost first.
    pub box_dims: &'a [u32],
    /// How much the L2 fetches from memory around a copy's miss.
    pub l2_promotion: L2Promotion,
}

/// How much the L2 fetches from memory around a TMA copy's miss (`CUtensorMapL2promotion`).
///
/// The GEMV's `a` is read once, in whole box rows of 256 bytes or more: with
/// [`L2Promotion::None`] its TMA stream runs at the speed of 16-byte loads, with 256 bytes
/// about 4% slower (microbenchmarks v64, v65), and the GEMV up to 3% faster (runs v63, v66). The
/// short scale rows and `b` keep [`L2Promotion::Bytes256`], which brings the next stages'
/// bytes in with each miss (run v54). BENCHMARKS.md, "Tenth session".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum L2Promotion {
    /// Only the requested sectors.
    None,
    /// 256-byte granules.
    Bytes256,
}

impl L2Promotion {
    fn raw(self) -> sys::CUtensorMapL2promotion {
        use sys::CUtensorMapL2promotion as P;
        match self {
            L2Promotion::None => P::CU_TENSOR_MAP_L2_PROMOTION_NONE,
            L2Promotion::Bytes256 => P::CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
        }
    }
}

/// Checks the `cuTensorMapEncodeTiled` rules for a byte tensor, naming the broken one.
pub fn check_tensor(t: &ByteTensor<'_>) -> Result<(), Error> {
    let fail = |rule: String| Err(Error::TensorMap { arg: t.arg, rule });
    let rank = t.dims.len();
    if !(1..=5).contains(&rank) || t.strides.len() + 1 != rank || t.box_dims.len() != rank {
        return fail(format!(
            "rank {rank} with {} strides and {} box sizes",
            t.strides.len(),
            t.box_dims.len()
        ));
    }
    if !t.address.is_multiple_of(16) {
        return fail(format!("base address {:#x} is not 16-byte aligned", t.address));
    }
    for (i, &d) in t.dims.iter().enumerate() {
        if d == 0 || d > 1 << 32 {
            return fail(format!("dimension {i} is {d}; it must be in 1..=2^32"));
        }
    }
    for (i, &s) in t.strides.iter().enumerate() {
        if s % 16 != 0 || s >= 1 << 40 {
            return fail(format!("stride {} is {s} bytes; it must be a multiple of 16 below 2^40", i + 1));
        }
    }
    for (i, &b) in t.box_dims.iter().enumerate() {
        if b == 0 || b > 256 {
            return fail(format!("box dimension {i} is {b}; it must be in 1..=256"));
        }
    }
    if ![1, 2, 4].contains(&t.elem_bytes) {
        return fail(format!("element size {} bytes; 1, 2 or 4 are supported", t.elem_bytes));
    }
    let inner = t.box_dims[0] * t.elem_bytes;
    if !inner.is_multiple_of(16) {
        return fail(format!("the box's inner dimension is {inner} bytes; it must be a multiple of 16"));
    }
    Ok(())
}

/// Encodes a tiled tensor map (no swizzle, no interleave, out-of-bounds elements
/// read as zero, the tensor's L2 promotion).
pub fn encode_tensor_map(t: &ByteTensor<'_>) -> Result<TensorMap, Error> {
    check_tensor(t)?;
    let mut map = sys::CUtensorMap { opaque: [0; 16] };
    let element_strides = [1u32; 5];
    let res = unsafe {
        sys::cuTensorMapEncodeTiled(
            &mut map,
            match t.elem_bytes {
                1 => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_UINT8,
                2 => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_UINT16,
                _ => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_UINT32,
            },
            t.dims.len() as u32,
            t.address as *mut std::ffi::c_void,
            t.dims.as_ptr(),
            t.strides.as_ptr(),
            t.box_dims.as_ptr(),
            element_strides.as_ptr(),
            sys::CUtensorMapInterleave::CU_TENSOR_MAP_INTERLEAVE_NONE,
            sys::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_NONE,
            t.l2_promotion.raw(),
            sys::CUtensorMapFloatOOBfill::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
        )
    };
    res.result().map_err(|e| Error::TensorMap {
        arg: t.arg,
        rule: format!("cuTensorMapEncodeTiled refused it: {e}"),
    })?;
    Ok(TensorMap(map.opaque))
}

/// The bytes of tensor maps, to copy into a device buffer.
pub(crate) fn maps_as_bytes(maps: &[TensorMap]) -> Vec<u8> {
    maps.iter().flat_map(|m| m.0.iter().flat_map(|w| w.to_le_bytes())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tensor(
        address: u64,
        dims: &'static [u64],
        strides: &'static [u64],
        box_dims: &'static [u32],
    ) -> ByteTensor<'static> {
        ByteTensor {
            arg: "a",
            address,
            elem_bytes: 1,
            dims,
            strides,
            box_dims,
            l2_promotion: L2Promotion::None,
        }
    }

    #[test]
    fn tensor_rules_name_the_broken_rule() {
        let ok = tensor(0x1000, &[256, 4], &[256], &[256, 4]);
        assert!(check_tensor(&ok).is_ok());
        let cases = [
            (tensor(0x1008, &[256, 4], &[256], &[256, 4]), "16-byte aligned"),
            (tensor(0x1000, &[256, 4], &[200], &[256, 4]), "multiple of 16"),
            (tensor(0x1000, &[0, 4], &[256], &[256, 4]), "dimension 0"),
            (tensor(0x1000, &[256, 4], &[256], &[512, 4]), "box dimension 0"),
            (tensor(0x1000, &[256, 4], &[256], &[8, 4]), "inner dimension"),
            (tensor(0x1000, &[256, 4], &[256, 256], &[256, 4]), "rank"),
            (ByteTensor { elem_bytes: 8, ..tensor(0x1000, &[256, 4], &[256], &[256, 4]) }, "element size"),
        ];
        for (t, words) in cases {
            let e = check_tensor(&t).unwrap_err();
            assert!(matches!(e, Error::TensorMap { arg: "a", .. }));
            assert!(e.to_string().contains(words), "{e} should mention {words}");
        }
    }

    #[test]
    fn split_fallbacks_in_order() {
        let w8 = VARIANTS.iter().find(|v| v.0 == "nvfp4_gemv_bm16_k1024_s4_w8_p2").expect("variant").1;
        let p2 = VARIANTS.iter().find(|v| v.0 == "nvfp4_gemv_bm32_k1024_s4_p2").expect("variant").1;
        let (plain, pdl) = (Launch::Plain, Launch::Pdl);
        // Half-full grids: the rest of the order (88 blocks: three, then four, then two).
        assert_eq!(fallback_splits(Shape::new(1408, 12288, 1), &w8, 132, plain, 3), [4, 2]);
        assert_eq!(fallback_splits(Shape::new(1408, 12288, 1), &w8, 132, pdl, 2), [0u32; 0]);
        // Under PDL, in place of five to seven, every smaller count down to four that gets
        // tiles (16 tiles: five asked gives four; 20 tiles: six asked gives five; 28 tiles:
        // six); eight stay on the global path.
        assert_eq!(fallback_splits(Shape::new(1280, 16384, 1), &p2, 132, pdl, 6), [4]);
        assert_eq!(fallback_splits(Shape::new(1152, 20480, 1), &p2, 132, pdl, 7), [5, 4]);
        assert_eq!(fallback_splits(Shape::new(1152, 28672, 1), &p2, 132, pdl, 7), [6, 5, 4]);
        assert_eq!(fallback_splits(Shape::new(1024, 16384, 1), &p2, 132, pdl, 8), [0u32; 0]);
        // Plain: every smaller count that gets tiles, largest first (16 tiles: five asked
        // gives four).
        assert_eq!(fallback_splits(Shape::new(640, 16384, 1), &w8, 132, plain, 6), [4, 3, 2]);
        assert_eq!(fallback_splits(Shape::new(640, 16384, 1), &w8, 132, plain, 2), [0u32; 0]);
    }

    #[test]
    fn smem_to_hold_limits_blocks_per_sm() {
        // The H200's figures: 228 KiB per SM, 1 KiB reserved per block, 227 KiB opt-in.
        let info = DeviceInfo {
            name: "H200".into(),
            compute_capability: (9, 0),
            sm_count: 132,
            l2_bytes: 60 << 20,
            driver: "13.0".into(),
            smem_per_sm: 233472,
            smem_per_block_optin: 232448,
            smem_reserved_per_block: 1024,
        };
        for blocks in 1..=8 {
            let smem = info.smem_to_hold(blocks);
            let fit = info.smem_per_sm / (smem + info.smem_reserved_per_block);
            assert_eq!(fit, blocks, "{blocks} blocks: {smem} bytes each");
        }
        assert_eq!(info.smem_to_hold(0), info.smem_per_block_optin);
    }

    #[test]
    fn maps_serialise_to_128_bytes_each() {
        let m = TensorMap([7; 16]);
        let b = maps_as_bytes(&[m, m]);
        assert_eq!(b.len(), 256);
        assert_eq!(&b[..8], &7u64.to_le_bytes());
        assert_eq!(std::mem::size_of::<TensorMap>(), std::mem::size_of::<sys::CUtensorMap>());
    }
}
