//! The safe GEMV API: host-side inputs, device buffers with their tensor maps, launch.
use crate::error::{DriverContext, Error};
use crate::gpu::{ByteTensor, GemvKernel, Gpu, L2Promotion, encode_tensor_map, maps_as_bytes};
use crate::pdl::PdlTrigger;
use cudarc::driver::{CudaSlice, LaunchConfig, PushKernelArg};
use half::{bf16, f16};
use kernel::layout::{AB_BOX_ELEMS, Shape, TensorMap, TileConfig, kernel_name, launch_flags, map};
use std::borrow::Cow;

/// The inputs of one batched GEMV, in the layout `kernel::layout` documents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GemvInputs {
    /// The shape.
    pub shape: Shape,
    /// `[L][M][K/2]` FP4 e2m1, low nibble = even k.
    pub a: Vec<u8>,
    /// `[L][K/2]` FP4 e2m1.
    pub b: Vec<u8>,
    /// `[L][M][K/16]` FP8 e4m3.
    pub sfa: Vec<u8>,
    /// `[L][K/16]` FP8 e4m3.
    pub sfb: Vec<u8>,
}

impl GemvInputs {
    /// Checks the shape and every buffer length.
    pub fn check(&self) -> Result<(), Error> {
        self.shape.can_implement()?;
        let s = &self.shape;
        for (arg, expected, got) in [
            ("a", s.a_bytes(), self.a.len()),
            ("b", s.b_bytes(), self.b.len()),
            ("sfa", s.sfa_bytes(), self.sfa.len()),
            ("sfb", s.sfb_bytes(), self.sfb.len()),
        ] {
            if expected != got {
                return Err(Error::BufferLength { arg, expected, got });
            }
        }
        Ok(())
    }
}

/// One problem resident on the GPU: inputs, output and the four tensor maps.
pub struct DeviceGemv {
    shape: Shape,
    /// The entry point its launches use; the tensor maps' boxes were encoded for its tiles.
    kernel: GemvKernel,
    // Held so the maps' addresses stay valid.
    _a: CudaSlice<u8>,
    _b: CudaSlice<u8>,
    _sfa: CudaSlice<u8>,
    _sfb: CudaSlice<u8>,
    c: CudaSlice<u16>,
    maps: CudaSlice<u8>,
    /// K splits (grid z) and, for more than one reduced through global memory, the split
    /// sums and per-row-tile tickets.
    splits: u32,
    /// The splits are launched as thread block clusters of `(1, 1, splits)` and add their
    /// sums through distributed shared memory ([`Gpu::split_plan`]).
    cluster: bool,
    /// The entry point launched: the kernel's, or with `cluster` its cluster twin.
    entry: &'static str,
    split_sums: CudaSlice<f32>,
    tickets: CudaSlice<u32>,
    /// `alpha`, `beta` and, when `beta` is used, `c_in`.
    alpha: f32,
    beta: f32,
    c_in: Option<CudaSlice<u16>>,
    /// `c` is bf16 rather than fp16.
    c_bf16: bool,
    /// A stream-K twin: the skew of its schedule (`kernel::layout::stream_k_first_unit`),
    /// [`Gpu::stream_k_skew`] at upload (the workspace is sized for it).
    skew: u32,
}

/// The epilogue `c = alpha·Σ + beta·c_in`, fp32 `alpha` and `beta` (NVFP4's per-tensor fp32
/// scales of `a` and `b` multiply into `alpha`). The default is `alpha = 1`, no `beta` term.
#[derive(Clone, Debug, PartialEq)]
pub struct Epilogue {
    /// Multiplies the sum.
    pub alpha: f32,
    /// Multiplies `c_in` (ignored without it).
    pub beta: f32,
    /// fp16 `[L][M]` added after scaling by `beta`.
    pub c_in: Option<Vec<f16>>,
}

impl Default for Epilogue {
    fn default() -> Self {
        Epilogue { alpha: 1.0, beta: 0.0, c_in: None }
    }
}

impl DeviceGemv {
    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }
    /// K splits of the launches (grid `z`).
    pub fn splits(&self) -> u32 {
        self.splits
    }
    /// Whether the launches' K splits add their sums in a thread block cluster (through
    /// distributed shared memory) rather than through global memory.
    pub fn cluster_reduce(&self) -> bool {
        self.cluster
    }
    /// The GEMV entry point its launches use.
    pub fn kernel_name(&self) -> &'static str {
        self.kernel.name
    }
}

impl Gpu {
    /// Checks `inputs`, copies them to the GPU and encodes their tensor maps.
    pub fn upload(&self, inputs: &GemvInputs) -> Result<DeviceGemv, Error> {
        inputs.check()?;
        let s = inputs.shape;
        let kernel = self.upload_kernel(s)?.clone();
        let up = |v: &[u8]| self.stream.memcpy_stod(v).during("copying inputs to the GPU");
        let tile = kernel.tile;
        // A tiled entry point reads `a` and `sfa` as one buffer in the tiled layout
        // (crate::a_layout), through its `a` parameter; the `sfa` buffer is then a placeholder
        // it never reads (its scales come by TMA).
        // Borrowed as given unless rewritten (no copy of the row-major inputs).
        let (mut a, sfa): (Cow<[u8]>, Cow<[u8]>) = if kernel.tiled {
            (Cow::Owned(crate::a_layout::tile_a(&inputs.a, &inputs.sfa, s, &tile)), Cow::Owned(vec![0u8; 16]))
        } else {
            (Cow::Borrowed(&inputs.a), Cow::Borrowed(&inputs.sfa))
        };
        // The FP8 route reads `a` prepacked, word by word (same size, same layout of words;
        // prepacking is per 32-bit word and maps zero to zero, so the tiles' `a` rows, whole
        // words, and their zero padding prepack as the row-major layout's do; the tiles' `sfa`
        // rows are left as they are).
        if self.prepacks_a(&kernel) {
            prepack_a(a.to_mut(), s, &tile, kernel.tiled);
        }
        let (a, sfa) = (up(&a)?, up(&sfa)?);
        let (b, sfb) = (up(&inputs.b)?, up(&inputs.sfb)?);
        let c = unsafe { self.stream.alloc::<u16>(s.c_len()) }.during("allocating c")?;
        let maps = self.tensor_maps(
            s,
            tile,
            kernel.tiled,
            [self.address(&a), self.address(&sfa), self.address(&b), self.address(&sfb)],
        )?;
        let maps = self.stream.memcpy_stod(&maps_as_bytes(&maps)).during("copying tensor maps to the GPU")?;
        let (splits, cluster) = self.split_plan(s, &kernel)?;
        let entry = match cluster {
            true => kernel_name::cluster_twin(kernel.name)
                .ok_or(Error::Unsupported { what: "clusters for an entry point without a cluster twin" })?,
            false => kernel.name,
        };
        let (gx, gy, _) = s.grid(&tile);
        if (kernel.persist || kernel.stream_k) && s.l > u32::MAX >> launch_flags::PERSIST_BATCHES_SHIFT {
            return Err(Error::Unsupported { what: "a persistent or stream-K twin with L above 65535" });
        }
        if kernel.stream_k && kernel.stream_k_units(s) > u32::MAX as u64 {
            return Err(Error::Unsupported {
                what: "a stream-K twin with more than 2^32 (row tile, K tile) units",
            });
        }
        let skew =
            if kernel.stream_k { self.stream_k_skew.min(kernel::layout::STREAM_K_SKEW_MAX) } else { 0 };
        let (sums_len, tickets_len) = if kernel.stream_k {
            // A slot of l·m sums per block that may share a row tile (emptied below).
            let (units, grid) =
                (kernel.stream_k_units(s) as u32, kernel.stream_k_grid(s, self.info.sm_count));
            let segments = kernel::layout::stream_k_max_segments(s.k.div_ceil(tile.bk), grid, units, skew);
            (segments as usize * s.c_len(), 1)
        } else if splits > 1 && !cluster {
            (splits as usize * s.c_len(), gx as usize * gy as usize)
        } else {
            (1, 1)
        };
        let split_sums = if kernel.stream_k {
            let empty = vec![f32::from_bits(kernel::layout::STREAM_K_EMPTY); sums_len];
            self.stream.memcpy_stod(&empty).during("allocating the stream-K workspace")?
        } else {
            self.stream.alloc_zeros::<f32>(sums_len).during("allocating split sums")?
        };
        let tickets = self.stream.alloc_zeros::<u32>(tickets_len).during("allocating split tickets")?;
        Ok(DeviceGemv {
            shape: s,
            kernel,
            _a: a,
            _b: b,
            _sfa: sfa,
            _sfb: sfb,
            c,
            maps,
            splits,
            cluster,
            entry,
            split_sums,
            tickets,
            alpha: 1.0,
            beta: 0.0,
            c_in: None,
            c_bf16: false,
            skew,
        })
    }

    /// Whether uploads for `kernel` store `a` prepacked (`kernel::formats::fp8_prepack`): the
    /// build runs the FP8 route ([`crate::ptx::PtxBuild::fp8_route`]) and the entry point is
    /// one of its tiles (`TileConfig::fp8_route`, the 32-row TMA tiles).
    pub fn prepacks_a(&self, kernel: &GemvKernel) -> bool {
        self.build.fp8_route && kernel.tile.fp8_route()
    }

    /// Encodes the four tensor maps (see `kernel::layout::map`) for buffers at these
    /// addresses (`[a, sfa, b, sfb]`); with `tiled` (`a` and `sfa` in the tiled layout, read
    /// without tensor maps) those of `a` and `sfa` stay zero.
    fn tensor_maps(
        &self,
        s: Shape,
        tile: TileConfig,
        tiled: bool,
        [a, sfa, b, sfb]: [u64; 4],
    ) -> Result<[TensorMap; map::COUNT], Error> {
        let (m, l) = (s.m as u64, s.l as u64);
        let (kb, ks) = (s.k as u64 / 2, s.k as u64 / 16);
        // `a` and `b` as words of `e` bytes: a box row is 256 words = bk/2 bytes.
        let e = tile.ab_elem_bytes();
        let ke = kb / e as u64;
        // The box is always a full tile (`a_tx_bytes` counts it); rows past m read as zeros.
        let bm = tile.bm;
        let (ab_box, sf_box) = (AB_BOX_ELEMS, tile.sf_row_bytes());
        let mut maps = [TensorMap([0; 16]); map::COUNT];
        if !tiled {
            maps[map::A] = encode_tensor_map(&ByteTensor {
                arg: "a",
                address: a,
                elem_bytes: e,
                dims: &[ke, m, l],
                strides: &[kb, kb * m],
                box_dims: &[ab_box, bm, 1],
                l2_promotion: L2Promotion::None,
            })?;
        }
        maps[map::B] = encode_tensor_map(&ByteTensor {
            arg: "b",
            address: b,
            elem_bytes: e,
            dims: &[ke, l],
            strides: &[kb],
            box_dims: &[ab_box, 1],
            l2_promotion: L2Promotion::Bytes256,
        })?;
        if !s.scales_by_tma() {
            // The kernel copies the scales with `cp.async` (rows of k/16 bytes are not a
            // multiple of 16 bytes, which a tensor map needs); their maps stay zero.
            return Ok(maps);
        }
        if !tiled {
            maps[map::SFA] = encode_tensor_map(&ByteTensor {
                arg: "sfa",
                address: sfa,
                elem_bytes: 1,
                dims: &[ks, m, l],
                strides: &[ks, ks * m],
                box_dims: &[sf_box, bm, 1],
                l2_promotion: L2Promotion::Bytes256,
            })?;
        }
        maps[map::SFB] = encode_tensor_map(&ByteTensor {
            arg: "sfb",
            address: sfb,
            elem_bytes: 1,
            dims: &[ks, l],
            strides: &[ks],
            box_dims: &[sf_box, 1],
            l2_promotion: L2Promotion::Bytes256,
        })?;
        Ok(maps)
    }

    /// Enqueues the GEMV (asynchronous; errors of the running kernel surface at the next
    /// synchronisation, e.g. [`Gpu::download_c`]).
    pub fn launch_gemv(&self, d: &mut DeviceGemv) -> Result<(), Error> {
        d.shape.can_implement()?;
        let tile = d.kernel.tile;
        let (gx, gy, _) = d.shape.grid(&tile);
        // A persistent twin: at most the blocks the GPU holds, each streaming row tiles
        // `blockIdx.x + j·gridDim.x`; the batch size goes in the flags.
        // A stream-K twin: likewise, each block streaming an equal range of (row tile, K tile)
        // units.
        let batches = d.shape.l << launch_flags::PERSIST_BATCHES_SHIFT;
        let (gx, gy, persist_flags) = if d.kernel.persist {
            (d.kernel.persistent_grid(d.shape, self.info.sm_count), 1, batches)
        } else if d.kernel.stream_k {
            (d.kernel.stream_k_grid(d.shape, self.info.sm_count), 1, batches)
        } else {
            (gx, gy, 0)
        };
        let cfg = LaunchConfig {
            grid_dim: (gx, gy, d.splits),
            block_dim: (tile.threads(), 1, 1),
            shared_mem_bytes: tile.launch_smem_bytes(d.shape.tiles_per_split(&tile, d.splits)),
        };
        let (m, k, alpha, beta) = (d.shape.m, d.shape.k, d.alpha, d.beta);
        let c_in: u64 = d.c_in.as_ref().map_or(0, |b| self.address(b));
        // Programmatic dependent launch: when the next kernel may start
        // (kernel::layout::pdl_trigger_flags: at this grid's exit, once its loads are
        // requested, or as its blocks begin; BENCHMARKS.md, runs v37, v38, v104, v105 and v108).
        let blocks = cfg.grid_dim.0 as u64 * cfg.grid_dim.1 as u64 * cfg.grid_dim.2 as u64;
        let tiles = if d.kernel.stream_k {
            d.kernel.stream_k_units(d.shape).div_ceil(gx as u64) as u32
        } else {
            d.shape.tiles_per_split(&tile, d.splits)
                * if d.kernel.persist { d.kernel.row_tiles(d.shape).div_ceil(gx as u64) as u32 } else { 1 }
        };
        let pdl = match (self.pdl_enabled(), self.pdl_trigger) {
            (false, _) => 0,
            (true, PdlTrigger::Auto) => kernel::layout::pdl_trigger_flags(
                blocks,
                tiles,
                d.splits,
                d.kernel.blocks_per_sm,
                self.info.sm_count,
            ),
            (true, PdlTrigger::AtStart) => launch_flags::PDL,
            (true, PdlTrigger::AfterLoads) => launch_flags::PDL | launch_flags::PDL_TRIGGER_AFTER_LOADS,
            (true, PdlTrigger::AtExit) => launch_flags::PDL | launch_flags::PDL_TRIGGER_AT_EXIT,
        };
        let prefetch = if pdl != 0 {
            launch_flags::pdl_prefetch(self.pdl_prefetch_stages.unwrap_or(
                kernel::layout::pdl_prefetch_stages_auto(d.kernel.name, d.shape, self.info.sm_count, tiles),
            ))
        } else {
            0
        };
        let skew = launch_flags::stream_k_skew(d.skew);
        let flags = (d.c_bf16 as u32 * launch_flags::BF16_OUTPUT) | pdl | prefetch | persist_flags | skew;
        let (sfa, sfb) = (self.address(&d._sfa), self.address(&d._sfb));
        let (a, b) = (self.address(&d._a), self.address(&d._b));
        if pdl != 0 || d.cluster {
            let (maps, c, sums, tickets) = (
                self.address(&d.maps),
                self.address(&d.c),
                self.address(&d.split_sums),
                self.address(&d.tickets),
            );
            let mut args: [*mut std::ffi::c_void; 14] = [
                &maps as *const u64 as *mut _,
                &c as *const u64 as *mut _,
                &m as *const u32 as *mut _,
                &k as *const u32 as *mut _,
                &sums as *const u64 as *mut _,
                &tickets as *const u64 as *mut _,
                &alpha as *const f32 as *mut _,
                &beta as *const f32 as *mut _,
                &c_in as *const u64 as *mut _,
                &flags as *const u32 as *mut _,
                &sfa as *const u64 as *mut _,
                &sfb as *const u64 as *mut _,
                &a as *const u64 as *mut _,
                &b as *const u64 as *mut _,
            ];
            let l = crate::pdl::RawLaunch {
                grid: cfg.grid_dim,
                block: cfg.block_dim.0,
                smem: cfg.shared_mem_bytes,
                pdl: pdl != 0,
                cluster_z: if d.cluster { d.splits } else { 1 },
            };
            // SAFETY: one value per parameter of the GEMV entry ABI (`kernel::gemv`), in order.
            return unsafe { self.launch_ex(d.entry, l, &mut args) };
        }
        let mut launch = self.stream.launch_builder(&d.kernel.func);
        launch.arg(&d.maps).arg(&mut d.c).arg(&m).arg(&k).arg(&mut d.split_sums).arg(&mut d.tickets);
        launch.arg(&alpha).arg(&beta).arg(&c_in).arg(&flags).arg(&sfa).arg(&sfb);
        launch.arg(&a).arg(&b);
        unsafe { launch.launch(cfg) }.during("launching nvfp4_gemv")?;
        Ok(())
    }

    /// Sets the epilogue of later launches on `d`, copying `c_in` to the GPU.
    pub fn set_epilogue(&self, d: &mut DeviceGemv, e: &Epilogue) -> Result<(), Error> {
        for (arg, v) in [("alpha", e.alpha), ("beta", e.beta)] {
            if !v.is_finite() {
                return Err(Error::NotFinite { arg, value: v });
            }
        }
        d.c_in = match &e.c_in {
            None => None,
            Some(_) if d.c_bf16 => {
                return Err(Error::Unsupported { what: "c_in (the beta term) with bf16 output" });
            }
            Some(c_in) => {
                if c_in.len() != d.shape.c_len() {
                    return Err(Error::BufferLength {
                        arg: "c_in",
                        expected: d.shape.c_len(),
                        got: c_in.len(),
                    });
                }
                let bits: Vec<u16> = c_in.iter().map(|h| h.to_bits()).collect();
                Some(self.stream.memcpy_stod(&bits).during("copying c_in to the GPU")?)
            }
        };
        (d.alpha, d.beta) = (e.alpha, e.beta);
        Ok(())
    }

    /// Fills `c` with the fp16 bit pattern `bits` (tests poison it with NaN before a launch).
    pub fn fill_c(&self, d: &mut DeviceGemv, bits: u16) -> Result<(), Error> {
        self.fill_u16(&mut d.c, bits)
    }

    /// Waits for the GPU and copies `c` back.
    pub fn download_c(&self, d: &DeviceGemv) -> Result<Vec<f16>, Error> {
        Ok(self.download_c_bits(d)?.into_iter().map(f16::from_bits).collect())
    }

    /// Waits for the GPU and copies `c`'s 16-bit patterns back.
    fn download_c_bits(&self, d: &DeviceGemv) -> Result<Vec<u16>, Error> {
        let bits = self.stream.memcpy_dtov(&d.c).during("copying c from the GPU")?;
        self.synchronize()?;
        Ok(bits)
    }

    /// Upload, set the epilogue and output format, poison `c`, launch, download the bits.
    fn run_once(
        &self,
        inputs: &GemvInputs,
        e: &Epilogue,
        bf16: bool,
        poison: u16,
    ) -> Result<Vec<u16>, Error> {
        let mut d = self.upload(inputs)?;
        self.set_epilogue(&mut d, e)?;
        self.set_output_bf16(&mut d, bf16)?;
        self.fill_c(&mut d, poison)?;
        self.launch_gemv(&mut d)?;
        self.download_c_bits(&d)
    }

    /// Upload, poison `c`, launch, download: the whole GEMV in one call.
    pub fn gemv(&self, inputs: &GemvInputs) -> Result<Vec<f16>, Error> {
        self.gemv_with(inputs, &Epilogue::default())
    }

    /// Makes later launches on `d` write `c` as bf16 (`true`) or fp16 (`false`, the default).
    /// bf16 output takes `alpha` but no `c_in`.
    pub fn set_output_bf16(&self, d: &mut DeviceGemv, bf16: bool) -> Result<(), Error> {
        if bf16 && d.c_in.is_some() {
            return Err(Error::Unsupported { what: "c_in (the beta term) with bf16 output" });
        }
        d.c_bf16 = bf16;
        Ok(())
    }

    /// `c` as bf16 (after launches with [`Gpu::set_output_bf16`]).
    pub fn download_c_bf16(&self, d: &DeviceGemv) -> Result<Vec<bf16>, Error> {
        Ok(self.download_c_bits(d)?.into_iter().map(bf16::from_bits).collect())
    }

    /// The whole GEMV with bf16 output `c = bf16(alpha·Σ)`; `c` is poisoned with
    /// [`POISON_BF16`] before the launch.
    pub fn gemv_bf16(&self, inputs: &GemvInputs, alpha: f32) -> Result<Vec<bf16>, Error> {
        let e = Epilogue { alpha, ..Epilogue::default() };
        Ok(self.run_once(inputs, &e, true, POISON_BF16)?.into_iter().map(bf16::from_bits).collect())
    }

    /// [`Gpu::gemv`] with an epilogue.
    pub fn gemv_with(&self, inputs: &GemvInputs, epilogue: &Epilogue) -> Result<Vec<f16>, Error> {
        Ok(self.run_once(inputs, epilogue, false, POISON)?.into_iter().map(f16::from_bits).collect())
    }
}

/// The fp16 pattern `c` is poisoned with before launches in tests: a quiet NaN with a
/// payload no arithmetic produces.
pub const POISON: u16 = 0x7E5A;
/// The bf16 poison pattern: a quiet NaN with a payload no arithmetic produces.
pub const POISON_BF16: u16 = 0x7FA5;

/// Prepacks the `a` bytes of an upload for an entry point with tiles `t` (`kernel::formats::fp8_prepack`): the
/// whole row-major `a`, or with `tiled` (the tiled layout) each tile's `a` part (its first
/// `TileConfig::a_bytes`; the `sfa` part after it is not prepacked).
fn prepack_a(a: &mut [u8], s: Shape, t: &TileConfig, tiled: bool) {
    if !tiled {
        kernel::formats::fp8_prepack_in_place(a);
        return;
    }
    for tile in a[..s.a_tiled_bytes(t)].chunks_exact_mut(t.a_tile_bytes() as usize) {
        kernel::formats::fp8_prepack_in_place(&mut tile[..t.a_bytes() as usize]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::a_layout::tile_a;
    use crate::rng::Rng;
    use kernel::layout::VARIANTS;

    #[test]
    fn tiled_prepack_is_the_tiling_of_the_prepacked_rows() {
        let mut rng = Rng::new(Rng::fresh_seed());
        for t in VARIANTS.iter().map(|v| v.1).filter(|t| t.fp8_route()) {
            for s in [Shape::new(37, 1280, 2), Shape::new(64, 4096, 1)] {
                let a: Vec<u8> = (0..s.a_bytes()).map(|_| rng.next_u64() as u8).collect();
                let sfa: Vec<u8> = (0..s.sfa_bytes()).map(|_| rng.next_u64() as u8).collect();
                let mut tiled = tile_a(&a, &sfa, s, &t);
                prepack_a(&mut tiled, s, &t, true);
                let mut rows = a.clone();
                prepack_a(&mut rows, s, &t, false);
                assert_eq!(tiled, tile_a(&rows, &sfa, s, &t), "{t:?} {s:?}");
            }
        }
    }
}
